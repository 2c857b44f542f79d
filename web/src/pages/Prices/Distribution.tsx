/**
 * The distribution of a group's unit prices, drawn by the server (no JavaScript needed):
 * a box plot on one line (the box from the first to the third quartile, the median
 * across it, the whiskers out to the fences or to the lowest and highest price when
 * those are nearer), the outliers beyond the fences counted at the ends, not drawn, so
 * that one price a thousand times the others does not flatten the box to a line. A group
 * too small for its fences to mark outliers (`outliersMarked: false`) is drawn from its
 * lowest price to its highest, and says so. The
 * drawing is an SVG of attributes only (the CSP refuses inline styles) stretched to the
 * box's width; its text is HTML at the page's size, readable at 320 px (issue 46, item 2).
 * The drawing is for sighted readers (`aria-hidden`); the list of figures under it, which
 * every reader gets, says the same and more. Each figure is a `<data>` element carrying
 * the number itself.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import { formatMoney, formatNumber } from '../../lib/format';
import { statDigits, type PriceGroup } from '../../records/prices';

/** A statistic of prices: its currency and the decimals `statDigits` gives it. */
export const statMoney = (amount: number, currency: string, language: Language): string =>
  formatMoney(amount, currency, language, statDigits(amount));

/** The drawing's width in its own units (it is stretched to the box). */
const WIDTH = 1000;

/** `per`: the unit as «за» takes it (`за штуку`, `per piece`). */
export function Distribution({ group: g, per, t, language }: { group: PriceGroup; per: string; t: TFunction; language: Language }) {
  const money = (n: number) => statMoney(n, g.currency, language);
  // Whiskers end at the fences, or at the extreme prices when those are inside them; in a
  // group too small for its fences to mark outliers, at the extreme prices.
  const marked = g.outliersMarked !== false;
  const lo = marked ? Math.max(g.min, g.lowerFence) : g.min;
  const hi = marked ? Math.min(g.max, g.upperFence) : g.max;
  const span = hi - lo;
  const x = (v: number) => (span > 0 ? Math.round(Math.min(1, Math.max(0, (v - lo) / span)) * WIDTH) : WIDTH / 2);
  const figure = (key: string, value: number, text = money(value)) => (
    <div key={key}>
      <dt>{t(`prices.figures.${key}`)}</dt>
      <dd><data value={value}>{text}</data></dd>
    </div>
  );
  const count = (n: number) => formatNumber(n, 0, language);
  return (
    <figure className="price-distribution">
      <figcaption>{t('prices.chart.caption', { per })}</figcaption>
      <div className="price-plot" aria-hidden="true">
        <svg className="price-box" viewBox={`-6 0 ${WIDTH + 12} 40`} preserveAspectRatio="none" focusable="false">
          <line className="price-whisker" x1={x(lo)} x2={x(g.q1)} y1={20} y2={20} vectorEffect="non-scaling-stroke" />
          <line className="price-whisker" x1={x(g.q3)} x2={x(hi)} y1={20} y2={20} vectorEffect="non-scaling-stroke" />
          <line className="price-whisker" x1={x(lo)} x2={x(lo)} y1={10} y2={30} vectorEffect="non-scaling-stroke" />
          <line className="price-whisker" x1={x(hi)} x2={x(hi)} y1={10} y2={30} vectorEffect="non-scaling-stroke" />
          <rect className="price-iqr" x={x(g.q1)} width={Math.max(1, x(g.q3) - x(g.q1))} y={4} height={32} vectorEffect="non-scaling-stroke" />
          <line className="price-median" x1={x(g.median)} x2={x(g.median)} y1={2} y2={38} vectorEffect="non-scaling-stroke" />
        </svg>
        <p className="price-axis">
          <span>{marked && g.outliersLow > 0 && `◂ ${count(g.outliersLow)} · `}{money(lo)}</span>
          <span>{money(hi)}{marked && g.outliersHigh > 0 && ` · ${count(g.outliersHigh)} ▸`}</span>
        </p>
      </div>
      <dl className="price-figures">
        {figure('median', g.median)}
        {figure('q1', g.q1)}
        {figure('q3', g.q3)}
        {figure('min', g.min)}
        {figure('max', g.max)}
        {figure('lowerFence', g.lowerFence)}
        {figure('upperFence', g.upperFence)}
        {marked && figure('outliersHigh', g.outliersHigh, count(g.outliersHigh))}
        {marked && figure('outliersLow', g.outliersLow, count(g.outliersLow))}
      </dl>
      {!marked && <p className="muted">{t('prices.figures.unmarked')}</p>}
    </figure>
  );
}
