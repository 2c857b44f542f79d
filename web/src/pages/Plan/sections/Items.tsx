/** What is bought: each item's classifications, quantity and unit, delivery place and dates. */
import { RecordItems } from '../../../components/RecordItems/RecordItems';
import type { Ctx } from '../ctx';
import type { Item } from '../../../records/plan';

/** The delivery dates (days): a range only when the two days differ. */
function deliveryDate(item: Item, ctx: Ctx): string {
  const { t } = ctx;
  const start = ctx.day(item.deliveryDate?.startDate);
  const end = ctx.day(item.deliveryDate?.endDate);
  if (start && end && start !== end) return t('items.deliveryRange', { start, end });
  if (end) return t('items.deliveryUntil', { date: end });
  return start ? t('items.deliveryFrom', { date: start }) : '';
}

export function Items({ items, ctx }: { items: Item[]; ctx: Ctx }) {
  return <RecordItems items={items} ctx={ctx} delivery={(item) => deliveryDate(item, ctx)} />;
}
