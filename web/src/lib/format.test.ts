import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanNumericInput, formatMoney, formatNumber } from './format';

describe('formatNumber', () => {
  afterEach(() => vi.restoreAllMocks());

  it('groups thousands with no-break spaces (U+00A0), never U+202F nor a breaking space', () => {
    expect(formatNumber(1234567)).toBe('1 234 567');
    expect(formatNumber(1234)).toBe('1 234');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(-1234567)).toBe('-1 234 567');
    expect(formatNumber(1234567.891)).not.toMatch(/[ \u202f]/);
  });

  it('uses the language decimal mark and keeps no-break space grouping in English too', () => {
    expect(formatNumber(1234567.891)).toBe('1 234 567,89');
    expect(formatNumber(1234567.891, undefined, 'en')).toBe('1 234 567.89');
  });

  it('shows up to two decimals by default and exactly fractionDigits when given', () => {
    expect(formatNumber(12.5)).toBe('12,5');
    expect(formatNumber(12)).toBe('12');
    expect(formatNumber(12, 2)).toBe('12,00');
    expect(formatNumber(1234.5678, 3)).toBe('1 234,568');
    expect(formatNumber(1234.5, 0)).toBe('1 235');
  });

  it('gives an empty string for values that are not finite numbers', () => {
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('makes no Intl formatter, whatever the number', () => {
    const spy = vi.spyOn(Intl, 'NumberFormat');
    for (const n of [1, 1234567.891, 1e21, 1e-7]) for (const digits of [undefined, 0, 5]) formatNumber(n, digits, n > 1e6 ? 'en' : 'uk');
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('formatMoney', () => {
  it('shows two decimals and грн for hryvnias in Ukrainian', () => {
    expect(formatMoney(1234567.891, 'UAH')).toBe('1 234 567,89 грн');
    expect(formatMoney(1500, 'UAH')).toBe('1 500,00 грн');
    expect(formatMoney(0, 'uah')).toBe('0,00 грн');
  });

  it('shows the ISO code for other currencies and in English', () => {
    expect(formatMoney(15, 'USD')).toBe('15,00 USD');
    expect(formatMoney(1234567.891, 'UAH', 'en')).toBe('1 234 567.89 UAH');
    expect(formatMoney(99.5, 'EUR', 'en')).toBe('99.50 EUR');
  });

  it('is empty for a missing amount', () => {
    expect(formatMoney(Number.NaN, 'UAH')).toBe('');
  });
});

describe('cleanNumericInput', () => {
  it('keeps digits, minus, comma and dot only', () => {
    expect(cleanNumericInput('1 234 567 грн')).toBe('1234567');
    expect(cleanNumericInput('-12abc3')).toBe('-123');
    expect(cleanNumericInput('')).toBe('');
  });

  it('turns commas into dots', () => {
    expect(cleanNumericInput('1 234,56')).toBe('1234.56');
    expect(cleanNumericInput('1,2,3')).toBe('1.2.3');
    expect(cleanNumericInput('12.5')).toBe('12.5');
  });
});

describe('formatNumber writes digits as Intl.NumberFormat does', () => {
  // The reference: ICU, with its group separator made the no-break space formatNumber uses.
  const made = new Map<string, Intl.NumberFormat>();
  const icu = (digits: number | undefined, language: 'uk' | 'en') => {
    const key = `${digits}${language}`;
    if (!made.has(key)) made.set(key, new Intl.NumberFormat(language === 'uk' ? 'uk-UA' : 'en-US', digits === undefined ? { maximumFractionDigits: 2 } : { minimumFractionDigits: digits, maximumFractionDigits: digits }));
    return made.get(key)!;
  };
  const reference = (n: number, digits: number | undefined, language: 'uk' | 'en') =>
    icu(digits, language)
      .format(n)
      .replace(/[\u00a0\u202f,]/g, (c) => (language === 'en' && c === ',' ? '\u00a0' : c === ',' ? ',' : '\u00a0'));

  it('on halves, nines, signs and the edges of its range', () => {
    const values = [0, -0, 5e-7, 4e-7, -6e-7, 1.5e-5, 0.00005, 0.5, 1.5, 2.5, -2.5, 1.005, 2.675, 0.125, -0.001, 0.995, 9.995, 99.995, 999999.995, 1234, 12345.678, -1234.5, 1e-6, 1e-7, 123456789.999, 1e20, 1e21, 2 ** 53, Number.MAX_VALUE, Number.MIN_VALUE];
    for (const n of values) for (const digits of [undefined, 0, 1, 2, 3, 4]) for (const language of ['uk', 'en'] as const) {
      expect(formatNumber(n, digits, language), `${n} ${digits} ${language}`).toBe(reference(n, digits, language));
    }
  });

  it('on 20,000 random amounts of every size', () => {
    let seed = 46;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** Math.floor(random() * 16 - 4);
      const n = (random() - 0.2) * scale;
      const kopecks = Math.round(n * 100) / 100;
      const digits = [undefined, 0, 2, 4][i % 4];
      for (const x of [n, kopecks]) for (const language of ['uk', 'en'] as const) {
        expect(formatNumber(x, digits, language), `${x} ${digits} ${language}`).toBe(reference(x, digits, language));
      }
    }
  });
});
