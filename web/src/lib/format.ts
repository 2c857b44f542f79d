/**
 * Number display and input helpers (SPEC §5): thousands grouped by no-break spaces
 * (U+00A0: a grouped number never breaks across lines, issue 21), a numeric-input
 * cleaner and the 'true'/'false' filter parser.
 *
 * Numbers are written here, digit by digit, as `Intl.NumberFormat` writes them (its tests
 * compare the two): making the first `Intl.NumberFormat` of a page cost a slow phone's
 * main thread 50-90 ms at Lighthouse's 4 × slowdown, on every page that shows money.
 */
import type { Language } from '../contract';

/**
 * `1234567.891` -> `1 234 567,89` (uk) or `1 234 567.89` (en). Thousands are always
 * grouped by a no-break space (U+00A0), so a narrow column never wraps inside a number;
 * the decimal mark is the language's. Without
 * `fractionDigits` up to two decimals are shown and trailing zeros dropped; with it,
 * exactly that many. Non-finite values give an empty string.
 */
export function formatNumber(n: number, fractionDigits?: number, language: Language = 'uk'): string {
  if (!Number.isFinite(n)) return '';
  const [sign, whole, fraction] = decimalDigits(n, fractionDigits ?? 0, fractionDigits ?? 2);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${sign}${grouped}${fraction ? (language === 'uk' ? ',' : '.') + fraction : ''}`;
}

/**
 * `n`'s sign, whole digits and decimals, at least `min` and at most `max` of them, rounded
 * half away from zero from the shortest decimal that reads back as `n`, as ICU rounds
 * (`1.005` → `1.01`, `-0.001` → `-0`, `1e21` → 1 and 21 zeros).
 */
function decimalDigits(n: number, min: number, max: number): [string, string, string] {
  let text = Math.abs(n).toString();
  // JavaScript writes 1e21 and up, and below 1e-6, with an exponent: its digits, shifted.
  const e = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (e) {
    const digits = e[1] + (e[2] ?? '');
    const exponent = Number(e[3]);
    text = exponent >= 0 ? digits.padEnd(exponent + 1, '0') : `0.${'0'.repeat(-exponent - 1)}${digits}`;
  }
  const point = text.indexOf('.');
  let whole = point < 0 ? text : text.slice(0, point);
  let fraction = point < 0 ? '' : text.slice(point + 1);
  if (fraction.length > max) {
    const up = fraction.charCodeAt(max) >= 53; // '5' or more
    fraction = fraction.slice(0, max);
    if (up) {
      const all = (whole + fraction).split('');
      let i = all.length - 1;
      for (; i >= 0 && all[i] === '9'; i--) all[i] = '0';
      if (i < 0) all.unshift('1');
      else all[i] = String(Number(all[i]) + 1);
      whole = all.slice(0, all.length - max).join('');
      fraction = all.slice(all.length - max).join('');
    }
  }
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length < min) fraction = fraction.padEnd(min, '0');
  return [n < 0 || Object.is(n, -0) ? '-' : '', whole, fraction];
}

const CURRENCY_LABELS: Record<Language, Record<string, string>> = {
  uk: { UAH: 'грн' },
  en: { UAH: 'UAH' },
};

/**
 * Money: two decimals (or `fractionDigits`: a price per unit may be below a kopeck,
 * `lib/price.ts`), then a space and the currency: `грн` for hryvnias in Ukrainian, the ISO
 * code otherwise (`1 234 567,89 грн`, `1 234 567.89 UAH`, `15,00 USD`). Empty when the
 * amount is not a finite number.
 */
export function formatMoney(amount: number, currency: string, language: Language = 'uk', fractionDigits = 2): string {
  const number = formatNumber(amount, fractionDigits, language);
  if (!number) return '';
  const code = currency.toUpperCase();
  return `${number} ${CURRENCY_LABELS[language][code] ?? code}`;
}

/** Keeps digits, minus, comma and dot, and turns commas into dots (`'1 234,5 грн'` -> `'1234.5'`). */
export function cleanNumericInput(s: string): string {
  return s.replace(/[^\d,.-]/g, '').replace(/,/g, '.');
}
