/** What is bought: each item's classifications, quantity and unit, delivery place and dates. */
import { DataTable } from '../../../components/DataTable/DataTable';
import { formatNumber } from '../../../lib/format';
import { addressLine, list, localized } from '../../../lib/ocds';
import { unitName } from '../../Tender/labels';
import type { Ctx } from '../ctx';
import type { Item } from '../types';
import { ClassificationText } from './Classification';

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
        const unit = unitName(t, item.unit, language);
        const when = deliveryDate(item, ctx);
        return (
          <tr key={item.id ?? i}>
            <th scope="row">{localized(item, 'description', language)}</th>
            <td>
              <ul className="plain">
                {[item.classification, ...list(item.additionalClassifications)]
                  .filter((c) => c && typeof c === 'object')
                  .map((c, j) => (
                    <li key={j}><ClassificationText c={c!} ctx={ctx} /></li>
                  ))}
              </ul>
            </td>
            <td>{typeof item.quantity === 'number' ? `${formatNumber(item.quantity, undefined, language)} ${unit}`.trim() : unit}</td>
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
