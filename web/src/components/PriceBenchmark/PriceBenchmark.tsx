/**
 * Others' prices beside a record's item (issue 47, part 3), in one short line: «Інші
 * платили: медіана 4,20 грн з ПДВ за штуку (57 цін)», linked to the code's price page at
 * the item's unit, then where the record's own price per unit stands among them (a
 * tender's awarded price, a plan's expected one, a product's catalogue price) and whether
 * it is past the others' fences. The entry is the upstream's
 * (`GET /api/prices/{tenders,plans,products}/{id}`): the others leave the record's own
 * price out. The browser loads it after the first load: the tender page with its
 * deferred sections (`Tender/sections/deferred.ts`), the plan and product pages as a chunk
 * of its own (`PriceBenchmark.server.ts` is the server's way in); the server renders it in
 * place, and hydration keeps its markup until the chunk is in.
 */
import type { ReactElement } from 'react';
import { AppLink } from '../AppLink/AppLink';
import { formatMoney, formatNumber } from '../../lib/format';
import { perUnit, vatNote } from '../../lib/price';
import { unitName, type Formatter } from '../../records/parts';
import { cpvDigits, pricesPath, recordPriceOf, statDigits, type RecordPrice } from '../../records/prices';

/** Whose own price the line compares: a tender's awarded one, a plan's expected one, a product's in the catalogue. */
export type PriceOwner = 'tender' | 'plan' | 'product';

/**
 * Lines already made in a render, by the render's formatter and what the line reads: the
 * items of a large tender often share a code and a unit, and so the same line. Kept as
 * long as the formatter (one render), so bounded by the page's items.
 */
const made = new WeakMap<Formatter, Map<string, ReactElement | null>>();

/** What a line shows, all of it: two entries with the same key make the same line. */
const keyOf = (p: RecordPrice, owner: PriceOwner) =>
  JSON.stringify([owner, p.cpv, p.prefix, p.unit.code, p.unit.name, p.currency, p.valueAddedTaxIncluded, p.count, p.median, p.own, p.position, p.outlier]);

/** `entry`: the answer's entry for the item, as it is (a malformed one renders nothing). */
export default function PriceBenchmark({ entry, owner, format }: { entry: unknown; owner: PriceOwner; format: Formatter }) {
  const price = recordPriceOf(entry);
  if (!price) return null;
  let lines = made.get(format);
  if (!lines) made.set(format, (lines = new Map()));
  const key = keyOf(price, owner);
  let line = lines.get(key);
  if (line === undefined) lines.set(key, (line = lineOf(price, owner, format)));
  return line;
}

function lineOf(price: RecordPrice, owner: PriceOwner, format: Formatter): ReactElement {
  const { t, language } = format;
  const money = (n: number) => formatMoney(n, price.currency, language, statDigits(n));
  const vat = vatNote(t, price.valueAddedTaxIncluded);
  const own = typeof price.own === 'number' && Number.isFinite(price.own) ? price.own : null;
  const { below = 0, above = 0 } = price.position ?? {};
  const count = (n: number) => formatNumber(n, 0, language);
  // Above the others' median: how many it is dearer than; below it: how many it is cheaper than.
  const standing = own === null || !price.position ? '' : own > price.median ? t('prices.benchmark.higher', { below: count(below), count: count(price.count) })
    : own < price.median ? t('prices.benchmark.lower', { above: count(above), count: count(price.count) }) : t('prices.benchmark.level');
  // Others found under a parent level of the item's code: the line says which.
  const code = price.cpv?.slice(0, 8) === cpvDigits(price.prefix) ? '' : t('prices.benchmark.code', { code: cpvDigits(price.prefix) });
  return (
    <span className="price-benchmark">
      <AppLink to={pricesPath(price.prefix, price)}>
        {t('prices.benchmark.others', {
          median: vat ? `${money(price.median)} ${vat}` : money(price.median),
          per: perUnit(t, unitName(t, price.unit, language) || price.unit.code, language),
          count: price.count,
          formatted: count(price.count),
        })}
      </AppLink>
      {code && ` ${code}`}
      {own !== null && `; ${t(`prices.benchmark.own.${owner}`, { own: money(own) })}${standing && `, ${standing}`}`}
      {price.outlier && (
        <>
          {' '}
          <strong className="price-outlier">{t(`prices.outlier.${price.outlier}`)}</strong>
        </>
      )}
    </span>
  );
}

export { PriceBenchmark };
