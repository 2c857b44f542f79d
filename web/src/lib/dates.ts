/**
 * Dates shown in Kyiv time, written as ICU writes them (`29.11.2026, 14:05` in Ukrainian,
 * `29/11/2026, 14:05` in English; the tests compare the two).
 *
 * Since 13 May 1996 Kyiv keeps the EU's summer time (UTC+3 from the last Sunday of March
 * to the last Sunday of October, changing at 01:00 UTC; UTC+2 otherwise), and the digits
 * are worked out here: a page's first `Intl.DateTimeFormat` with a time zone cost a slow
 * phone's main thread about 100 ms at Lighthouse's 4 × slowdown. Earlier moments, and
 * any from 2100, go to ICU, with one cached formatter per language and style. Should
 * Ukraine change its clocks, the tests fail once Node's time zone data knows it.
 */
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

const HOUR = 3_600_000;
const FROM = Date.UTC(1996, 4, 13);
const UNTIL = Date.UTC(2100, 0, 1);

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`: when the EU's clocks change. */
function lastSunday(year: number, month: number): number {
  const last = Date.UTC(year, month + 1, 0);
  return last - new Date(last).getUTCDay() * 24 * HOUR + HOUR;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A moment in Kyiv's time, as `Intl.DateTimeFormat` would write it in `language`. */
function kyiv(ms: number, language: Language, withTime: boolean): string {
  if (!(ms >= FROM && ms < UNTIL)) return formatter(language, withTime).format(ms);
  const year = new Date(ms).getUTCFullYear();
  const summer = ms >= lastSunday(year, 2) && ms < lastSunday(year, 9);
  const local = new Date(ms + (summer ? 3 : 2) * HOUR);
  const sep = language === 'uk' ? '.' : '/';
  const day = `${two(local.getUTCDate())}${sep}${two(local.getUTCMonth() + 1)}${sep}${local.getUTCFullYear()}`;
  return withTime ? `${day}, ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}` : day;
}

/** The Kyiv day of a moment in milliseconds, as `formatDate` writes it. */
export const formatDay = (ms: number, language: Language): string => kyiv(ms, language, false);

/** `08.10.2026` (uk) / `08/10/2026` (en); empty for a missing or invalid date. */
export function formatDate(iso: string | undefined, language: Language, withTime = false): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : kyiv(d.getTime(), language, withTime);
}
