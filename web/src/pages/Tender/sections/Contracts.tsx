/**
 * The contracts signed: the contract register's records of the tender, each linked to its
 * page, then any the tender lists that the register does not have; suppliers taken from
 * the award when the contract names none; under a contract of one item its price per unit
 * (issue 46, item 7). In the chunk of the lower sections (`deferred.ts`).
 */
import { AppLink } from '../../../components/AppLink/AppLink';
import { DataTable, Row } from '../../../components/DataTable/DataTable';
import { Money } from '../../../components/Money/Money';
import { UnitPrice } from '../../../components/UnitPrice/UnitPrice';
import { list, organisationNames } from '../../../records/parts';
import { anchorOf } from '../../../records/anchors';
import type { TenderFormatter } from '../formatter';
import { statusLabel } from '../../../lib/enums';
import type { Award, Contract, Tender } from '../../../records/tender';
import { tenderContractUnitPrice } from '../../../records/unitPrice';

/** `tender`: its awards and items, which a contract without items of its own is priced by. */
export function Contracts({ contracts, awards, tender, format }: {
  contracts: Array<Contract & { registered?: boolean }>;
  awards: Award[];
  tender: Tender;
  format: TenderFormatter;
}) {
  const { t } = format;
  // A contract listed twice (API-documentation tenders share ids) is the anchor once.
  const anchored = new Set<string>();
  const anchor = (id: string | undefined) => {
    if (!id || anchored.has(id)) return undefined;
    anchored.add(id);
    return anchorOf('contract', id);
  };
  return (
    <DataTable head={['contractId', 'suppliers', 'value', 'status', 'dateSigned'].map((c) => t(`tender.col.${c}`))}>
      {contracts.map((c, i) => {
        const suppliers = list(c.suppliers).length ? c.suppliers : awards.find((a) => a.id === c.awardID)?.suppliers;
        const id = c.contractID ?? c.id;
        const price = tenderContractUnitPrice(tender, c);
        return (
          <Row key={c.id ?? i} id={anchor(c.id)}>
            <th scope="row">{c.registered && id ? <AppLink to={`/contracts/${encodeURIComponent(id)}`}>{id}</AppLink> : id}</th>
            <td>{organisationNames(suppliers, format.language)}</td>
            <td>
              <Money value={c.value} format={format} />
              {price && <div className="muted"><UnitPrice price={price} format={format} /></div>}
            </td>
            <td>{c.status ? statusLabel(t, 'contract', c.status) : ''}</td>
            <td>{format.date(c.dateSigned)}</td>
          </Row>
        );
      })}
    </DataTable>
  );
}
