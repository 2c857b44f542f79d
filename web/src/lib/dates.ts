/** Dates shown in Kyiv time, one cached formatter per language and style (SPEC numbers rely on ICU). */
import type { Language } from '../contract';

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(language: Language, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}:${withTime}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language === 'uk' ? 'uk-UA' : 'en-GB', {
      timeZone: 'Europe/Kyiv',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/** The Kyiv day of a moment in milliseconds, as `formatDate` writes it. */
export const formatDay = (ms: number, language: Language): string => formatter(language, false).format(ms);

/** `08.10.2026` (uk) / `08/10/2026` (en); empty for a missing or invalid date. */
export function formatDate(iso: string | undefined, language: Language, withTime = false): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : formatter(language, withTime).format(d);
}
