/**
 * The buyer(s) and the procuring entity: name, identifier (with links to the tenders,
 * plans and contracts it organises), kind, address, contacts and signer.
 */
import { ExternalLink } from '../../../components/ExternalLink/ExternalLink';
import { Facts } from '../../../components/Facts/Facts';
import { OrgLink } from '../../../components/AppLink/AppLink';
import { RegisterLinks } from '../../../components/RegisterLinks/RegisterLinks';
import { addressLine, list, localized, safeHref } from '../../../lib/ocds';
import type { Ctx } from '../ctx';
import { planLabel } from '../labels';
import type { Plan, PlanOrganization } from '../../../records/plan';

const sameOrganization = (a: PlanOrganization, b: PlanOrganization | undefined) =>
  !!b && !!a.identifier?.id && a.identifier.id === b.identifier?.id && (a.identifier.scheme ?? '') === (b.identifier?.scheme ?? '');

/**
 * Who the plan is for and who conducts it: the buyers, and the procuring entity apart only
 * when it is another organisation (a central purchasing body). A plan without buyers has
 * its procuring entity as the buyer.
 */
export function organizationsOf(plan: Plan): { buyers: PlanOrganization[]; procuringEntity: PlanOrganization | null } {
  const pe = plan.procuringEntity && typeof plan.procuringEntity === 'object' ? plan.procuringEntity : undefined;
  const buyers = list(plan.buyers);
  if (!buyers.length) return { buyers: pe ? [pe] : [], procuringEntity: null };
  const other = pe && !buyers.some((b) => sameOrganization(b, pe)) ? pe : null;
  return { buyers, procuringEntity: other };
}

export function Organizations({ orgs, ctx }: { orgs: PlanOrganization[]; ctx: Ctx }) {
  return (
    <>
      {orgs.map((org, i) => (
        <OrganizationFacts key={org.id ?? org.identifier?.id ?? i} org={org} ctx={ctx} />
      ))}
    </>
  );
}

function OrganizationFacts({ org, ctx }: { org: PlanOrganization; ctx: Ctx }) {
  const { t, language } = ctx;
  const id = org.identifier;
  const cp = org.contactPoint;
  const signer = org.signerInfo;
  const website = safeHref(cp?.url);
  const name = localized(org, 'name', language) || id?.legalName || '';
  const legalName = localized(id, 'legalName', language);
  return (
    <div className="plan-org">
      {name && (
        <p className="organizer-name">
          <OrgLink role="buyer" id={id?.id}>{name}</OrgLink>
        </p>
      )}
      <Facts
        rows={[
          [
            t('plan.identifier'),
            id?.id && (
              <>
                <span className="code">{[id.scheme, id.id].filter(Boolean).join(' ')}</span>
                <RegisterLinks filter="organizer" id={id.id} />
              </>
            ),
          ],
          [t('plan.legalName'), legalName !== name && legalName],
          [t('plan.kind'), planLabel(t, 'kinds', org.kind)],
          [t('plan.address'), addressLine(org.address)],
          [t('plan.contactPoint'), localized(cp, 'name', language)],
          [t('plan.email'), cp?.email && <a href={`mailto:${cp.email}`}>{cp.email}</a>],
          [t('plan.telephone'), cp?.telephone && <a href={`tel:${cp.telephone.replace(/[^\d+]/g, '')}`}>{cp.telephone}</a>],
          [t('plan.website'), website && <ExternalLink href={website}>{website}</ExternalLink>],
          [t('plan.signer'), [signer?.name, signer?.position].filter(Boolean).join(', ')],
          [t('plan.authorizedBy'), signer?.authorizedBy],
        ]}
      />
    </div>
  );
}
