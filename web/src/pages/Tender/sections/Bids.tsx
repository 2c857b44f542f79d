/** The bids: one row per bid, or per lot the bid is for. */
import type { ReactNode } from 'react';
import { DataTable, Row } from '../../../components/DataTable/DataTable';
import { Money } from '../../../components/Money/Money';
import { list, organisationNames } from '../../../records/parts';
import type { TenderFormatter } from '../formatter';
import { tenderLabel } from '../labels';
import type { Bid } from '../../../records/tender';

export function Bids({ bids, withLot, format }: { bids: Bid[]; withLot: boolean; format: TenderFormatter }) {
  return (
    <DataTable head={['participant', ...(withLot ? ['lot'] : []), 'value', 'status', 'date'].map((c) => format.t(`tender.col.${c}`))}>
      {bids.flatMap((b, i) => bidRows(b, i, withLot, format))}
    </DataTable>
  );
}

function bidRows(b: Bid, index: number, withLot: boolean, format: TenderFormatter): ReactNode[] {
  const who = organisationNames(b.tenderers, format.language);
  const lotValues = list(b.lotValues);
  const rows = lotValues.length ? lotValues.map((lv) => ({ lot: lv.relatedLot, value: lv.value, status: lv.status ?? b.status, date: lv.date ?? b.date })) : [{ lot: undefined, value: b.value, status: b.status, date: b.date }];
  return rows.map((r, i) => (
    // The first row is the bid's anchor (the red flags' evidence links to it).
    <Row key={`${b.id ?? index}-${i}`} id={i === 0 && b.id ? `bid-${b.id}` : undefined}>
      <th scope="row">{who}</th>
      {withLot && <td>{format.lotTitle(r.lot)}</td>}
      <td><Money value={r.value} format={format} /></td>
      <td>{tenderLabel(format.t, 'bidStatus', r.status)}</td>
      <td>{format.date(r.date)}</td>
    </Row>
  ));
}
