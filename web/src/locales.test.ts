/**
 * The two translation files must describe the same interface: every key path of one
 * exists in the other, no value is empty, and plural keys carry exactly the plural
 * forms their language needs (uk: one, few, many, other; en: one, other).
 */
import { describe, expect, it } from 'vitest';
import uk from '../../locales/uk/dzo.json';
import en from '../../locales/en/dzo.json';

type Tree = { [key: string]: string | Tree };
const files: Record<'uk' | 'en', Tree> = { uk, en };

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf as [dotted path, value]. */
function leaves(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object' ? leaves(value, path) : [[path, value] as [string, unknown]];
  });
}

/** Key paths with plural forms folded into their base key (`showMore_few` -> `showMore`). */
function baseKeys(tree: Tree): Set<string> {
  return new Set(leaves(tree).map(([path]) => path.replace(PLURAL, '')));
}

/** Base key -> the plural forms present, for plural keys only. */
function pluralForms(tree: Tree): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [path] of leaves(tree)) {
    const m = PLURAL.exec(path);
    if (!m) continue;
    const base = path.slice(0, m.index);
    out.set(base, [...(out.get(base) ?? []), m[1]].sort());
  }
  return out;
}

describe('translation files', () => {
  it('have the same keys in uk and en', () => {
    const ukKeys = baseKeys(files.uk);
    const enKeys = baseKeys(files.en);
    const missingInEn = [...ukKeys].filter((k) => !enKeys.has(k));
    const missingInUk = [...enKeys].filter((k) => !ukKeys.has(k));
    const report = [
      missingInEn.length ? `missing in en: ${missingInEn.join(', ')}` : '',
      missingInUk.length ? `missing in uk: ${missingInUk.join(', ')}` : '',
    ].filter(Boolean);
    expect(report, report.join('\n')).toEqual([]);
  });

  it('have no empty values', () => {
    for (const lang of ['uk', 'en'] as const) {
      const empty = leaves(files[lang])
        .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
        .map(([path]) => path);
      expect(empty, `empty values in ${lang}: ${empty.join(', ')}`).toEqual([]);
    }
  });

  it('give every plural key exactly the forms of its language', () => {
    for (const lang of ['uk', 'en'] as const) {
      const needed = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
      const wrong = [...pluralForms(files[lang])]
        .filter(([, forms]) => forms.join() !== needed.join())
        .map(([base, forms]) => `${base} has ${forms.join('/')}`);
      expect(wrong, `plural forms in ${lang} (needs ${needed.join('/')}): ${wrong.join('; ')}`).toEqual([]);
    }
  });

  it('keep the error-page keys the server reads for the head tags', () => {
    for (const lang of ['uk', 'en'] as const) {
      const keys = new Set(leaves(files[lang]).map(([path]) => path));
      for (const variant of ['400', '403', '404', '500', '503']) {
        expect(keys.has(`errorPage.${variant}.title`), `${lang} errorPage.${variant}.title`).toBe(true);
        expect(keys.has(`errorPage.${variant}.text`), `${lang} errorPage.${variant}.text`).toBe(true);
      }
    }
  });
});
