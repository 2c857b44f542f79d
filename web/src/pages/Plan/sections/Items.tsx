/** What is bought: each item's classifications, quantity and unit, delivery place and dates. */
import { RecordItems } from '../../../components/RecordItems/RecordItems';
import type { PlanFormatter } from '../formatter';
import type { Item } from '../../../records/plan';

/** The delivery dates (days): a range only when the two days differ. */
function deliveryDate(item: Item, format: PlanFormatter): string {
  const { t } = format;
  const start = format.day(item.deliveryDate?.startDate);
  const end = format.day(item.deliveryDate?.endDate);
  if (start && end && start !== end) return t('items.deliveryRange', { start, end });
  if (end) return t('items.deliveryUntil', { date: end });
  return start ? t('items.deliveryFrom', { date: start }) : '';
}

export function Items({ items, format }: { items: Item[]; format: PlanFormatter }) {
  return <RecordItems items={items} format={format} delivery={(item) => deliveryDate(item, format)} />;
}
