/** What is bought: each item's classifications, quantity, delivery and lot. */
import { Classifications } from '../../../components/Classifications/Classifications';
import { DataTable } from '../../../components/DataTable/DataTable';
import { formatDate } from '../../../lib/dates';
import { addressLine, localized, quantityText } from '../../../lib/ocds';
import type { Ctx } from '../ctx';
import type { Item } from '../../../records/tender';

export function Items({ items, withLot, ctx }: { items: Item[]; withLot: boolean; ctx: Ctx }) {
  const { t, language } = ctx;
  return (
    <DataTable head={['description', 'classification', 'quantity', 'delivery', ...(withLot ? ['lot'] : [])].map((c) => t(`tender.col.${c}`))}>
      {items.map((item, i) => (
        <tr key={item.id ?? i}>
          <th scope="row">{localized(item, 'description', language)}</th>
          <td><Classifications item={item} language={language} /></td>
          <td>{quantityText(item, t, language)}</td>
          <td>
            {addressLine(item.deliveryAddress)}
            {(item.deliveryDate?.startDate || item.deliveryDate?.endDate) && (
              <div className="muted">
                {item.deliveryDate.startDate && item.deliveryDate.endDate
                  ? t('tender.deliveryRange', { start: formatDate(item.deliveryDate.startDate, language), end: formatDate(item.deliveryDate.endDate, language) })
                  : item.deliveryDate.endDate
                    ? t('tender.deliveryUntil', { date: formatDate(item.deliveryDate.endDate, language) })
                    : t('tender.timeline.from', { start: formatDate(item.deliveryDate.startDate, language) })}
              </div>
            )}
          </td>
          {withLot && <td>{ctx.lotTitle(item.relatedLot)}</td>}
        </tr>
      ))}
    </DataTable>
  );
}
