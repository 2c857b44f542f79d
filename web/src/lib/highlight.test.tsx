import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { marksOf, snippet, wordsPattern } from './highlight';
import { highlight, matchMarks, type Marks, type SearchMatch } from './keyword';

/** The markup, with the apostrophe React writes as `&#x27;` as typed. */
const html = (node: ReactNode) => renderToStaticMarkup(<>{node}</>).replaceAll('&#x27;', "'");
const marked = (text: string, keyword: string) => html(highlight(text, wordsPattern(keyword)));
/** `text` marked with the words of an upstream's `searchMatch`. */
const matched = (text: string, words: string[]) => html(highlight(text, matchMarks({ words })!.words));

describe('highlight without searchMatch (the keyword as word starts)', () => {
  it('marks the words of the keyword where a word starts with them, in any case', () => {
    expect(marked('Лікарські засоби для лікарні', 'лік')).toBe('<mark>Лік</mark>арські засоби для <mark>лік</mark>арні');
    expect(marked('Поточний ремонт дороги', 'РЕМОНТ дор')).toBe('Поточний <mark>ремонт</mark> <mark>дор</mark>оги');
    // Not inside a word, and nothing that a regular expression would read.
    expect(marked('Заліки (ремонт)', 'лік (')).toBe('Заліки (ремонт)');
    expect(marked('a.b', '.*')).toBe('a.b');
    expect(marked('Текст', '')).toBe('Текст');
  });

  it('reads the apostrophes as one character, and one inside a word as part of it', () => {
    expect(marked('Комп’ютерна техніка', "комп'ютер")).toBe('<mark>Комп’ютер</mark>на техніка');
    expect(marked('Комп`ютерна техніка', 'кОмпʼют')).toBe('<mark>Комп`ют</mark>ерна техніка');
    // `ютер` starts no word of `комп'ютер`.
    expect(marked("Комп'ютерна техніка", 'ютер')).toBe("Комп'ютерна техніка");
    // Quotes around a word are not part of it.
    expect(marked('Ремонт даху', "'ремонт'")).toBe('<mark>Ремонт</mark> даху');
  });

  it('reads the query syntax as words, as before the upstream had it', () => {
    expect(marked('Ремонт покрівлі школи', '"ремонт покрівлі" -школи')).toBe('<mark>Ремонт</mark> <mark>покрівлі</mark> <mark>школи</mark>');
  });

  it('cuts a snippet around the first match', () => {
    const text = `${'слово '.repeat(60)}ремонт покрівлі ${'інше '.repeat(60)}`;
    const cut = snippet(text, wordsPattern('покрівлі'))!;
    expect(cut.startsWith('…') && cut.endsWith('…')).toBe(true);
    expect(cut).toContain('ремонт покрівлі');
    expect(cut.length).toBeLessThanOrEqual(202);
    expect(snippet(text, wordsPattern('дах'))).toBeNull();
    expect(snippet('Коротко про ремонт', wordsPattern('ремонт'))).toBe('Коротко про ремонт');
  });
});

