/**
 * `/tenders/<tenderID>.ics` (texts in English under `/en`): the tender's periods as an
 * iCalendar file (RFC 5545) for calendar programs, one event a stage of the tender page's
 * timeline (`pages/Tender/timeline.ts`: the same stages, names and Kyiv dates).
 *
 * - Times are UTC (`…Z`), so no `VTIMEZONE` is needed; descriptions name Kyiv time.
 *   RFC 5545 times have whole seconds: the CDB's fractions (auctions' `.236`) are cut.
 * - A stage with a start and a later end is an event spanning it; a single moment
 *   (clarifications until, an auction not yet held) is an event with `DTSTART` only,
 *   which RFC 5545 reads as ending when it starts.
 * - `UID` is `<tender 32-hex id>-<stage>[-<lot id>]@<host>`: the same event across
 *   downloads, so a calendar that imports the file again updates instead of duplicating.
 * - `DTSTAMP` is the tender's `dateModified`: the file is a function of the tender, so
 *   two downloads of one version are the same bytes (one ETag, `304`s), and a changed
 *   tender carries a later stamp, which is what calendar programs compare.
 * - A tender without any date has no events, and a calendar needs at least one
 *   component: its address is a 404 (the page shows no link then).
 * - `SEQUENCE` is how many times the portal saw the stage's period move (its `period`
 *   events: same period, same lot; `records/events.ts`), so that a calendar program
 *   takes the moved event for a new revision of the one it has. A second step asks for
 *   them; without them (their answer unreadable) every event is revision 0.
 */
import { formatter, localized } from '../records/parts';
import { localizedPath } from '../lib/paths';
import { stageDates, stageName, timelineOf, type Stage } from '../pages/Tender/timeline';
import { historyOf, type RecordEvent } from '../records/events';
import type { Tender } from '../records/tender';
import type { Context, MachineDocument, Step } from './types';
import { hash, instant, notFound } from './types';

const CRLF = '\r\n';

/** An instant as an RFC 5545 UTC date-time: `20270116T000000Z`. */
export const icsTime = (iso: string): string => new Date(iso).toISOString().replace(/\.\d+/, '').replace(/[-:]/g, '');

/** A TEXT value (RFC 5545 3.3.11): `\`, `;`, `,` escaped, line breaks as `\n`, other controls dropped. */
export const icsText = (s: string): string =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');

/** One content line, folded at 75 octets of UTF-8 (never inside a character), ended by CRLF. */
export function contentLine(line: string): string {
  let out = '';
  let width = 0;
  for (const ch of line) {
    const cp = ch.codePointAt(0) as number;
    const octets = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (width + octets > 75) {
      out += `${CRLF} `;
      width = 1;
    }
    out += ch;
    width += octets;
  }
  return out + CRLF;
}

/** Which stage an event is of: its period and, for a per-lot stage, its lot. */
type StageRef = Pick<Stage, 'key' | 'lotId'>;

/**
 * A calendar without its events' `SEQUENCE` lines: the text around them (one piece more
 * than there are events), and each event's stage. What the step that reads the tender
 * carries to the one that reads its events.
 */
export interface CalendarParts {
  pieces: string[];
  stages: StageRef[];
}

/** How many of the events moved the period of `stage` (of its lot, for a per-lot stage; `perLot`: such stages' keys). */
export function sequenceOf(stage: StageRef, events: RecordEvent[], perLot: Set<string>): number {
  return events.filter((e) => e.type === 'period' && e.period === stage.key && (stage.lotId
    ? e.lot?.id === stage.lotId
    // A stage of the tender: its own period, or a lot's when the calendar has no stage of that lot.
    : !e.lot || !perLot.has(`${e.period}-${e.lot.id}`))).length;
}

/** The calendar with each event's `SEQUENCE` from `events` (the tender's `period` events). */
export function joinCalendar({ pieces, stages }: CalendarParts, events: RecordEvent[]): string {
  const perLot = new Set(stages.filter((s) => s.lotId).map((s) => `${s.key}-${s.lotId}`));
  return pieces.reduce((text, piece, i) => text + (i ? contentLine(`SEQUENCE:${sequenceOf(stages[i - 1], events, perLot)}`) : '') + piece, '');
}

/** The calendar of one tender (revisions from its `period` events), or null when it has no dated stage. */
export function tenderCalendar(tender: Tender, context: Pick<Context, 't' | 'language' | 'origin'>, now: string, events: RecordEvent[] = []): string | null {
  const parts = calendarParts(tender, context, now);
  return parts && joinCalendar(parts, events);
}

