import { describe, expect, it } from 'vitest';
import { createI18n } from './index';
import { memoiseTranslations } from './memo';

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
});
