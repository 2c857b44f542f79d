/**
 * The State Audit Service's monitorings of the tender, from an answer the tender page
 * fetches besides the tender (`data.monitorings`, a search collection) and can do
 * without: when that request failed, a note stands in place of the table.
 */
import { AppLink } from '../../../components/AppLink/AppLink';
import { DataTable, Row } from '../../../components/DataTable/DataTable';
import { Unavailable } from '../../../components/Unavailable/Unavailable';
import { dataOf, failed, type DataSource } from '../../../lib/data';
import { codeLabel } from '../../../lib/enums';
import { membersOf } from '../../../records/collection';
import type { TenderFormatter } from '../formatter';
import { tenderPath } from '../path';
import type { Tender } from '../../../records/tender';

interface MonitoringSummary {
  id?: string;
  monitoring_id?: string;
  status?: string;
  reasons?: string[];
  monitoringPeriod?: { startDate?: string };
  dateCreated?: string;
}

/** The monitorings the page was given ([] when none were asked for), null when the request failed. */
export function monitoringsOf(source: DataSource): MonitoringSummary[] | null {
  if (failed(source, 'monitorings')) return null;
  return membersOf<MonitoringSummary>(dataOf<unknown>(source, 'monitorings'));
}

export function Monitorings({ monitorings, tender, format }: { monitorings: MonitoringSummary[] | null; tender: Tender; format: TenderFormatter }) {
  const { t } = format;
  if (!monitorings) return <Unavailable />;
  return (
    <DataTable head={['monitoringId', 'status', 'reason', 'date'].map((c) => t(`tender.col.${c}`))}>
      {monitorings.map((m, i) => (
        <Row key={m.id ?? i}>
          <th scope="row">
            <AppLink to={tenderPath(tender.tenderID ?? tender.id ?? '', `monitorings/${encodeURIComponent(m.monitoring_id ?? m.id ?? '')}`)}>
              {m.monitoring_id ?? m.id}
            </AppLink>
          </th>
          <td>{m.status ? codeLabel(t, 'monitoring.status', m.status) : ''}</td>
          <td>{(m.reasons ?? []).map((r) => codeLabel(t, 'monitoring.reason', r)).join(', ')}</td>
          <td>{format.date(m.monitoringPeriod?.startDate ?? m.dateCreated)}</td>
        </Row>
      ))}
    </DataTable>
  );
}
