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

  it('creates one formatter per locale and options and reuses it', () => {
    const Real = Intl.NumberFormat;
    const spy = vi
      .spyOn(Intl, 'NumberFormat')
      .mockImplementation((...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Real(...args));
    formatNumber(1, 5);
    formatNumber(2, 5);
    formatNumber(3, 5);
    expect(spy).toHaveBeenCalledTimes(1);
    formatNumber(1, 5, 'en');
    formatNumber(2, 5, 'en');
    expect(spy).toHaveBeenCalledTimes(2);
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
