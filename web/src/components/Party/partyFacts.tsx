/**
 * The facts of an organisation a tender, plan or contract names (its procuring entity,
 * buyers, suppliers), as rows for `Facts` under the `party.*` texts: each page lists the
 * rows it shows, in its order, with its own rows between them.
 */
import { ExternalLink } from '../ExternalLink/ExternalLink';
import type { Fact } from '../Facts/Facts';
import { RegisterLinks } from '../RegisterLinks/RegisterLinks';
import { addressLine, localized, safeHref, type Formatter, type Organization, type SignerInfo } from '../../records/parts';

export type PartyOrganisation = Organization & { signerInfo?: SignerInfo };

export type PartyFact = 'identifier' | 'legalName' | 'address' | 'contactPoint' | 'email' | 'telephone' | 'website' | 'signer';

export interface PartyOptions {
  /** The search filter the identifier links to (`organizer`, `supplier`); without it, the identifier alone as text. */
  links?: 'organizer' | 'supplier';
  /** The name the page shows: the legal name is a row only when it says something else. */
  name?: string;
}

export function partyFacts(org: PartyOrganisation, { t, language }: Formatter, { links, name }: PartyOptions = {}): Record<PartyFact, Fact> {
  const id = org.identifier;
  const cp = org.contactPoint;
  const signer = org.signerInfo;
  const website = safeHref(cp?.url);
  const code = id?.id && [id.scheme, id.id].filter(Boolean).join(' ');
  const legalName = localized(id, 'legalName', language);
  return {
    identifier: [
      t('party.identifier'),
      code && links ? (
        <>
          <span className="code">{code}</span>
          <RegisterLinks filter={links} id={id?.id} />
        </>
      ) : code,
    ],
    legalName: [t('party.legalName'), legalName !== name && legalName],
    address: [t('party.address'), addressLine(org.address)],
    contactPoint: [t('party.contactPoint'), localized(cp, 'name', language)],
    email: [t('party.email'), cp?.email && <a href={`mailto:${cp.email}`}>{cp.email}</a>],
    telephone: [t('party.telephone'), cp?.telephone && <a href={`tel:${cp.telephone.replace(/[^\d+]/g, '')}`}>{cp.telephone}</a>],
    website: [t('party.website'), website && <ExternalLink href={website}>{website}</ExternalLink>],
    signer: [t('party.signer'), [signer?.name, signer?.position].filter(Boolean).join(', ')],
  };
}
