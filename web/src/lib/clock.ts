/**
 * The moment a page speaks of deadlines at, and how it says the time left.
 *
 * The first render, the server's and then the browser's hydration of that markup, reads
 * the page state's `now`: the moment the server rendered at (`contract.ts`), so both
 * render the same text. From then on the browser's own clock takes over, read again
 * each second by one timer that all mounted readers share.
 */
import { useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { usePageState } from '../state';

let clock = Date.now();
const readers = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/** One timer, each second, while anything reads the clock. */
function subscribe(reader: () => void): () => void {
  readers.add(reader);
  if (!timer) {
    clock = Date.now();
    timer = setInterval(() => {
      clock = Date.now();
      readers.forEach((r) => r());
    }, 1000);
  }
  return () => {
    readers.delete(reader);
    if (!readers.size) timer = void clearInterval(timer);
  };
}

/**
 * Epoch ms: the page state's moment while rendering on the server and hydrating, then
 * the browser's clock to the `tick` (default: half a minute). A reader renders again
 * only when its tick's value changes.
 */
export function useNow(tick = 30_000): number {
  const { now } = usePageState();
  return useSyncExternalStore(
    subscribe,
    () => clock - (clock % tick),
    () => now ?? clock,
  );
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A span of time as a person says it, to the minute: `3 дні 4 год`, `5 год 10 хв`,
 * `12 хв`; two units at most, and under a minute `менше хвилини`.
 */
export function spanText(t: TFunction, ms: number): string {
  if (ms < MINUTE) return t('deadline.underMinute');
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  const parts = days
    ? [t('deadline.days', { count: days }), hours ? t('deadline.hours', { count: hours }) : '']
    : hours
      ? [t('deadline.hours', { count: hours }), minutes ? t('deadline.minutes', { count: minutes }) : '']
      : [t('deadline.minutes', { count: minutes })];
  return parts.filter(Boolean).join(' ');
}

/** What a deadline's side note says at `now`: the time left, or that it has passed. */
export function timeLeftText(t: TFunction, deadline: string, now: number): string {
  const at = Date.parse(deadline);
  if (Number.isNaN(at)) return '';
  return at > now ? t('deadline.left', { left: spanText(t, at - now) }) : t('deadline.passed');
}