/** The calendar of one tender in parts (`CalendarParts`), or null when it has no dated stage. */
export function calendarParts(tender: Tender, { t, language, origin }: Pick<Context, 't' | 'language' | 'origin'>, now: string): CalendarParts | null {
  const stages = timelineOf(tender);
  if (!stages.length) return null;
  const f = formatter(t, language);
  const lotTitles = new Map((tender.lots ?? []).map((l) => [l?.id, localized(l, 'title', language)]));
  const lotTitle = (id: string | undefined) => lotTitles.get(id) || id || '';
  const host = origin.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[/:].*$/, '');
  const tenderID = tender.tenderID || tender.id || '';
  const title = localized(tender, 'title', language);
  const url = origin + localizedPath(language, `/tenders/${encodeURIComponent(tenderID)}`);
  const stamp = icsTime(instant(tender.dateModified) ?? now);
  const pieces: string[] = [];
  let lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//${host}//${icsText(t('site.name'))}//${language.toUpperCase()}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  for (const stage of stages) {
    const name = stageName(t, stage, lotTitle);
    const start = (stage.start ?? stage.end) as string;
    // DTEND must be later than DTSTART (in whole seconds): a single moment has none.
    const end = stage.end && icsTime(stage.end) > icsTime(start) ? stage.end : undefined;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${[tender.id || tenderID, stage.key, stage.lotId].filter(Boolean).join('-')}@${host}`,
      `DTSTAMP:${stamp}`,
    );
    // The event's SEQUENCE goes here (`joinCalendar`).
    pieces.push(lines.map(contentLine).join(''));
    lines = [
      `DTSTART:${icsTime(start)}`,
      ...(end ? [`DTEND:${icsTime(end)}`] : []),
      `SUMMARY:${icsText(t('calendar.summary', { name, id: tenderID }))}`,
      `DESCRIPTION:${icsText(t('calendar.description', { id: tenderID, title, name, dates: stageDates(stage, f) }))}`,
      `URL:${url}`,
      'END:VEVENT',
    ];
  }
  lines.push('END:VCALENDAR');
  pieces.push(lines.map(contentLine).join(''));
  return { pieces, stages: stages.map(({ key, lotId }) => (lotId ? { key, lotId } : { key })) };
}

/** What the tender's step carries to the events' step. */
interface Carried {
  calendar: CalendarParts;
}

const carriedOf = (state: unknown): CalendarParts | null => {
  const calendar = (state as Partial<Carried> | null)?.calendar;
  return calendar && Array.isArray(calendar.pieces) && Array.isArray(calendar.stages) && calendar.pieces.length === calendar.stages.length + 1 ? calendar : null;
};

/** Period events a calendar reads (a tender's periods move a few times at most). */
export const PERIOD_EVENTS = 1000;

/**
 * `/tenders/<id>.ics`: the tender's calendar as the upstream has it now. Two steps: the
 * tender (its headers, the text without revisions), then its `period` events (the text).
 */
export function tenderIcs(id: string): MachineDocument {
  return {
    first: () => ({ status: 200, text: '', next: { key: 'tender', service: 'search', path: `/api/tenders/${encodeURIComponent(id)}` } }),
    step: (context: Context, answer): Step => {
      const carried = carriedOf(context.request.state);
      if (carried) return { status: 200, text: joinCalendar(carried, historyOf(answer)?.events ?? []) };
      const tender = (answer && typeof answer === 'object' ? answer : {}) as Tender;
      const parts = calendarParts(tender, context, context.request.now);
      if (parts === null) return notFound();
      return {
        status: 200,
        contentType: 'text/calendar; charset=utf-8',
        filename: `${tender.tenderID || id}.ics`,
        cacheControl: 'public, max-age=300',
        // The tender's version: a period moves only in a new version, whose dateModified
        // (each event's DTSTAMP) is in this text, so the revisions need not be.
        etag: hash(joinCalendar(parts, [])),
        lastModified: instant(tender.dateModified),
        text: '',
        next: { key: 'events', service: 'search', path: `/api/tenders/${encodeURIComponent(tender.id || id)}/events?type=period&perPage=${PERIOD_EVENTS}`, optional: true },
        state: { calendar: parts } satisfies Carried,
      };
    },
  };
}

/** The calendar at a path segment (`UA-….ics` without `.ics`), or null when it names none. */
export function tenderIcsAt(segment: string): MachineDocument | null {
  try {
    const id = decodeURIComponent(segment);
    return id && id.length <= 64 ? tenderIcs(id) : null;
  } catch {
    return null;
  }
}
