/**
 * What is bought: each item's classifications, quantity and unit, delivery place and
 * dates, and what others paid per unit beside the plan's expected price of one.
 */
import { Suspense, lazy } from 'react';
import { PriceBenchmark as OnServer } from '../../../components/PriceBenchmark/PriceBenchmark.server';
import { RecordItems } from '../../../components/RecordItems/RecordItems';
import type { PlanFormatter } from '../formatter';
import type { Item } from '../../../records/plan';

// What others paid: the server renders it in place, the browser loads it after the first load.
const PriceBenchmark = __SERVER__ ? OnServer : lazy(() => import('../../../components/PriceBenchmark/PriceBenchmark'));

/** The delivery dates (days): a range only when the two days differ. */
function deliveryDate(item: Item, format: PlanFormatter): string {
  const { t } = format;
  const start = format.day(item.deliveryDate?.startDate);
  const end = format.day(item.deliveryDate?.endDate);
  if (start && end && start !== end) return t('items.deliveryRange', { start, end });
  if (end) return t('items.deliveryUntil', { date: end });
  return start ? t('items.deliveryFrom', { date: start }) : '';
}

/** `prices`: the price answer's entries by item id (what others paid per unit, issue 47). */
export function Items({ items, format, prices }: { items: Item[]; format: PlanFormatter; prices: Map<string | undefined, object> }) {
  const note = prices.size ? (item: Item) => prices.has(item.id) && (
    <Suspense fallback={null}>
      <PriceBenchmark entry={prices.get(item.id)} owner="plan" format={format} />
    </Suspense>
  ) : undefined;
  return <RecordItems items={items} format={format} delivery={(item) => deliveryDate(item, format)} note={note} />;
}
