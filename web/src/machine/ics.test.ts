/**
 * The tender's calendar file: RFC 5545 content lines (folded at 75 octets, CRLF, TEXT
 * escaped), stable UIDs and stamps, and events at the tender's own instants.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { translations } from '../components/test-utils';
import { apiExamples } from '../test-shared-data';
import type { Tender } from '../records/tender';
import { contentLine, icsText, icsTime, tenderCalendar, tenderIcs } from './ics';
import { ev } from '../records/testEvents';
import type { RecordEvent } from '../records/events';
import type { Context, MachineRequest } from './types';

const resources = { uk: { dzo: translations.uk }, en: { dzo: translations.en } };
const uk = createI18n('uk', resources).getFixedT('uk', 'dzo');
const en = createI18n('en', resources).getFixedT('en', 'dzo');
const ORIGIN = 'https://zakupivli.example.org';
const UK = { t: uk, language: 'uk' as const, origin: ORIGIN };
const { dir, files, load } = apiExamples<Tender>('tenders');

const octets = (s: string) => [...s].reduce((n, c) => n + (c.codePointAt(0)! < 0x80 ? 1 : c.codePointAt(0)! < 0x800 ? 2 : c.codePointAt(0)! < 0x10000 ? 3 : 4), 0);
/** The content lines unfolded (RFC 5545 3.1). */
const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
/** Each event's properties by name. */
const events = (text: string) =>
  unfold(text)
    .join('\n')
    .split('BEGIN:VEVENT\n')
    .slice(1)
    .map((e) => Object.fromEntries(e.split('\n').filter((l) => l && !l.startsWith('END:')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)])));

