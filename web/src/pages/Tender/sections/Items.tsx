/** What is bought: each item's classifications, quantity, delivery and lot. */
import { DataTable } from '../../../components/DataTable/DataTable';
import type { Language } from '../../../contract';
import { formatDate } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { addressLine, list, localized } from '../../../lib/ocds';
import type { Ctx } from '../ctx';
import { unitName } from '../labels';
import type { Classification, Item } from '../types';

export function Items({ items, withLot, ctx }: { items: Item[]; withLot: boolean; ctx: Ctx }) {
  const { t, language } = ctx;
  return (
    <DataTable head={['description', 'classification', 'quantity', 'delivery', ...(withLot ? ['lot'] : [])].map((c) => t(`tender.col.${c}`))}>
      {items.map((item, i) => (
        <tr key={item.id ?? i}>
          <th scope="row">{localized(item, 'description', language)}</th>
          <td>
            <ul className="plain">
              {[item.classification, ...list(item.additionalClassifications)].filter(Boolean).map((c, j) => (
                <li key={j}><ClassificationText c={c as Classification} language={language} /></li>
              ))}
            </ul>
          </td>
          <td>{typeof item.quantity === 'number' ? `${formatNumber(item.quantity, undefined, language)} ${unitName(t, item.unit, language)}`.trim() : unitName(t, item.unit, language)}</td>
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

function ClassificationText({ c, language }: { c: Classification; language: Language }) {
  const text = localized(c, 'description', language);
  return (
    <>
      {c.scheme && <span className="muted">{c.scheme} </span>}
      {c.id && <span className="code">{c.id}</span>}
      {text && ` ${text}`}
    </>
  );
}
