/** The tender's lots with their amounts, status and auction date. */
import { DataTable } from '../../../components/DataTable/DataTable';
import { Money } from '../../../components/Money/Money';
import { localized } from '../../../records/parts';
import type { Ctx } from '../ctx';
import { tenderLabel } from '../labels';
import type { Lot } from '../../../records/tender';

export function Lots({ lots, ctx }: { lots: Lot[]; ctx: Ctx }) {
  const { t } = ctx;
  return (
    <DataTable head={['title', 'value', 'minimalStep', 'guarantee', 'status', 'auction'].map((c) => (c === 'minimalStep' || c === 'guarantee' ? t(`tender.${c}`) : t(`tender.col.${c}`)))}>
      {lots.map((lot, i) => (
        <tr key={lot.id ?? i}>
          <th scope="row">{localized(lot, 'title', ctx.language)}</th>
          <td><Money value={lot.value} ctx={ctx} /></td>
          <td><Money value={lot.minimalStep} ctx={ctx} /></td>
          <td><Money value={lot.guarantee} ctx={ctx} /></td>
          <td>{tenderLabel(t, 'lotStatus', lot.status)}</td>
          <td>{ctx.date(lot.auctionPeriod?.startDate)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
