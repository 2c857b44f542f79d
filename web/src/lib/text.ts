/** Short texts for head tags: descriptions search engines show, titles of records. */

/** Search engines show about this much of a description. */
export const DESCRIPTION_MAX = 300;

/** `s` on one line, cut at a word boundary to at most `max` characters with an ellipsis. */
export function clip(s: string, max: number): string {
  const text = s.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max - 1));
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:—-]+$/, '')}…`;
}

/**
 * `s` trimmed and cut to at most `max` UTF-16 units, never inside a surrogate pair (half
 * a pair cannot be percent-encoded: `encodeURIComponent` throws), then trimmed again, so
 * that cutting what it answers changes nothing: a codec's canonical form stays a fixed point.
 */
export function cutText(s: string, max: number): string {
  const text = s.trim();
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return text.slice(0, end).trim();
}
