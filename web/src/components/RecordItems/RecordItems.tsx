/**
 * What a tender, plan or contract covers: each item's description, classifications,
 * quantity and delivery place and dates, as one table (the `items.*` texts). A contract
 * adds the unit price, a tender with lots each item's lot, a tender or a plan what
 * others paid per unit under the quantity.
 */
import type { ReactNode } from 'react';
import { Classifications } from '../Classifications/Classifications';
import { DataTable, Row } from '../DataTable/DataTable';
import { addressLine, localized, quantityText, type Formatter, type Item } from '../../records/parts';

export interface RecordItemsProps<T extends Item> {
  items: T[];
  format: Formatter;
  /** The delivery dates of an item as the page words them; '' when it has none. */
  delivery: (item: T) => string;
  /** The heading of the description column: a contract's page calls it `name`. */
  described?: 'description' | 'name';
  /** The unit price column, before the delivery, when given. */
  unitPrice?: (item: T) => ReactNode;
  /** The lot column, after the delivery, when given. */
  lot?: (item: T) => ReactNode;
  /** A line under an item's quantity (others' prices per unit, issue 47), when given. */
  note?: (item: T) => ReactNode;
}

export function RecordItems<T extends Item>({ items, format, delivery, described = 'description', unitPrice, lot, note }: RecordItemsProps<T>) {
  const { t, language } = format;
  const columns = [described, 'classification', 'quantity', ...(unitPrice ? ['unitPrice'] : []), 'delivery', ...(lot ? ['lot'] : [])];
  return (
    <DataTable head={columns.map((c) => t(`items.col.${c}`))}>
      {items.map((item, i) => {
        const when = delivery(item);
        return (
          <Row key={item.id ? `${item.id}-${i}` : i}>
            <th scope="row">{localized(item, 'description', language)}</th>
            <td><Classifications item={item} language={language} /></td>
            <td>
              {quantityText(item, t, language)}
              {note?.(item)}
            </td>
            {unitPrice && <td>{unitPrice(item)}</td>}
            <td>
              {addressLine(item.deliveryAddress)}
              {when ? <div className="muted">{when}</div> : null}
            </td>
            {lot && <td>{lot(item)}</td>}
          </Row>
        );
      })}
    </DataTable>
  );
}
