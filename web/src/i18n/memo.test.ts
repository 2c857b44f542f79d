import { describe, expect, it } from 'vitest';
import { createI18n } from './index';
import { MAX_BYTES, MAX_ENTRY_BYTES, memoBudget, memoiseTranslations } from './memo';
import type { i18n } from 'i18next';

const resources = {
  uk: { dzo: { a: 'Привіт, {{name}}', n_one: '{{count}} тендер', n_few: '{{count}} тендери', n_many: '{{count}} тендерів', n_other: '{{count}} тендера', x: { y: 'Вкладений' } } },
  en: { dzo: { a: 'Hello, {{name}}', n_one: '{{count}} tender', n_other: '{{count}} tenders', x: { y: 'Nested' } } },
};

describe('memoised translations', () => {
  it('answer exactly what i18next answers, for every language, key and option', () => {
    for (const lng of ['uk', 'en'] as const) {
      const plain = createI18n(lng, resources).getFixedT(lng, 'dzo');
      const memo = memoiseTranslations(createI18n(lng, resources)).getFixedT(lng, 'dzo');
      const calls: Array<[string, Record<string, unknown>?]> = [
        ['a', { name: 'Світ' }], ['a', { name: 'Інший' }], ['n', { count: 1 }], ['n', { count: 3 }], ['n', { count: 5 }],
        ['n', { count: 21 }], ['x.y'], ['missing.key'], ['a', { name: 7 }], ['a', { name: '7' }],
      ];
      for (let round = 0; round < 2; round++) {
        for (const [key, opts] of calls) expect(memo(key, opts), `${lng} ${key} ${JSON.stringify(opts)}`).toBe(plain(key, opts));
      }
    }
  });

  it('passes calls with object options straight through', () => {
    const memo = memoiseTranslations(createI18n('en', resources)).getFixedT('en', 'dzo');
    expect(memo('x', { returnObjects: true, nested: { a: 1 } } as never)).toEqual({ y: 'Nested' });
  });

  it('keeps fixed languages apart', () => {
    const instance = memoiseTranslations(createI18n('uk', resources));
    expect(instance.getFixedT('uk', 'dzo')('x.y')).toBe('Вкладений');
    expect(instance.getFixedT('en', 'dzo')('x.y')).toBe('Nested');
  });

  describe('bounded by bytes, not count (URLs may be 64 KB long)', () => {
    /** An instance whose underlying `t` counts its calls: a memo hit makes none. */
    function counted(): { instance: i18n; calls: () => number } {
      const instance = createI18n('uk', resources);
      let calls = 0;
      const original = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => (...a: unknown[]) => unknown;
      (instance as unknown as { getFixedT: unknown }).getFixedT = (...args: unknown[]) => {
        const fixed = original(...args);
        return Object.assign((...a: unknown[]) => {
          calls++;
          return fixed(...a);
        }, fixed);
      };
      return { instance: memoiseTranslations(instance), calls: () => calls };
    }
    const long = (i: number) => `${'x'.repeat(64 * 1024)}${i}`;

    it('keeps no entry over the entry bound: a flood of 64 KB keys holds nothing, small entries still hit', () => {
      const { instance, calls } = counted();
      const t = instance.getFixedT('uk', 'dzo');
      expect(t('x.y')).toBe('Вкладений');
      expect(t('a', { name: 'Світ' })).toBe('Привіт, Світ');
      const before = memoBudget(instance)!.used;
      for (let i = 0; i < 200; i++) {
        expect(t(long(i))).toBe(long(i)); // a missing key answers itself
        expect(t('a', { name: long(i) })).toBe(`Привіт, ${long(i)}`);
      }
      expect(memoBudget(instance)!.used).toBe(before);
      expect(before).toBeLessThan(MAX_ENTRY_BYTES);
      const made = calls();
      expect(t('x.y')).toBe('Вкладений');
      expect(t('a', { name: 'Світ' })).toBe('Привіт, Світ');
      expect(calls()).toBe(made);
    });

    it('stays within its bytes under many entries just under the entry bound', () => {
      const { instance, calls } = counted();
      const t = instance.getFixedT('en', 'dzo');
      const budget = memoBudget(instance)!;
      // Key and result (a missing key answers itself) just under the entry bound together.
      const medium = (i: number) => `k${i}-${'y'.repeat(MAX_ENTRY_BYTES / 4 - 100)}`;
      for (let i = 0; i < 3000; i++) {
        t(medium(i));
        t('a', { name: medium(i) });
        expect(budget.used).toBeLessThanOrEqual(MAX_BYTES);
      }
      expect(budget.used).toBeGreaterThan(MAX_BYTES / 2);
      // What was kept last still answers from the memo; a small entry is kept again at once.
      let made = calls();
      expect(t(medium(2999))).toBe(medium(2999));
      expect(calls()).toBe(made);
      t('x.y');
      made = calls();
      expect(t('x.y')).toBe('Nested');
      expect(calls()).toBe(made);
    });
  });
});
