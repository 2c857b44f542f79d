/** The procuring entity: name, identifier, address and how to reach it. */
import { ExternalLink } from '../../../components/ExternalLink/ExternalLink';
import { Facts } from '../../../components/Facts/Facts';
import { OrgLink } from '../../../components/AppLink/AppLink';
import { RegisterLinks } from '../../../components/RegisterLinks/RegisterLinks';
import { Section } from '../../../components/Section/Section';
import { addressLine, localized, safeHref, type Organization } from '../../../lib/ocds';
import type { Ctx } from '../ctx';

export function Organizer({ org, ctx }: { org: Organization; ctx: Ctx }) {
  const { t, language } = ctx;
  const id = org.identifier;
  const cp = org.contactPoint;
  const website = safeHref(cp?.url);
  return (
    <Section id="organizer" title={t('tender.organizer')}>
      <p className="organizer-name">
        <OrgLink role="buyer" id={id?.id}>{localized(org, 'name', language) || id?.legalName}</OrgLink>
      </p>
      <Facts
        rows={[
          [t('tender.identifier'), id?.id && [id.scheme, id.id].filter(Boolean).join(' ')],
          [t('tender.address'), addressLine(org.address)],
          [t('tender.contactPoint'), localized(cp, 'name', language)],
          [t('tender.email'), cp?.email && <a href={`mailto:${cp.email}`}>{cp.email}</a>],
          [t('tender.telephone'), cp?.telephone && <a href={`tel:${cp.telephone.replace(/[^\d+]/g, '')}`}>{cp.telephone}</a>],
          [t('tender.website'), website && <ExternalLink href={website}>{website}</ExternalLink>],
        ]}
      />
      <RegisterLinks filter="organizer" id={id?.id} />
    </Section>
  );
}
