/** The decisions on each bidder's qualification (pre-qualification procedures). */
import { DataTable, Row } from '../../../components/DataTable/DataTable';
import { organisationNames } from '../../../records/parts';
import type { TenderFormatter } from '../formatter';
import { tenderLabel } from '../labels';
import type { Bid, Qualification } from '../../../records/tender';

interface Props {
  qualifications: Qualification[];
  /** The bids, which name the bidders the qualifications point to. */
  bids: Bid[];
  withLot: boolean;
  format: TenderFormatter;
}

export function Qualifications({ qualifications, bids, withLot, format }: Props) {
  const { t } = format;
  const bidders = new Map(bids.map((b) => [b.id, organisationNames(b.tenderers, format.language)]));
  return (
    <DataTable head={['participant', ...(withLot ? ['lot'] : []), 'status', 'date'].map((c) => t(`tender.col.${c}`))}>
      {qualifications.map((q, i) => (
        <Row key={q.id ?? i} id={q.id ? `qualification-${q.id}` : undefined}>
          <th scope="row">{bidders.get(q.bidID) || q.bidID}</th>
          {withLot && <td>{format.lotTitle(q.lotID)}</td>}
          <td>{tenderLabel(t, 'qualificationStatus', q.status)}</td>
          <td>{format.date(q.date)}</td>
        </Row>
      ))}
    </DataTable>
  );
}
