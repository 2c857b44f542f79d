/**
 * The buyer(s) and the procuring entity: name, identifier (with links to the tenders,
 * plans and contracts it organises), kind, address, contacts and signer.
 */
import { Facts } from '../../../components/Facts/Facts';
import { OrgLink } from '../../../components/AppLink/AppLink';
import { partyFacts } from '../../../components/Party/partyFacts';
import { list, localized } from '../../../records/parts';
import type { PlanFormatter } from '../formatter';
import { planLabel } from '../labels';
import type { Plan, PlanOrganisation } from '../../../records/plan';

const sameOrganisation = (a: PlanOrganisation, b: PlanOrganisation | undefined) =>
  !!b && !!a.identifier?.id && a.identifier.id === b.identifier?.id && (a.identifier.scheme ?? '') === (b.identifier?.scheme ?? '');

/**
 * Who the plan is for and who conducts it: the buyers, and the procuring entity apart only
 * when it is another organisation (a central purchasing body). A plan without buyers has
 * its procuring entity as the buyer.
 */
export function organisationsOf(plan: Plan): { buyers: PlanOrganisation[]; procuringEntity: PlanOrganisation | null } {
  const pe = plan.procuringEntity && typeof plan.procuringEntity === 'object' ? plan.procuringEntity : undefined;
  const buyers = list(plan.buyers);
  if (!buyers.length) return { buyers: pe ? [pe] : [], procuringEntity: null };
  const other = pe && !buyers.some((b) => sameOrganisation(b, pe)) ? pe : null;
  return { buyers, procuringEntity: other };
}

export function Organisations({ orgs, format }: { orgs: PlanOrganisation[]; format: PlanFormatter }) {
  return (
    <>
      {orgs.map((org, i) => (
        <OrganisationFacts key={org.id ?? org.identifier?.id ?? i} org={org} format={format} />
      ))}
    </>
  );
}

function OrganisationFacts({ org, format }: { org: PlanOrganisation; format: PlanFormatter }) {
  const { t, language } = format;
  const id = org.identifier;
  const name = localized(org, 'name', language) || id?.legalName || '';
  const facts = partyFacts(org, format, { links: 'organizer', name });
  return (
    <div className="plan-org">
      {name && (
        <p className="organizer-name">
          <OrgLink role="buyer" id={id?.id}>{name}</OrgLink>
        </p>
      )}
      <Facts
        rows={[
          facts.identifier,
          facts.legalName,
          [t('plan.kind'), planLabel(t, 'kinds', org.kind)],
          facts.address,
          facts.contactPoint,
          // The plan page words it short.
          [t('party.emailShort'), facts.email[1]],
          facts.telephone,
          facts.website,
          facts.signer,
          [t('plan.authorizedBy'), org.signerInfo?.authorizedBy],
        ]}
      />
    </div>
  );
}
