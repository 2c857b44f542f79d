/**
 * The hand-written alphabetical order against ICU's (`Intl.Collator`, which Node has in
 * full): every pair of the table's characters, and real lists (the countries of
 * `data/countries.tsv`, the DK 021 names of `data/dk021_uk.json`, market
 * classifications) sorted both ways.
 */
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../test-shared-data';
import { alphabetical } from './alphabet';
import classificationsFx from '../market/fixtures/classifications.json';

interface Fs {
  readFileSync(path: string, encoding: 'utf8'): string;
}
const fs: Fs = await import('node:fs' as string);

const sign = (n: number) => Math.sign(n);

const CHARACTERS = (() => {
  const out: string[] = [];
  for (let i = 0x20; i < 0x7f; i++) out.push(String.fromCharCode(i));
  for (let i = 0x400; i < 0x460; i++) out.push(String.fromCharCode(i));
  out.push('ґ', 'Ґ', '\u00a0', ...'«»–—’ʼ`´‘“”„…№°×·');
  const latin = 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿßæøœ';
  out.push(...latin, ...latin.toUpperCase());
  return [...new Set(out)].filter((c) => [...c].length === 1);
})();

const countries = fs
  .readFileSync(`${PROJECT_ROOT}/data/countries.tsv`, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split('\t'));
const cpvNames = Object.values(JSON.parse(fs.readFileSync(`${PROJECT_ROOT}/data/dk021_uk.json`, 'utf8')) as Record<string, string>);

describe('alphabetical', () => {
  for (const language of ['uk', 'en']) {
    for (const sensitivity of ['variant', 'base'] as const) {
      it(`orders every pair of its characters as ICU does (${language}, ${sensitivity})`, () => {
        const ours = alphabetical(language, { sensitivity });
        const icu = new Intl.Collator(language, { sensitivity });
        const wrong: string[] = [];
        for (const a of CHARACTERS) for (const b of CHARACTERS) if (sign(ours(a, b)) !== sign(icu.compare(a, b))) wrong.push(`${a}:${b}`);
        expect(wrong).toEqual([]);
      });
    }
  }

  it('sorts the countries as ICU does, by their Ukrainian and English names', () => {
    expect(countries.length).toBeGreaterThan(200);
    for (const [language, column] of [['uk', 1], ['en', 2]] as const) {
      const names = countries.map((row) => row[column]);
      for (const sensitivity of ['variant', 'base'] as const) {
        expect([...names].sort(alphabetical(language, { sensitivity }))).toEqual([...names].sort(new Intl.Collator(language, { sensitivity }).compare));
      }
    }
  });

  it('sorts the 9,000-odd DK 021 names and the market classifications as ICU does', () => {
    expect(cpvNames.length).toBeGreaterThan(9000);
    expect([...cpvNames].sort(alphabetical('uk'))).toEqual([...cpvNames].sort(new Intl.Collator('uk').compare));
    for (const [language, key] of [['uk', 'title'], ['en', 'title_en']] as const) {
      const titles = classificationsFx.items.map((c) => c[key]);
      expect([...titles].sort(alphabetical(language))).toEqual([...titles].sort(new Intl.Collator(language).compare));
    }
  });

  it('reads case and accents only where the letters are equal, and digits as characters', () => {
    const uk = alphabetical('uk');
    const names = ['аптека', 'Аптека', 'Аптека 10', 'Аптека 2', 'Аптека 1', 'ТОВ «Альфа»', 'Об’єднані', 'Обєднані', 'Ґудзик', 'Гума', 'Їжа', 'Іграшки', 'Инше', 'Zeta', 'alpha', 'Ёлка', 'Елка', 'é', 'e', 'E'];
    expect([...names].sort(uk)).toEqual([...names].sort(new Intl.Collator('uk').compare));
    expect([...names].sort(alphabetical('en'))).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(alphabetical('uk', { sensitivity: 'base' })('Аптека', 'аптека')).toBe(0);
    expect(uk('Аптека', 'аптека')).toBe(1);
  });
});
