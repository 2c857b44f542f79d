/**
 * Alphabetical order of Ukrainian and English names without ICU: the order of
 * `Intl.Collator('uk' | 'en')` for the letters, digits, spaces and punctuation that
 * names are written in. A page that sorted with a collator spent 10-25 ms making it (ICU
 * loads its rules) in the tasks of its first load: a long task on a slow phone (issue 46,
 * item 6). `alphabet.test.ts` compares this order with ICU's for every pair of these
 * characters and for the real lists sorted with it (countries, market classifications).
 *
 * As ICU does, a comparison looks at the letters first (case and accents aside), then at
 * the accents, then at the case (lowercase first); `base` stops after the letters. A
 * character outside the table sorts after all of it, by its code point; format and
 * control characters are skipped.
 */

/**
 * Ukrainian order, one entry per letter as ICU sees it (its variants in one string):
 * spaces, punctuation, symbols, digits, Cyrillic, then Latin (CLDR's `[reorder Cyrl]`).
 */
const UK_ORDER = [
  '\u0020\u00a0', '_', '-', '–', '—', ',', ';', ':', '!', '?', '.', '…', '·', '\'‘’', '"“”„', '«', '»', '(', ')', '[', ']', '{', '}',
  '@', '*', '/', '\\', '&', '#', '%', '`', '´', '^', '°', '+', '×', '<', '=', '>', '|', '~', '$',
  '0', '1', '2', '3', '4', '5', '6', '7', '8', '9',
  'аА', 'бБ', 'вВ', 'гГѓЃ', 'ґҐ', 'дД', 'ђЂ', 'еЕѐЀёЁ', 'єЄ', 'жЖ', 'зЗ', 'ѕЅ', 'иИѝЍ', 'іІ', 'їЇ', 'йЙ', 'јЈ', 'кКќЌ', 'лЛ', 'љЉ',
  'мМ', 'нН', 'њЊ', 'оО', 'пП', 'рР', 'сС', 'тТ', 'ћЋ', 'уУўЎ', 'фФ', 'хХ', 'цЦ', 'чЧ', 'џЏ', 'шШ', 'щЩ', 'ъЪ', 'ыЫ', 'ьЬ', 'эЭ',
  'юЮ', 'яЯ',
  'aAáÁàÀâÂåÅäÄãÃ', 'æÆ', 'bB', 'cCçÇ', 'dD', 'eEéÉèÈêÊëË', 'fF', 'gG', 'hH', 'iIíÍìÌîÎïÏ', 'jJ', 'kK', 'lL', 'mM', 'nNñÑ', '№',
  'oOóÓòÒôÔöÖõÕøØ', 'œŒ', 'pP', 'qQ', 'rR', 'sS', 'ß', 'tT', 'uUúÚùÙûÛüÜ', 'vV', 'wW', 'xX', 'yYýÝÿŸ', 'zZ', 'ʼ',
];

/**
 * English order: the same symbols and digits, Latin before Cyrillic, and ґ and ї as
 * variants of г and і (the root order; Ukrainian's rules make them letters of their own).
 */
function englishOrder(uk: readonly string[]): string[] {
  const cyrillicFrom = uk.indexOf('аА');
  const latinFrom = uk.indexOf('aAáÁàÀâÂåÅäÄãÃ');
  const cyrillic: string[] = [];
  for (const entry of uk.slice(cyrillicFrom, latinFrom)) {
    // ґ follows г and ї follows і in the Ukrainian table: each joins the entry before it.
    if (entry === 'ґҐ' || entry === 'їЇ') cyrillic[cyrillic.length - 1] += entry;
    else cyrillic.push(entry);
  }
  return [...uk.slice(0, cyrillicFrom), ...uk.slice(latinFrom), ...cyrillic];
}

/** Each character's letter (its entry's rank) and accent (its lowercase form's place in the entry). */
interface Order {
  letter: Map<string, number>;
  accent: Map<string, number>;
}

function orderOf(entries: readonly string[]): Order {
  const letter = new Map<string, number>();
  const accent = new Map<string, number>();
  entries.forEach((entry, rank) => {
    const forms: string[] = [];
    for (const ch of entry) {
      const lower = ch.toLowerCase();
      if (!forms.includes(lower)) forms.push(lower);
      letter.set(ch, rank);
      accent.set(ch, forms.indexOf(lower));
    }
  });
  return { letter, accent };
}

const orders = new Map<string, Order>();

function order(language: string): Order {
  const key = language === 'en' ? 'en' : 'uk';
  let found = orders.get(key);
  if (!found) {
    found = orderOf(key === 'en' ? englishOrder(UK_ORDER) : UK_ORDER);
    orders.set(key, found);
  }
  return found;
}

const SKIPPED = /[\p{Cc}\p{Cf}]/u;

/** The characters a comparison reads: code points, format and control characters left out. */
function letters(s: string): string[] {
  const out: string[] = [];
  for (const ch of s) if (!SKIPPED.test(ch)) out.push(ch);
  return out;
}

/** First difference of two sequences under `weight`, shorter first when one is the other's start. */
function firstDifference(a: string[], b: string[], weight: (ch: string) => number): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = weight(a[i]) - weight(b[i]);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

const upper = (ch: string) => (ch !== ch.toLowerCase() ? 1 : 0);

/**
 * A comparison function for `Array.prototype.sort` in `language`'s alphabetical order
 * (`uk` unless `en`); with `sensitivity: 'base'`, names that differ only in case or
 * accents are equal, as with `Intl.Collator`'s option.
 */
export function alphabetical(language: string, options: { sensitivity?: 'base' | 'variant' } = {}): (a: string, b: string) => number {
  const { letter, accent } = order(language);
  const beyond = letter.size;
  const primary = (ch: string) => letter.get(ch) ?? beyond + (ch.codePointAt(0) ?? 0);
  const secondary = (ch: string) => accent.get(ch) ?? 0;
  const base = options.sensitivity === 'base';
  return (a, b) => {
    const x = letters(a);
    const y = letters(b);
    const byLetters = firstDifference(x, y, primary);
    if (byLetters !== 0 || base) return byLetters;
    return firstDifference(x, y, secondary) || firstDifference(x, y, upper) || (a < b ? -1 : a > b ? 1 : 0);
  };
}
