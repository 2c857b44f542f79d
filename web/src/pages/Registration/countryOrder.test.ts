import { describe, expect, it } from 'vitest';
import { countryOrder } from './Registration';

const list = [
  { code: 'PL', name: 'Польща', name_en: 'Poland' },
  { code: 'AT', name: 'Австрія', name_en: 'Austria' },
  { code: 'UA', name: 'Україна', name_en: 'Ukraine' },
  { code: 'EE', name: 'Естонія', name_en: 'Estonia' },
  { code: 'GE', name: 'Грузія', name_en: 'Georgia' },
  { code: 'IE', name: 'Ірландія', name_en: 'Ireland' },
  { code: 'ZA', name: 'Південно-Африканська Республіка', name_en: 'South Africa' },
];

describe('the registration country list (issue 29, item 22)', () => {
  it('puts Ukraine first, then sorts by the Ukrainian name in the Ukrainian alphabet', () => {
    // Ґ, Є, І, Ї sit where the Ukrainian alphabet puts them, not after Я.
    expect(countryOrder(list, (c) => c.name, 'uk').map((c) => c.code)).toEqual(['UA', 'AT', 'GE', 'EE', 'IE', 'ZA', 'PL']);
  });

  it('sorts by the English name in English', () => {
    expect(countryOrder(list, (c) => c.name_en, 'en').map((c) => c.code)).toEqual(['UA', 'AT', 'EE', 'GE', 'IE', 'PL', 'ZA']);
  });

  it('leaves the list it was given as it was', () => {
    const copy = [...list];
    countryOrder(list, (c) => c.name, 'uk');
    expect(list).toEqual(copy);
  });
});
