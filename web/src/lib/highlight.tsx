/**
 * The words of a search marked in a text (`<mark>`), as the upstream matches them: each
 * word of the keyword is the start of a word of the text, case-insensitive.
 */
import type { ReactNode } from 'react';

const WORD = /[^\p{L}\p{N}]+/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of the keyword's words at word starts, or null without words. */
export function wordsPattern(keyword: string | undefined): RegExp | null {
  const words = [...new Set((keyword ?? '').toLowerCase().split(WORD).filter(Boolean))];
  // Longest first: `ліки` inside `лікарня` is marked as far as it goes.
  words.sort((a, b) => b.length - a.length);
  return words.length ? new RegExp(`(?<![\\p{L}\\p{N}])(${words.map(escape).join('|')})`, 'giu') : null;
}

/** `text` with the keyword's words marked. */
export function highlight(text: string, pattern: RegExp | null): ReactNode {
  if (!pattern) return text;
  // With a capturing group, `split` puts the matches at the odd places.
  const parts = text.split(pattern);
  return parts.length === 1 ? text : parts.map((part, i) => (i % 2 ? <mark key={i}>{part}</mark> : part));
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
