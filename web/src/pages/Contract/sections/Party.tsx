/**
 * One party of the contract (the buyer or a supplier): name, identifier with the searches
 * filtered by it, address, size, contacts and who signs.
 */
import { Facts } from '../../../components/Facts/Facts';
import { OrgLink } from '../../../components/AppLink/AppLink';
import { partyFacts } from '../../../components/Party/partyFacts';
import { localized, type Formatter } from '../../../records/parts';
import { contractLabel } from '../labels';
import type { Party as PartyData } from '../../../records/contract';

export const partyName = (party: PartyData, { language }: Formatter): string =>
  localized(party, 'name', language) || party.identifier?.legalName || party.identifier?.id || '';

/** `filter`: the search filter the identifier links to (`organizer` for the buyer, `supplier`). */
export function Party({ party, filter, format }: { party: PartyData; filter: 'organizer' | 'supplier'; format: Formatter }) {
  const { t } = format;
  const id = party.identifier;
  const name = partyName(party, format);
  const facts = partyFacts(party, format, { links: filter, name });
  return (
    <>
      <h3>
        <OrgLink role={filter === 'organizer' ? 'buyer' : 'supplier'} id={id?.id}>{name}</OrgLink>
      </h3>
      <Facts
        rows={[
          facts.identifier,
          facts.legalName,
          facts.address,
          [t('contract.scale'), contractLabel(t, 'scales', party.scale)],
          facts.contactPoint,
          facts.email,
          facts.telephone,
          facts.signer,
        ]}
      />
    </>
  );
}
