/** What is bought: each item's classifications, quantity and unit, delivery place and dates. */
import { Classifications } from '../../../components/Classifications/Classifications';
import { DataTable } from '../../../components/DataTable/DataTable';
import { addressLine, localized, quantityText } from '../../../lib/ocds';
import type { Ctx } from '../ctx';
import type { Item } from '../../../records/plan';

function deliveryDate(item: Item, ctx: Ctx): string {
  const { t } = ctx;
  const start = ctx.day(item.deliveryDate?.startDate);
  const end = ctx.day(item.deliveryDate?.endDate);
  if (start && end && start !== end) return t('plan.deliveryRange', { start, end });
  if (end) return t('plan.deliveryUntil', { date: end });
  return start ? t('plan.deliveryFrom', { date: start }) : '';
}

export function Items({ items, ctx }: { items: Item[]; ctx: Ctx }) {
  const { t, language } = ctx;
  return (
    <DataTable head={['description', 'classification', 'quantity', 'delivery'].map((c) => t(`plan.col.${c}`))}>
      {items.map((item, i) => {
        const when = deliveryDate(item, ctx);
        return (
          <tr key={item.id ?? i}>
            <th scope="row">{localized(item, 'description', language)}</th>
            <td><Classifications item={item} language={language} /></td>
            <td>{quantityText(item, t, language)}</td>
            <td>
              {addressLine(item.deliveryAddress)}
              {when && <div className="muted">{when}</div>}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
