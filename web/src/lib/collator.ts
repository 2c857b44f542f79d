/**
 * Collators made once per language and options. Making one costs milliseconds (ICU loads
 * the language's rules), and `localeCompare` with a locale makes one per comparison: a
 * Market list's classifications sorted that way took 11-15 ms of its hydration on this
 * machine (issue 46, item 6). The keys are the code's own few language and option pairs.
 */
const collators = new Map<string, Intl.Collator>();

export function collatorFor(language: string, options: Intl.CollatorOptions = {}): Intl.Collator {
  const key = `${language} ${JSON.stringify(options)}`;
  let collator = collators.get(key);
  if (!collator) {
    collator = new Intl.Collator(language, options);
    collators.set(key, collator);
  }
  return collator;
}

/**
 * Makes the page language's collator in a task of its own, for a page chunk that sorts
 * as it renders: called as the chunk loads (before hydration), it keeps the collator's
 * 10 ms out of hydration's tasks (a phone at Lighthouse's 4 × slowdown: 40 ms). Nothing
 * on the server (its isolates render synchronously).
 */
export function warmCollator(options: Intl.CollatorOptions = {}): void {
  if (typeof document === 'undefined' || typeof setTimeout !== 'function') return;
  setTimeout(() => collatorFor(document.documentElement.lang || 'uk', options), 0);
}
