/** What is bought: each item's classifications, quantity, delivery and lot. */
import type { ReactNode } from 'react';
import { RecordItems } from '../../../components/RecordItems/RecordItems';
import { formatDate } from '../../../lib/dates';
import type { TenderFormatter } from '../formatter';
import type { Item } from '../../../records/tender';

/** The delivery dates, to the day: from a start to an end, until an end, or from a start. */
function delivery({ deliveryDate }: Item, { t, language }: TenderFormatter): string {
  const start = deliveryDate?.startDate;
  const end = deliveryDate?.endDate;
  if (start && end) return t('items.deliveryRange', { start: formatDate(start, language), end: formatDate(end, language) });
  if (end) return t('items.deliveryUntil', { date: formatDate(end, language) });
  return start ? t('items.deliveryFrom', { date: formatDate(start, language) }) : '';
}

/** `note`: a line under an item's quantity (what others paid per unit). */
export function Items({ items, withLot, format, note }: { items: Item[]; withLot: boolean; format: TenderFormatter; note?: (item: Item) => ReactNode }) {
  const lot = withLot ? (item: Item) => format.lotTitle(item.relatedLot) : undefined;
  return <RecordItems items={items} format={format} delivery={(item) => delivery(item, format)} lot={lot} note={note} />;
}
