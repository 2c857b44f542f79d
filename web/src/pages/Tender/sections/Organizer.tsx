/** The procuring entity: name, identifier, address and how to reach it. */
import { Facts } from '../../../components/Facts/Facts';
import { OrgLink } from '../../../components/AppLink/AppLink';
import { partyFacts } from '../../../components/Party/partyFacts';
import { RegisterLinks } from '../../../components/RegisterLinks/RegisterLinks';
import { Section } from '../../../components/Section/Section';
import { localized, type Organization } from '../../../records/parts';
import type { TenderFormatter } from '../formatter';

export function Organizer({ org, format }: { org: Organization; format: TenderFormatter }) {
  const { t, language } = format;
  const id = org.identifier;
  const facts = partyFacts(org, format);
  return (
    <Section id="organizer" title={t('tender.organizer')}>
      <p className="organizer-name">
        <OrgLink role="buyer" id={id?.id}>{localized(org, 'name', language) || id?.legalName}</OrgLink>
      </p>
      <Facts rows={[facts.identifier, facts.address, facts.contactPoint, facts.email, facts.telephone, facts.website]} />
      <RegisterLinks filter="organizer" id={id?.id} />
    </Section>
  );
}