describe('content lines', () => {
  it('escape TEXT values', () => {
    expect(icsText('a\\b;c,d\r\ne\nf\rg\u0001\th')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng\th');
  });

  it('are folded at 75 octets, never inside a character, and end with CRLF', () => {
    const long = `DESCRIPTION:${'Закупівля «Папір офісний А4»; '.repeat(8)}😀${'x'.repeat(80)}`;
    const folded = contentLine(long);
    expect(folded.endsWith('\r\n')).toBe(true);
    const lines = folded.slice(0, -2).split('\r\n');
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(long);
    expect(contentLine('VERSION:2.0')).toBe('VERSION:2.0\r\n');
  });

  it('write instants in UTC', () => {
    expect(icsTime('2027-01-16T00:00:00+02:00')).toBe('20270115T220000Z');
    expect(icsTime('2027-01-18T12:22:15.236000+02:00')).toBe('20270118T102215Z');
  });
});

describe('tender calendar', () => {
  if (!files.length) {
    it.skip(`needs the examples in ${dir}`, () => {});
    return;
  }

  it('is a VCALENDAR of one event a stage, every line folded, at the tender instants', () => {
    const tender = load('aboveThreshold__active.tendering.json');
    const text = tenderCalendar(tender, UK, '2026-11-24T10:00:00Z') as string;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(text).toContain('\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);

    const found = events(text);
    const byUid = Object.fromEntries(found.map((e) => [e.UID, e]));
    const uid = (suffix: string) => `${tender.id}-${suffix}@zakupivli.example.org`;
    expect(byUid[uid('tenderPeriod')]).toMatchObject({
      DTSTART: icsTime(tender.tenderPeriod!.startDate!),
      DTEND: icsTime(tender.tenderPeriod!.endDate!),
      DTSTAMP: icsTime(tender.dateModified!),
      SUMMARY: `Подання пропозицій — закупівля ${tender.tenderID}`,
      URL: `${ORIGIN}/tenders/${tender.tenderID}`,
    });
    expect(byUid[uid('tenderPeriod')].DESCRIPTION).toContain('(за київським часом)');
    // An auction per lot, a single moment each (no DTEND).
    for (const lot of tender.lots ?? []) {
      const e = byUid[uid(`auctionPeriod-${lot.id}`)];
      expect(e.DTSTART).toBe(icsTime(lot.auctionPeriod!.startDate!));
      expect(e.DTEND).toBeUndefined();
      expect(e.SUMMARY).toContain(icsText(lot.title!));
    }
    expect(byUid[uid('clarificationsUntil')]).toMatchObject({ DTSTART: icsTime(tender.enquiryPeriod!.clarificationsUntil!) });
    expect(new Set(found.map((e) => e.UID)).size).toBe(found.length);
  });

  it('is the same bytes on every download of one version of the tender', () => {
    for (const file of files) {
      const tender = load(file);
      expect(tenderCalendar(tender, UK, '2026-11-24T10:00:00Z'), file).toBe(tenderCalendar(tender, UK, '2026-12-01T08:00:00Z'));
    }
  });

  it('writes English texts under /en', () => {
    const tender = load('competitiveOrdering__active.tendering.json');
    const text = unfold(tenderCalendar(tender, { t: en, language: 'en', origin: ORIGIN }, '2026-11-24T10:00:00Z') as string).join('\n');
    expect(text).toContain(`SUMMARY:Bid submission: tender ${tender.tenderID}`);
    expect(text).toContain('(Kyiv time)');
    expect(text).toContain(`URL:${ORIGIN}/en/tenders/${tender.tenderID}`);
  });

  it('answers with its headers, or 404 for a tender without dates', () => {
    const tender = load('competitiveOrdering__active.tendering.json');
    const request: MachineRequest = { url: `/tenders/${tender.tenderID}.ics`, config: {} as MachineRequest['config'], now: '2026-11-24T10:00:00Z', state: null };
    const context: Context = { request, language: 'uk', t: uk, origin: ORIGIN, query: new URLSearchParams() };
    const document = tenderIcs(tender.tenderID!);
    expect(document.first(context).next?.path).toBe(`/api/tenders/${tender.tenderID}`);
    const step = document.step(context, tender);
    expect(step).toMatchObject({ status: 200, contentType: 'text/calendar; charset=utf-8', filename: `${tender.tenderID}.ics`, lastModified: new Date(tender.dateModified!).toISOString() });
    expect(step.etag).toMatch(/^[0-9a-f]+$/);
    expect(document.step(context, load('reporting__active.json')).status).toBe(404);
  });

  it("asks for the tender's period events next, and numbers each event's revisions by them", () => {
    const tender = load('aboveThreshold__active.tendering.json');
    const request: MachineRequest = { url: `/tenders/${tender.tenderID}.ics`, config: {} as MachineRequest['config'], now: '2026-11-24T10:00:00Z', state: null };
    const context = (state: unknown): Context => ({ request: { ...request, state }, language: 'uk', t: uk, origin: ORIGIN, query: new URLSearchParams() });
    const document = tenderIcs(tender.tenderID!);
    const read = document.step(context(null), tender);
    // The headers are the tender's; the text waits for its events.
    expect(read.text).toBe('');
    expect(read.next).toEqual({ key: 'events', service: 'search', path: `/api/tenders/${tender.id}/events?type=period&perPage=1000`, optional: true });
    const lots = tender.lots ?? [];
    const moved = (period: 'tenderPeriod' | 'auctionPeriod' | 'enquiryPeriod', lot?: string): RecordEvent =>
      ev({ type: 'period', period, to: '2027-01-01T10:00:00+02:00', from: '2026-12-01T10:00:00+02:00', extended: true, ...(lot ? { lot: { id: lot } } : {}) });
    const log = [moved('tenderPeriod'), moved('tenderPeriod'), moved('auctionPeriod', lots[0]?.id), ev({ type: 'questionAsked', id: 'q' })];
    const text = document.step(context(read.state), { data: log, total: log.length, historyBegins: null }).text;
    const found = Object.fromEntries(events(text).map((e) => [e.UID, e]));
    const uid = (suffix: string) => `${tender.id}-${suffix}@zakupivli.example.org`;
    expect(found[uid('tenderPeriod')].SEQUENCE).toBe('2');
    expect(found[uid('enquiryPeriod')].SEQUENCE).toBe('0');
    // Two lots, an auction each: the lot's own.
    expect(lots).toHaveLength(2);
    expect(found[uid(`auctionPeriod-${lots[0].id}`)].SEQUENCE).toBe('1');
    expect(found[uid(`auctionPeriod-${lots[1].id}`)].SEQUENCE).toBe('0');
    // The rest of the file is what the tender alone makes, revisions apart.
    expect(text.replace(/SEQUENCE:\d+\r\n/g, '')).toBe((tenderCalendar(tender, { t: uk, language: 'uk', origin: ORIGIN }, request.now) as string).replace(/SEQUENCE:0\r\n/g, ''));
    expect(unfold(text).filter((l) => l.startsWith('SEQUENCE:'))).toHaveLength(events(text).length);
    // Events it could not read: every revision 0, the calendar whole.
    const without = document.step(context(read.state), { error: 'unavailable' }).text;
    expect(without).toBe(tenderCalendar(tender, { t: uk, language: 'uk', origin: ORIGIN }, request.now));
    expect(unfold(without).filter((l) => l.startsWith('SEQUENCE:')).every((l) => l === 'SEQUENCE:0')).toBe(true);
  });
});
