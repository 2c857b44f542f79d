/** What the contract delivers: each item's classifications, quantity, unit price and delivery. */
import { Money } from '../../../components/Money/Money';
import { RecordItems } from '../../../components/RecordItems/RecordItems';
import { periodText, type Formatter } from '../../../records/parts';
import type { ContractItem } from '../../../records/contract';

/** `dates`: the formatter of dates without the time (delivery terms). */
export function Items({ items, format, dates }: { items: ContractItem[]; format: Formatter; dates: Formatter }) {
  const priced = items.some((item) => typeof item.unit?.value?.amount === 'number');
  const unitPrice = priced ? (item: ContractItem) => <Money value={item.unit?.value} format={format} /> : undefined;
  const delivery = (item: ContractItem) => (item.deliveryDate && periodText(item.deliveryDate.startDate, item.deliveryDate.endDate, dates)) || '';
  return <RecordItems items={items} format={format} described="name" delivery={delivery} unitPrice={unitPrice} />;
}
