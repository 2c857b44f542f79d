/** An amount with its currency, and whether it includes VAT when the record says. */
import { money, type Formatter, type Value } from '../../records/parts';

export function Money({ value, ctx }: { value: Value | undefined; ctx: Formatter }) {
  const amount = money(value, ctx.language);
  if (!amount) return null;
  return (
    <>
      <span className="money">{amount}</span>
      {typeof value?.valueAddedTaxIncluded === 'boolean' && (
        <span className="vat"> {ctx.t(value.valueAddedTaxIncluded ? 'tender.vatIncluded' : 'tender.vatExcluded')}</span>
      )}
    </>
  );
}
