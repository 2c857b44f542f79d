/**
 * A submission deadline: its date and time in Kyiv, and the time left or that it has
 * passed, said for the page's moment (`lib/clock.ts`) so that the server's markup and
 * the hydrated one agree.
 */
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../contract';
import { useNow, timeLeftText } from '../../lib/clock';
import { formatDate } from '../../lib/dates';

export function Deadline({ at, language }: { at: string; language: Language }) {
  const { t } = useTranslation();
  const now = useNow();
  const date = formatDate(at, language, true);
  if (!date) return null;
  const passed = Date.parse(at) <= now;
  return (
    <>
      <time dateTime={at}>{date}</time>
      <span className={passed ? 'deadline-note deadline-passed' : 'deadline-note deadline-left'}>{timeLeftText(t, at, now)}</span>
    </>
  );
}
