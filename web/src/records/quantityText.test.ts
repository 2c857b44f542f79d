/**
 * Quantities with their units in the plural form the number takes (issue 46, item 17):
 * CLDR's rules (uk: one, few, many and other, fractions `other`; en: one and other), the
 * forms from the locale files (`items.units`), and the record's own name, as it is, for
 * a unit the locale has no forms of or the record calls otherwise.
 */
import { describe, expect, it } from 'vitest';
import { translations } from '../components/test-utils';
import { createI18n } from '../i18n';
import type { Language } from '../contract';
import { quantityText, type Unit } from './parts';

const resources = { uk: { dzo: translations.uk }, en: { dzo: translations.en } };
const t = { uk: createI18n('uk', resources).t, en: createI18n('en', resources).t };
const text = (language: Language, quantity: number | undefined, unit: Unit | undefined) => quantityText({ quantity, unit }, t[language], language);
const NBSP = '\u00a0';

type Tree = { [key: string]: string | Tree };
const units = (language: Language) => ((translations[language] as unknown as Tree).items as Tree).units as Record<string, string>;
const names = (language: Language) => ((translations[language] as unknown as Tree).tender as Tree).unit as Record<string, string>;

describe('quantityText', () => {
  const PIECE = { code: 'H87', name: 'штука' };
  const KILOGRAM = { code: 'KGM', name: 'кілограм' };
  const CUBIC = { code: 'MTQ', name: 'метр кубічний' };
  const SERVICE = { code: 'E48', name: 'послуга' };
  const counts = [1, 2, 5, 11, 21, 13, 2.5];

  it('gives Ukrainian units the form of the number: one, few, many, and other for fractions', () => {
    expect(counts.map((n) => text('uk', n, PIECE))).toEqual(
      ['1 штука', '2 штуки', '5 штук', '11 штук', '21 штука', '13 штук', '2,5 штуки'],
    );
    expect(counts.map((n) => text('uk', n, KILOGRAM))).toEqual(
      ['1 кілограм', '2 кілограми', '5 кілограмів', '11 кілограмів', '21 кілограм', '13 кілограмів', '2,5 кілограма'],
    );
    expect(counts.map((n) => text('uk', n, CUBIC))).toEqual([
      '1 метр кубічний', '2 метри кубічні', '5 метрів кубічних', '11 метрів кубічних',
      '21 метр кубічний', '13 метрів кубічних', '2,5 метра кубічного',
    ]);
    expect(counts.map((n) => text('uk', n, SERVICE))).toEqual(
      ['1 послуга', '2 послуги', '5 послуг', '11 послуг', '21 послуга', '13 послуг', '2,5 послуги'],
    );
  });

  it('gives English units their plural for every number but one', () => {
    expect(counts.map((n) => text('en', n, PIECE))).toEqual(
      ['1 piece', '2 pieces', '5 pieces', '11 pieces', '21 pieces', '13 pieces', '2.5 pieces'],
    );
    expect(counts.map((n) => text('en', n, KILOGRAM))).toEqual(
      ['1 kilogram', '2 kilograms', '5 kilograms', '11 kilograms', '21 kilograms', '13 kilograms', '2.5 kilograms'],
    );
    expect(text('en', 3, { code: 'IE', name: 'людина' })).toBe('3 people');
  });

  it('takes the form of the number as shown, grouped and rounded to two decimals', () => {
    expect(text('uk', 1.001, PIECE)).toBe('1 штука');
    expect(text('uk', 1234, PIECE)).toBe(`1${NBSP}234 штуки`);
    expect(text('uk', 1_000_005, KILOGRAM)).toBe(`1${NBSP}000${NBSP}005 кілограмів`);
    expect(text('en', 1234, PIECE)).toBe(`1${NBSP}234 pieces`);
    expect(text('uk', 0, PIECE)).toBe('0 штук');
  });

  it('takes the forms by the code when the record names no unit, or names it in other letter case', () => {
    expect(text('uk', 5, { code: 'LTR' })).toBe('5 літрів');
    expect(text('uk', 3, { code: 'H87', name: 'Штука' })).toBe('3 штуки');
  });

  it('keeps the record\'s own name, as it is, for a unit without forms or called otherwise', () => {
    // A code the locale has no forms of: the record's name, in both languages.
    expect(text('uk', 5, { code: 'Z2', name: 'коробка' })).toBe('5 коробка');
    expect(text('en', 5, { code: 'Z2', name: 'коробка' })).toBe('5 коробка');
    expect(text('uk', 5, { name: 'упаковка' })).toBe('5 упаковка');
    // A Ukrainian record that calls a known code by another name (an abbreviation).
    expect(text('uk', 13, { code: 'KGM', name: 'кг' })).toBe('13 кг');
    // A code i18next would read as a path or a plural key finds nothing either.
    expect(text('en', 2, { code: 'H87.x', name: 'штука' })).toBe('2 штука');
    expect(text('en', 2, { code: 'H87_one', name: 'штука' })).toBe('2 штука');
    // No unit, no quantity, a quantity that is no number.
    expect(text('uk', 4, undefined)).toBe('4');
    expect(text('uk', undefined, PIECE)).toBe('штука');
    expect(text('en', undefined, PIECE)).toBe('piece');
    expect(text('uk', Number.NaN, PIECE)).toBe('штука');
  });

  it('has every form of every unit the locales name, and its singular is the unit\'s name', () => {
    const forms = { uk: ['one', 'few', 'many', 'other'], en: ['one', 'other'] } as const;
    for (const language of ['uk', 'en'] as const) {
      const codes = Object.keys(names(language));
      expect(codes.length).toBeGreaterThanOrEqual(30);
      const missing = codes.flatMap((code) => forms[language].filter((f) => !units(language)[`${code}_${f}`]).map((f) => `${code}_${f}`));
      expect(missing, `${language}: ${missing.join(', ')}`).toEqual([]);
      const other = codes.filter((code) => units(language)[`${code}_one`] !== names(language)[code]);
      expect(other, `${language}: singular forms that are not the unit's name`).toEqual([]);
      const unnamed = Object.keys(units(language)).map((k) => k.replace(/_[a-z]+$/, '')).filter((code) => !names(language)[code]);
      expect(unnamed, `${language}: forms of units without a name`).toEqual([]);
    }
  });
});
