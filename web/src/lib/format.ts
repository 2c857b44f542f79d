/**
 * Number display and input helpers (SPEC §5): thousands grouped by no-break spaces
 * (U+00A0: a grouped number never breaks across lines, issue 21), a numeric-input
 * cleaner and the 'true'/'false' filter parser.
 *
 * Formatters are created lazily, once per locale and option set, and reused:
 * constructing an `Intl.NumberFormat` per call is about 5x slower in the V8 isolates.
 */
import type { Language } from '../contract';

const LOCALES: Record<Language, string> = { uk: 'uk-UA', en: 'en-US' };

interface CachedFormat {
  format: Intl.NumberFormat;
  /** Matches the locale's group separator (U+00A0 for uk-UA, ',' for en-US). */
  group: RegExp;
}

const cache = new Map<string, CachedFormat>();

function formatter(language: Language, fractionDigits: number | undefined): CachedFormat {
  const key = `${language}|${fractionDigits ?? ''}`;
  let cached = cache.get(key);
  if (!cached) {
    const format = new Intl.NumberFormat(
      LOCALES[language],
      fractionDigits === undefined
        ? { maximumFractionDigits: 2 }
        : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
    );
    const sep = format.formatToParts(1234567).find((p) => p.type === 'group')?.value;
    // U+00A0 and U+202F are always replaced: ICU versions differ in which one uk-UA uses.
    const chars = ['\u00a0', '\u202f', ...(sep ? [sep] : [])];
    const group = new RegExp(`[${chars.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}]`, 'g');
    cached = { format, group };
    cache.set(key, cached);
  }
  return cached;
}

/**
 * `1234567.891` -> `1 234 567,89` (uk) or `1 234 567.89` (en). Thousands are always
 * grouped by a no-break space (U+00A0), so a narrow column never wraps inside a number;
 * the decimal mark is the language's. Without
 * `fractionDigits` up to two decimals are shown and trailing zeros dropped; with it,
 * exactly that many. Non-finite values give an empty string.
 */
export function formatNumber(n: number, fractionDigits?: number, language: Language = 'uk'): string {
  if (!Number.isFinite(n)) return '';
  const { format, group } = formatter(language, fractionDigits);
  return format.format(n).replace(group, '\u00a0');
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
