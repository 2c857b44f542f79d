/**
 * The marks of the registers' result cards (`pages/Search/results.tsx`): the upstream's
 * `searchMatch` (`keyword.tsx`), and for a search service that gives none, what the
 * portal marked before it had one: each word of the keyword where a word of the text
 * starts with it, in the title and in a snippet cut from the description.
 */
import { matchMarks, wordsMatching, type Marks, type SearchMatch } from './keyword';

/** The pattern of the keyword's words at word starts, or null without words (quotes around a word are not part of it). */
export function wordsPattern(keyword: string | undefined): RegExp | null {
  // No keyword, no pattern: and no first use of the Unicode classes below, whose tables
  // cost a search page's hydration 1-2 ms on a slow phone.
  if (!keyword?.trim()) return null;
  const words = (keyword ?? '').split(/[^\p{L}\p{M}\p{N}'’ʼ`]+/u).map((w) => w.replace(/^['’ʼ`]+|['’ʼ`]+$/g, ''));
  return wordsMatching(words, false);
}

/**
 * Up to `max` characters of `text` around the first match of `pattern`, on word
 * boundaries, with `…` where it was cut; null when nothing matches.
 */
export function snippet(text: string | undefined, pattern: RegExp | null, max = 200): string | null {
  if (!text || !pattern) return null;
  pattern.lastIndex = 0;
  const at = text.search(pattern);
  if (at < 0) return null;
  let start = Math.max(0, at - Math.floor(max / 3));
  let end = Math.min(text.length, start + max);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > at ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/**
 * The marks of one result: with `searchMatch`, its words and its snippet (without one,
 * `description` cut around its words); without, `keyword` (`wordsPattern` of the search)
 * and `description` cut around its first match.
 */
export function marksOf(match: SearchMatch | undefined, keyword: RegExp | null, description: string | undefined): Marks {
  const marks = matchMarks(match);
  if (!marks) return { words: keyword, snippet: snippet(description, keyword) };
  return { words: marks.words, snippet: marks.snippet ?? snippet(description, marks.words) };
}
