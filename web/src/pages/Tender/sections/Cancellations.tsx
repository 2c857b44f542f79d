/** Cancellations of the tender or of its lots, with their reasons. */
import { DataTable, Row } from '../../../components/DataTable/DataTable';
import { anchorOf } from '../../../records/anchors';
import type { TenderFormatter } from '../formatter';
import { tenderLabel } from '../labels';
import type { Cancellation } from '../../../records/tender';

export function Cancellations({ cancellations, format }: { cancellations: Cancellation[]; format: TenderFormatter }) {
  const { t } = format;
  return (
    <DataTable head={['reason', 'lot', 'status', 'date'].map((c) => t(`tender.col.${c}`))}>
      {cancellations.map((c, i) => (
        <Row key={c.id ?? i} id={anchorOf('cancellation', c.id)}>
          <th scope="row">
            {c.reasonType && <span className="reason-type">{tenderLabel(t, 'cancellationReason', c.reasonType)}</span>}
            {c.reason && <span className="pre">{c.reason}</span>}
          </th>
          <td>{c.cancellationOf === 'lot' ? format.lotTitle(c.relatedLot) : t('tender.lotAll')}</td>
          <td>{tenderLabel(t, 'cancellationStatus', c.status)}</td>
          <td>{format.date(c.date)}</td>
        </Row>
      ))}
    </DataTable>
  );
}