describe('highlight with the upstream searchMatch (the record own word forms)', () => {
  it('marks the named forms as whole words, in any case', () => {
    // `лікарні` was typed; the upstream found `лікарня` and says so.
    expect(matched('Продукти харчування для Лікарня №3', ['лікарня'])).toBe('Продукти харчування для <mark>Лікарня</mark> №3');
    expect(matched('КАПІТАЛЬНОГО РЕМОНТУ покрівлі', ['капітального', 'ремонту'])).toBe('<mark>КАПІТАЛЬНОГО</mark> <mark>РЕМОНТУ</mark> покрівлі');
    // Whole words only: not the start of a longer word, not its end.
    expect(matched('Ремонтні роботи, ремонт', ['ремонт'])).toBe('Ремонтні роботи, <mark>ремонт</mark>');
    expect(matched('Капремонт школи', ['ремонт'])).toBe('Капремонт школи');
    expect(matched('Dieselfuel; diesel fuel', ['diesel'])).toBe('Dieselfuel; <mark>diesel</mark> fuel');
    // Nothing a regular expression would read.
    expect(matched('Код 1.2 і 1x2', ['1.2'])).toBe('Код <mark>1.2</mark> і 1x2');
  });

  it('reads apostrophe variants as equal and keeps a word with one whole', () => {
    expect(matched('Комп’ютерна техніка', ["комп'ютерна"])).toBe('<mark>Комп’ютерна</mark> техніка');
    expect(matched('Комп`ютерна, компʼютерна', ['комп’ютерна'])).toBe('<mark>Комп`ютерна</mark>, <mark>компʼютерна</mark>');
    // `комп` is not a whole word of `комп'ютерна`, nor `ютерна`.
    expect(matched("Комп'ютерна техніка", ['комп', 'ютерна'])).toBe("Комп'ютерна техніка");
    // An apostrophe after a word that ends it (a closing quote) does not hide the word.
    expect(matched("Закупівля 'паливо'", ['паливо'])).toBe("Закупівля '<mark>паливо</mark>'");
  });

  it('shows the upstream snippet, else a cut of the description around the words', () => {
    const match: SearchMatch = { words: ['ремонту'], snippet: '…капітального   ремонту покрівлі будівлі…' };
    const marks = marksOf(match, wordsPattern('ремонт'), 'Опис без слова');
    expect(marks.snippet).toBe('…капітального ремонту покрівлі будівлі…');
    expect(html(highlight(marks.snippet!, marks.words))).toBe('…капітального <mark>ремонту</mark> покрівлі будівлі…');
    expect(marksOf({ words: ['ремонту'] }, null, 'Виконання поточного ремонту.').snippet).toBe('Виконання поточного ремонту.');
    // Only the title matched: no snippet.
    expect(marksOf({ words: ['ремонту'] }, null, 'Інший опис').snippet).toBeNull();
  });

  it('marks nothing when the upstream matched no word (a code), and never falls back then', () => {
    const marks = marksOf({ words: [] }, wordsPattern('14321498'), '14321498');
    expect(marks).toEqual<Marks>({ words: null, snippet: null });
  });

  it('is nothing without a searchMatch: product cards mark only what the upstream names', () => {
    for (const odd of [undefined, null, 'ремонт', { words: 'ремонт' }, { snippet: 'x' }] as unknown as SearchMatch[]) {
      expect(matchMarks(odd), JSON.stringify(odd)).toBeNull();
    }
    expect(matchMarks({ words: ['папір'] })).toEqual({ words: expect.any(RegExp), snippet: null });
    expect(matchMarks({ words: ['папір'], snippet: ' Папір  офісний ' })?.snippet).toBe('Папір офісний');
  });

  it('falls back to the keyword without a searchMatch, or with one that is not what the API says', () => {
    const keyword = wordsPattern('ремонт');
    for (const odd of [undefined, null, 'ремонт', { words: 'ремонт' }, { snippet: 'x' }] as unknown as SearchMatch[]) {
      const marks = marksOf(odd, keyword, 'Поточний ремонтний цикл');
      expect(marks.words, JSON.stringify(odd)).toBe(keyword);
      expect(html(highlight('Ремонтні роботи', marks.words))).toBe('<mark>Ремонт</mark>ні роботи');
      expect(marks.snippet).toBe('Поточний ремонтний цикл');
    }
    // Words that are not strings are left out.
    expect(matched('Ремонт 5', ['ремонт', 5, null] as unknown as string[])).toBe('<mark>Ремонт</mark> 5');
  });
});

describe('wordsPattern', () => {
  it('is null without a word, before any Unicode class is built', () => {
    expect(wordsPattern(undefined)).toBeNull();
    expect(wordsPattern('')).toBeNull();
    expect(wordsPattern('   ')).toBeNull();
    expect(wordsPattern('"  "')).toBeNull();
    expect(wordsPattern('ремонт')).toBeInstanceOf(RegExp);
  });
});
