/**
 * What the contract delivers: each item's classifications, quantity, price per unit and
 * delivery. The price per unit (issue 46, item 7) is the one an item states (`unit.value`),
 * or for a contract of one item its value divided by the quantity (`records/unitPrice.ts`).
 */
import { RecordItems } from '../../../components/RecordItems/RecordItems';
import { UnitPrice } from '../../../components/UnitPrice/UnitPrice';
import { periodText, type Formatter } from '../../../records/parts';
import { contractItemUnitPrices } from '../../../records/unitPrice';
import type { Contract, ContractItem } from '../../../records/contract';

/** `items`: the contract's (its `items` without nulls); `dates`: the formatter of dates without the time (delivery terms). */
export function Items({ contract, items, format, dates }: { contract: Contract; items: ContractItem[]; format: Formatter; dates: Formatter }) {
  // By the item itself: the prices are those of the items that are objects, in their order.
  const objects = items.filter((item) => !Array.isArray(item));
  const prices = new Map(contractItemUnitPrices({ ...contract, items: objects }).map((p, i) => [objects[i], p]));
  const unitPrice = [...prices.values()].some(Boolean)
    ? (item: ContractItem) => {
        const price = prices.get(item);
        return price && <UnitPrice price={price} format={format} label={false} />;
      }
    : undefined;
  const delivery = (item: ContractItem) => (item.deliveryDate && periodText(item.deliveryDate.startDate, item.deliveryDate.endDate, dates)) || '';
  return <RecordItems items={items} format={format} described="name" delivery={delivery} unitPrice={unitPrice} />;
}
