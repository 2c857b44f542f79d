import { describe, expect, it } from 'vitest';
import { formatDate, formatDay } from './dates';

// The reference: ICU with Kyiv's time zone, as the formatter was before it wrote the digits itself.
const made = new Map<string, Intl.DateTimeFormat>();
function icu(ms: number, language: 'uk' | 'en', withTime: boolean): string {
  const key = `${language}${withTime}`;
  if (!made.has(key)) {
    made.set(key, new Intl.DateTimeFormat(language === 'uk' ? 'uk-UA' : 'en-GB', {
      timeZone: 'Europe/Kyiv', day: '2-digit', month: '2-digit', year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
    }));
  }
  return made.get(key)!.format(ms);
}

function expectIcu(ms: number) {
  const iso = new Date(ms).toISOString();
  for (const language of ['uk', 'en'] as const) {
    for (const withTime of [false, true]) expect(formatDate(iso, language, withTime), `${iso} ${language} ${withTime}`).toBe(icu(ms, language, withTime));
    expect(formatDay(ms, language), `${iso} ${language}`).toBe(icu(ms, language, false));
  }
}

describe('Kyiv dates', () => {
  it('write what ICU writes around every change of the clocks, 1996-2040', () => {
    for (let year = 1996; year <= 2040; year++) {
      for (const month of [2, 9]) {
        // Every 30 minutes of the day before the month's last Sunday, and of that Sunday.
        const last = Date.UTC(year, month + 1, 0);
        const sunday = last - new Date(last).getUTCDay() * 24 * 3_600_000;
        for (let ms = sunday - 24 * 3_600_000; ms < sunday + 24 * 3_600_000; ms += 30 * 60_000) expectIcu(ms);
      }
    }
  }, 30_000);

  it('write what ICU writes at 5,000 random moments, and at the edges of the range', () => {
    let seed = 44;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const from = Date.UTC(1990, 0, 1);
    const until = Date.UTC(2110, 0, 1);
    for (let i = 0; i < 5_000; i++) expectIcu(Math.floor(from + random() * (until - from)));
    for (const ms of [Date.UTC(1995, 11, 31, 21, 59), Date.UTC(1995, 11, 31, 22), Date.UTC(1996, 0, 1), Date.UTC(2099, 11, 31, 21, 59), Date.UTC(2099, 11, 31, 22), Date.UTC(2100, 0, 1), 0]) expectIcu(ms);
  }, 30_000);

  it('are empty for a missing or invalid date', () => {
    expect(formatDate(undefined, 'uk')).toBe('');
    expect(formatDate('not a date', 'en', true)).toBe('');
  });
});
