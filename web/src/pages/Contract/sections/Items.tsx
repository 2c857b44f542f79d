/** What the contract delivers: each item's classifications, quantity, unit price and delivery. */
import { DataTable } from '../../../components/DataTable/DataTable';
import { Money } from '../../../components/Money/Money';
import { formatNumber } from '../../../lib/format';
import { addressLine, list, localized, periodText, type Formatter } from '../../../lib/ocds';
import { unitName } from '../../Tender/labels';
import type { Classification } from '../../Tender/types';
import type { ContractItem } from '../types';

/** `dates`: the formatter of dates without the time (delivery terms). */
export function Items({ items, ctx, dates }: { items: ContractItem[]; ctx: Formatter; dates: Formatter }) {
  const { t, language } = ctx;
  const priced = items.some((item) => typeof item.unit?.value?.amount === 'number');
  const columns = ['description', 'classification', 'quantity', ...(priced ? ['unitPrice'] : []), 'delivery'];
  return (
    <DataTable head={columns.map((c) => t(`contract.col.${c}`))}>
      {items.map((item, i) => {
        const unit = unitName(t, item.unit, language);
        const delivery = item.deliveryDate && periodText(item.deliveryDate.startDate, item.deliveryDate.endDate, dates);
        return (
          <tr key={item.id ? `${item.id}-${i}` : i}>
            <th scope="row">{localized(item, 'description', language)}</th>
            <td>
              <ul className="plain">
                {[item.classification, ...list(item.additionalClassifications)]
                  .filter((c): c is Classification => !!c && typeof c === 'object')
                  .map((c, j) => (
                    <li key={j}>
                      {c.scheme && <span className="muted">{c.scheme} </span>}
                      {c.id && <span className="code">{c.id}</span>}
                      {localized(c, 'description', language) && ` ${localized(c, 'description', language)}`}
                    </li>
                  ))}
              </ul>
            </td>
            <td>{typeof item.quantity === 'number' ? `${formatNumber(item.quantity, undefined, language)} ${unit}`.trim() : unit}</td>
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
