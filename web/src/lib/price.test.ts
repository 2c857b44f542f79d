/**
 * How a price of one unit reads: the decimals it has, the unit in the accusative after
 * «за» (the unit names of the real tenders and of the Market's catalogue), the VAT note.
 */
import { describe, expect, it } from 'vitest';
import { translations } from '../components/test-utils';
import { createI18n } from '../i18n';
import { priceDigits, unitMoney } from '../components/UnitPrice/UnitPrice';
import { accusative, perUnit, vatNote } from './price';

const resources = { uk: { dzo: translations.uk }, en: { dzo: translations.en } };
const t = { uk: createI18n('uk', resources).t, en: createI18n('en', resources).t };
const NBSP = '\u00a0';

describe('a price per unit', () => {
  it('keeps the decimals it has: kopecks at least, a gram\'s price below a kopeck in full', () => {
    expect([5979.37, 500, 4.5, 0.07, 0.0877, 0.0003333, 12.345, 1 / 3].map(priceDigits)).toEqual([2, 2, 2, 2, 4, 7, 3, 8]);
    expect(priceDigits(Number.NaN)).toBe(2);
    expect(unitMoney(5979.37, 'UAH', 'uk')).toBe(`5${NBSP}979,37 грн`);
    expect(unitMoney(0.0003333, 'UAH', 'uk')).toBe('0,0003333 грн');
    expect(unitMoney(0.0877, 'USD', 'en')).toBe('0.0877 USD');
    expect(unitMoney(1234567, 'UAH', 'en')).toBe(`1${NBSP}234${NBSP}567.00 UAH`);
  });

  it('names a feminine unit and its adjectives in the accusative, and leaves the rest as they are', () => {
    const cases: Array<[string, string]> = [
      ['штука', 'штуку'], ['Штука', 'Штуку'], ['ШТУКА', 'ШТУКУ'], ['послуга', 'послугу'], ['пара', 'пару'],
      ['упаковка', 'упаковку'], ['одиниця', 'одиницю'], ['доба', 'добу'], ['порція', 'порцію'], ['кіловат-година', 'кіловат-годину'],
      ['умовна одиниця', 'умовну одиницю'], ['тисяча кубічних метрів', 'тисячу кубічних метрів'],
      ['американська кварта для рідин', 'американську кварту для рідин'], ['робота екскаватора', 'роботу екскаватора'],
      ['година роботи', 'годину роботи'], ['загальна площа', 'загальну площу'], ['одноразова послуга', 'одноразову послугу'], ['упаковка (50 шт.)', 'упаковку (50 шт.)'], ['тонна на кілометр', 'тонну на кілометр'],
      // Masculine and neuter inanimate nouns, plurals, abbreviations and other scripts read the same.
      ['кілограм', 'кілограм'], ['метр квадратний', 'метр квадратний'], ['погонний метр', 'погонний метр'], ['паковання', 'паковання'],
      ['покриття', 'покриття'], ['грам на квадратний метр', 'грам на квадратний метр'], ['шт.', 'шт.'], ['кг', 'кг'], ['м²', 'м²'],
      ['ножиці', 'ножиці'], ['pcs', 'pcs'], ['', ''],
    ];
    for (const [name, expected] of cases) expect(accusative(name), name).toBe(expected);
  });

  it('says what it is the price of and whether it includes VAT, in the page\'s language', () => {
    expect(perUnit(t.uk, 'послуга', 'uk')).toBe('за послугу');
    expect(perUnit(t.en, 'service', 'en')).toBe('per service');
    expect(perUnit(t.uk, '', 'uk')).toBe('');
    expect([true, false, undefined, 'yes'].map((v) => vatNote(t.uk, v))).toEqual(['з ПДВ', 'без ПДВ', '', '']);
    expect([true, false].map((v) => vatNote(t.en, v))).toEqual(['incl. VAT', 'excl. VAT']);
  });
});
