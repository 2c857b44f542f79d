/** Complaints about the tender and about its awards, qualifications and cancellations. */
import { list } from '../../../records/parts';
import { anchorOf } from '../../../records/anchors';
import type { TenderFormatter } from '../formatter';
import { tenderLabel } from '../labels';
import { Status } from '../../../components/Status/Status';
import type { Complaint, Tender } from '../../../records/tender';

/** The tender's own complaints, then those about its awards, qualifications and cancellations. */
export function complaintsOf(tender: Tender): Complaint[] {
  return [
    ...list(tender.complaints),
    ...list(tender.awards).flatMap((a) => list(a.complaints)),
    ...list(tender.qualifications).flatMap((q) => list(q.complaints)),
    ...list(tender.cancellations).flatMap((c) => list(c.complaints)),
  ];
}

export function Complaints({ complaints, format }: { complaints: Complaint[]; format: TenderFormatter }) {
  return <ol className="tender-cards">{complaints.map((c, i) => <ComplaintCard key={c.id ?? i} complaint={c} format={format} />)}</ol>;
}

function ComplaintCard({ complaint: c, format }: { complaint: Complaint; format: TenderFormatter }) {
  const { t } = format;
  return (
    <li id={anchorOf('complaint', c.id)} className="tender-card">
      <h3>{c.title || c.complaintID || tenderLabel(t, 'complaintType', c.type)}</h3>
      <p className="tender-badges">
        {c.type && <span>{tenderLabel(t, 'complaintType', c.type)}</span>}
        {c.status && <Status code={c.status}>{tenderLabel(t, 'complaintStatus', c.status)}</Status>}
        {(c.dateSubmitted || c.date) && <span className="muted">{format.date(c.dateSubmitted || c.date)}</span>}
      </p>
      {c.description && <p className="pre">{c.description}</p>}
      {c.resolution && (
        <div className="tender-answer">
          <h4>{t('tender.resolution')}</h4>
          <p className="pre">{c.resolution}</p>
        </div>
      )}
    </li>
  );
}
