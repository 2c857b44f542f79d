/** What the contract delivers: each item's classifications, quantity, unit price and delivery. */
import { Classifications } from '../../../components/Classifications/Classifications';
import { DataTable } from '../../../components/DataTable/DataTable';
import { Money } from '../../../components/Money/Money';
import { addressLine, localized, periodText, quantityText, type Formatter } from '../../../lib/ocds';
import type { ContractItem } from '../../../records/contract';

/** `dates`: the formatter of dates without the time (delivery terms). */
export function Items({ items, ctx, dates }: { items: ContractItem[]; ctx: Formatter; dates: Formatter }) {
  const { t, language } = ctx;
  const priced = items.some((item) => typeof item.unit?.value?.amount === 'number');
  const columns = ['description', 'classification', 'quantity', ...(priced ? ['unitPrice'] : []), 'delivery'];
  return (
    <DataTable head={columns.map((c) => t(`contract.col.${c}`))}>
      {items.map((item, i) => {
        const delivery = item.deliveryDate && periodText(item.deliveryDate.startDate, item.deliveryDate.endDate, dates);
        return (
          <tr key={item.id ? `${item.id}-${i}` : i}>
            <th scope="row">{localized(item, 'description', language)}</th>
            <td><Classifications item={item} language={language} /></td>
            <td>{quantityText(item, t, language)}</td>
            {priced && <td><Money value={item.unit?.value} ctx={ctx} /></td>}
            <td>
              {addressLine(item.deliveryAddress)}
              {delivery && <div className="muted">{delivery}</div>}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
