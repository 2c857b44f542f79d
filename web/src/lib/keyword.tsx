/**
 * A search's keyword beyond the words the portal passes to the upstream (which parses
 * phrases, `-word` and `АБО`/`OR` itself, `upstream/API.md`), for every codec and card
 * that has one: the relevance order it brings, the `exact` switch that turns the
 * upstream's typo fallback off, and the marks of the words it matched.
 *
 * Marks (`<mark>`, the same on the server and in the browser) come from the upstream: it
 * names each record's own matched word forms and a snippet of the field that matched
 * (`searchMatch`), since its search reduces words to their dictionary forms (`лікарні`
 * typed may have found `лікарня` written) and only it knows which. The registers' cards
 * mark the keyword's words when an answer has none (`highlight.tsx`); product cards then
 * mark nothing, as before. Words are read as the upstream reads them: case-insensitive,
 * any script, and the apostrophes `'` `’` `ʼ` and a backtick as one character.
 */
import type { ReactNode } from 'react';

/** The upstream's relevance order (BM25, best first). Only a keyword with words has it. */
export const RELEVANCE = 'relevance';

/**
 * Whether a keyword has words (a letter or a digit): the upstream ranks those by
 * relevance; a keyword of punctuation alone ranks nothing, and the upstream then orders
 * by the register's default.
 */
export const hasWords = (keyword: string | undefined): boolean => !!keyword && /[\p{L}\p{N}]/u.test(keyword);

/**
 * `exact=1` in a portal URL: the words as typed, no typo fallback (the upstream's
 * `exact=true`). Meaningful only with words in the keyword, so without them it is dropped.
 */
export const parseExact = (query: URLSearchParams, keyword: string | undefined): true | undefined =>
  hasWords(keyword) && ['1', 'true'].includes(query.get('exact') ?? '') ? true : undefined;

/** What the upstream says of one record a keyword found (`searchMatch` of a member or a product). */
export interface SearchMatch {
  /** The record's own word forms that matched (lower case, apostrophes as in the record). */
  words?: string[];
  /** A short plain-text excerpt of the field other than the title that matched best. */
  snippet?: string;
}

/** What the upstream says of a keyword search as a whole (the answer's `search`). */
export interface SearchInfo {
  /** The keyword as searched when nothing matched it as typed (the typo fallback). */
  corrected?: string;
  /** The keyword with its Russian words as the Ukrainian words searched for. */
  translated?: string;
  /** The order the upstream applied. */
  sortOrder?: string;
}

/** Any apostrophe, whichever was typed or written; a letter (with its marks) or a digit. */
const APOSTROPHE = "['’ʼ`]";
const LETTER = '[\\p{L}\\p{M}\\p{N}]';

/**
 * The pattern of `words` (longest first: `ліки` inside `лікарня` is marked as far as it
 * goes), each where a word starts, and with `whole` where it ends too; null without
 * words. An apostrophe between letters is inside a word: `комп` is no word of `комп'ютер`.
 */
export function wordsMatching(words: string[], whole: boolean): RegExp | null {
  const sources = [...new Set(words.map((w) => w.toLowerCase()))]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/['’ʼ`]/g, APOSTROPHE));
  return sources.length
    ? new RegExp(`(?<!${LETTER}${APOSTROPHE}?)(${sources.join('|')})${whole ? `(?!${APOSTROPHE}?${LETTER})` : ''}`, 'giu')
    : null;
}

/** `text` with the pattern's words marked. */
export function highlight(text: string, words: RegExp | null): ReactNode {
  if (!words) return text;
  // With a capturing group, `split` puts the matches at the odd places.
  const parts = text.split(words);
  return parts.length === 1 ? text : parts.map((part, i) => (i % 2 ? <mark key={i}>{part}</mark> : part));
}

/** What a card marks: the pattern for its title and snippet, and the snippet it shows (or null). */
export interface Marks {
  words: RegExp | null;
  snippet: string | null;
}

/**
 * The marks of the upstream's `searchMatch`: the record's own matched words as whole
 * words, and its snippet. Null when the answer has none (or not what the API says).
 */
export function matchMarks(match: SearchMatch | undefined): Marks | null {
  if (!Array.isArray(match?.words)) return null;
  // The upstream keeps the snippet near 200 characters; one that is not text is none.
  const snippet = typeof match.snippet === 'string' ? match.snippet.replace(/\s+/g, ' ').trim() : '';
  return { words: wordsMatching(match.words.filter((w) => typeof w === 'string'), true), snippet: snippet || null };
}
