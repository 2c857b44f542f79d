/**
 * The contracts signed: the contract register's records of the tender, each linked to its
 * page, then any the tender lists that the register does not have; suppliers taken from
 * the award when the contract names none.
 */
import { AppLink } from '../../../components/AppLink/AppLink';
import { DataTable, Row } from '../../../components/DataTable/DataTable';
import { Money } from '../../../components/Money/Money';
import { list, organisationNames } from '../../../records/parts';
import { anchorOf } from '../../../records/anchors';
import type { TenderFormatter } from '../formatter';
import { statusLabel } from '../../../lib/enums';
import type { Award, Contract } from '../../../records/tender';

/** The register's contracts, then the tender's own that the register lacks. */
export function contractsOf(registered: Contract[], own: Contract[]): Array<Contract & { registered?: boolean }> {
  const ids = new Set(registered.map((c) => c.id));
  return [...registered.map((c) => ({ ...c, registered: true })), ...own.filter((c) => !ids.has(c.id))];
}

export function Contracts({ contracts, awards, format }: { contracts: Array<Contract & { registered?: boolean }>; awards: Award[]; format: TenderFormatter }) {
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
        return (
          <Row key={c.id ?? i} id={anchor(c.id)}>
            <th scope="row">{c.registered && id ? <AppLink to={`/contracts/${encodeURIComponent(id)}`}>{id}</AppLink> : id}</th>
            <td>{organisationNames(suppliers, format.language)}</td>
            <td><Money value={c.value} format={format} /></td>
            <td>{c.status ? statusLabel(t, 'contract', c.status) : ''}</td>
            <td>{format.date(c.dateSigned)}</td>
          </Row>
        );
      })}
    </DataTable>
  );
}
