/** The decisions on each bidder's qualification (pre-qualification procedures). */
import { DataTable } from '../../../components/DataTable/DataTable';
import { organisationNames } from '../../../records/parts';
import type { Ctx } from '../ctx';
import { tenderLabel } from '../labels';
import type { Bid, Qualification } from '../../../records/tender';

interface Props {
  qualifications: Qualification[];
  /** The bids, which name the bidders the qualifications point to. */
  bids: Bid[];
  withLot: boolean;
  ctx: Ctx;
}

export function Qualifications({ qualifications, bids, withLot, ctx }: Props) {
  const { t } = ctx;
  const bidders = new Map(bids.map((b) => [b.id, organisationNames(b.tenderers, ctx.language)]));
  return (
    <DataTable head={['participant', ...(withLot ? ['lot'] : []), 'status', 'date'].map((c) => t(`tender.col.${c}`))}>
      {qualifications.map((q, i) => (
        <tr key={q.id ?? i} id={q.id ? `qualification-${q.id}` : undefined}>
          <th scope="row">{bidders.get(q.bidID) || q.bidID}</th>
          {withLot && <td>{ctx.lotTitle(q.lotID)}</td>}
          <td>{tenderLabel(t, 'qualificationStatus', q.status)}</td>
          <td>{ctx.date(q.date)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
