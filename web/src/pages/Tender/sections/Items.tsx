/** What is bought: each item's classifications, quantity, delivery and lot. */
import { RecordItems } from '../../../components/RecordItems/RecordItems';
import { formatDate } from '../../../lib/dates';
import type { Ctx } from '../ctx';
import type { Item } from '../../../records/tender';

/** The delivery dates, to the day: from a start to an end, until an end, or from a start. */
function delivery({ deliveryDate }: Item, { t, language }: Ctx): string {
  const start = deliveryDate?.startDate;
  const end = deliveryDate?.endDate;
  if (start && end) return t('items.deliveryRange', { start: formatDate(start, language), end: formatDate(end, language) });
  if (end) return t('items.deliveryUntil', { date: formatDate(end, language) });
  return start ? t('items.deliveryFrom', { date: formatDate(start, language) }) : '';
}

export function Items({ items, withLot, ctx }: { items: Item[]; withLot: boolean; ctx: Ctx }) {
  const lot = withLot ? (item: Item) => ctx.lotTitle(item.relatedLot) : undefined;
  return <RecordItems items={items} ctx={ctx} delivery={(item) => delivery(item, ctx)} lot={lot} />;
}
