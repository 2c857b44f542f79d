import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { highlight, snippet, wordsPattern } from './highlight';

const marked = (text: string, keyword: string) => renderToStaticMarkup(<>{highlight(text, wordsPattern(keyword))}</>);

describe('highlight', () => {
  it('marks the words of the keyword where a word starts with them, in any case', () => {
    expect(marked('Лікарські засоби для лікарні', 'лік')).toBe('<mark>Лік</mark>арські засоби для <mark>лік</mark>арні');
    expect(marked('Поточний ремонт дороги', 'РЕМОНТ дор')).toBe('Поточний <mark>ремонт</mark> <mark>дор</mark>оги');
    // Not inside a word, and nothing that a regular expression would read.
    expect(marked('Заліки (ремонт)', 'лік (')).toBe('Заліки (ремонт)');
    expect(marked('a.b', '.*')).toBe('a.b');
    expect(marked('Текст', '')).toBe('Текст');
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
