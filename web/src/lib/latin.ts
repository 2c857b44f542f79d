/**
 * Cyrillic letters that look like Latin ones, put back to Latin in a text that is
 * otherwise Latin (an English name). The standards' country list writes "Аland Islands"
 * with a Cyrillic А: it looks right but sorts among the Cyrillic names and a search for
 * "Aland" misses it. A text with any other Cyrillic letter is left as it is.
 */
const LOOKALIKES: Record<string, string> = {
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', І: 'I', Ј: 'J', Ѕ: 'S',
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's',
};
const CYRILLIC = /[\u0400-\u04FF]/g;

export function latinLookalikes(text: string): string {
  const cyrillic = text.match(CYRILLIC);
  if (!cyrillic || !/[A-Za-z]/.test(text) || cyrillic.some((c) => !(c in LOOKALIKES))) return text;
  return text.replace(CYRILLIC, (c) => LOOKALIKES[c]);
}
