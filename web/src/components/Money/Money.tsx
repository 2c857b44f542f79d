/** An amount with its currency, and whether it includes VAT when the record says. */
import { money, type Formatter, type Value } from '../../records/parts';

export function Money({ value, format }: { value: Value | undefined; format: Formatter }) {
  const amount = money(value, format.language);
  if (!amount) return null;
  return (
    <>
      <span className="money">{amount}</span>
      {typeof value?.valueAddedTaxIncluded === 'boolean' && (
        <span className="vat"> {format.t(value.valueAddedTaxIncluded ? 'tender.vatIncluded' : 'tender.vatExcluded')}</span>
      )}
    </>
  );
}
