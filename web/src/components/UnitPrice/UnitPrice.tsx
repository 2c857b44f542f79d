/**
 * The price of one unit on a record's page (issue 46, item 7): «Ціна за одиницю:
 * 5 979,37 грн без ПДВ за послугу», «Unit price: 5,979.37 UAH excl. VAT per service». The
 * price is what `records/unitPrice.ts` finds the record supports; its amount keeps the
 * decimals it has (a gram's price may be below a kopeck), and the unit is named as the
 * record's items name it (`unitName`).
 */
import type { Language } from '../../contract';
import { formatMoney } from '../../lib/format';
import { perUnit, vatNote } from '../../lib/price';
import { unitName, type Formatter } from '../../records/parts';
import type { UnitPrice as Price } from '../../records/unitPrice';

/**
 * The decimals an amount of money per unit needs: two (kopecks) at least, more when the
 * amount has them, as a gram's or a kilowatt-hour's price below a kopeck (`0,0003333 грн`),
 * up to eight.
 */
export function priceDigits(amount: number): number {
  if (!Number.isFinite(amount)) return 2;
  for (let digits = 2; digits < 8; digits += 1) {
    const scaled = amount * 10 ** digits;
    // Within binary noise of a whole number: `0.07 * 100` is 7.000000000000001.
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 * Math.max(1, Math.abs(scaled))) return digits;
  }
  return 8;
}

/** An amount per unit with its currency and the decimals it has (`0,0425 грн`, `12,50 грн`). */
export const unitMoney = (amount: number, currency: string, language: Language): string =>
  formatMoney(amount, currency, language, priceDigits(amount));

/** `label`: whether the line says what it is (a table column that says so leaves it out). */
export function UnitPrice({ price, format, label = true }: { price: Price; format: Formatter; label?: boolean }) {
  const { t, language } = format;
  const vat = vatNote(t, price.valueAddedTaxIncluded);
  const per = perUnit(t, unitName(t, price.unit, language), language);
  return (
    <span className="unit-price">
      {label && `${t('unitPrice.label')}: `}
      <span className="money">{unitMoney(price.amount, price.currency, language)}</span>
      {vat && <span className="vat"> {vat}</span>}
      {per && ` ${per}`}
    </span>
  );
}
