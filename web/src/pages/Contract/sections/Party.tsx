/**
 * One party of the contract (the buyer or a supplier): name, identifier with the searches
 * filtered by it, address, size, contacts and who signs.
 */
import { Facts } from '../../../components/Facts/Facts';
import { OrgLink } from '../../../components/AppLink/AppLink';
import { RegisterLinks } from '../../../components/RegisterLinks/RegisterLinks';
import { addressLine, localized, type Formatter } from '../../../lib/ocds';
import { contractLabel } from '../labels';
import type { Party as PartyData } from '../../../records/contract';

export const partyName = (party: PartyData, { language }: Formatter): string =>
  localized(party, 'name', language) || party.identifier?.legalName || party.identifier?.id || '';

/** `filter`: the search filter the identifier links to (`organizer` for the buyer, `supplier`). */
export function Party({ party, filter, ctx }: { party: PartyData; filter: 'organizer' | 'supplier'; ctx: Formatter }) {
  const { t, language } = ctx;
  const id = party.identifier;
  const name = partyName(party, ctx);
  const legalName = localized(id, 'legalName', language);
  const cp = party.contactPoint;
  const signer = party.signerInfo;
  return (
    <>
      <h3>
        <OrgLink role={filter === 'organizer' ? 'buyer' : 'supplier'} id={id?.id}>{name}</OrgLink>
      </h3>
      <Facts
        rows={[
          [
            t('contract.identifier'),
            id?.id && (
              <>
                <span className="code">{[id.scheme, id.id].filter(Boolean).join(' ')}</span>
                <RegisterLinks filter={filter} id={id.id} />
              </>
            ),
          ],
          [t('contract.legalName'), legalName !== name && legalName],
          [t('contract.address'), addressLine(party.address)],
          [t('contract.scale'), contractLabel(t, 'scales', party.scale)],
          [t('contract.contactPoint'), localized(cp, 'name', language)],
          [t('contract.email'), cp?.email && <a href={`mailto:${cp.email}`}>{cp.email}</a>],
          [t('contract.telephone'), cp?.telephone && <a href={`tel:${cp.telephone.replace(/[^\d+]/g, '')}`}>{cp.telephone}</a>],
          [t('contract.signer'), [signer?.name, signer?.position].filter(Boolean).join(', ')],
        ]}
      />
    </>
  );
}
