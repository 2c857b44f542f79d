/**
 * The Atom feeds of a tender's and a buyer's changes, read back with a strict XML reader:
 * RFC 4287's required elements, an entry per event newest first with a stable id, the
 * event's line and link, escaped texts; the steps and their headers.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { translations } from '../components/test-utils';
import type { Language } from '../contract';
import { eventLine, eventUrl } from '../records/events';
import { formatter } from '../records/parts';
import { EVERY_TYPE, TENDER_ID, TENDER_KEY, ev } from '../records/testEvents';
import { changesFeed, changesFeedAt } from './changes';
import { machineStep } from './index';
import { childOf, childrenOf, parseXml } from './testXml';
import type { Context, MachineRequest } from './types';

const resources = { uk: { dzo: translations.uk }, en: { dzo: translations.en } };
const instances = { uk: createI18n('uk', resources), en: createI18n('en', resources) };
const ORIGIN = 'https://portal.test';
const NOW = '2026-12-20T10:00:00Z';
const context = (language: Language = 'uk', state: unknown = null): Context => ({
  request: { url: '/x', config: {} as MachineRequest['config'], now: NOW, state },
  language, t: instances[language].getFixedT(language, 'dzo'), origin: ORIGIN, query: new URLSearchParams(),
});
const answer = (events: unknown[], historyBegins: string | null = '2026-11-01T00:00:00+02:00') => ({ data: events, total: events.length, historyBegins });

const newest = ev({ type: 'period', period: 'tenderPeriod', from: '2026-12-12T10:00:00+02:00', to: '2026-12-19T10:00:00+02:00', extended: true }, 'tenders', '2026-12-10T12:00:00.5+02:00');
const older = ev({ type: 'questionAsked', id: 'q1', title: 'Чи можна <замінити> матеріал & фарбу?' }, 'tenders', '2026-12-05T10:00:00+02:00');

describe("a tender's feed of changes", () => {
  it("asks for the tender's newest 100 events", () => {
    expect(changesFeed({ register: 'tenders', id: TENDER_KEY }).first(context()).next)
      .toEqual({ key: 'events', service: 'search', path: `/api/tenders/${TENDER_KEY}/events?perPage=100` });
  });

  it('is an Atom feed of one entry an event, newest first, each with a stable id, its line, its link and its moment', () => {
    const step = changesFeed({ register: 'tenders', id: TENDER_KEY }).step(context(), answer([newest, older]));
    expect(step).toMatchObject({ status: 200, contentType: 'application/atom+xml; charset=utf-8', cacheControl: 'public, max-age=300', lastModified: '2026-12-10T10:00:00.500Z' });
    expect(step.etag).toMatch(/^[0-9a-f]+$/);
    expect(step.next).toBeUndefined();
    const feed = parseXml(step.text);
    expect([feed.name, feed.attrs.xmlns, feed.attrs['xml:lang']]).toEqual(['feed', 'http://www.w3.org/2005/Atom', 'uk']);
    const self = `${ORIGIN}/tenders/${TENDER_KEY}.atom`;
    expect(childOf(feed, 'id').text).toBe(self);
    expect(childOf(feed, 'title').text).toBe(`Зміни в закупівлі ${TENDER_KEY}: Ремонт даху школи | Публічні закупівлі`);
    expect(childOf(feed, 'updated').text).toBe('2026-12-10T10:00:00.500Z');
    expect(childrenOf(feed, 'link').map((l) => [l.attrs.rel, l.attrs.href])).toEqual([['self', self], ['alternate', `${ORIGIN}/tenders/${TENDER_KEY}`]]);
    expect(childOf(childOf(feed, 'author'), 'name').text).toBe('Публічні закупівлі');
    const entries = childrenOf(feed, 'entry');
    const f = formatter(context().t, 'uk');
    expect(entries.map((e) => childOf(e, 'id').text)).toEqual([
      `tag:portal.test,2026:event:${TENDER_ID}:${newest.seq}`, `tag:portal.test,2026:event:${TENDER_ID}:${older.seq}`,
    ]);
    expect(entries.map((e) => childOf(e, 'title').text)).toEqual([eventLine(newest, f.t, f), eventLine(older, f.t, f)]);
    expect(childOf(entries[1], 'title').text).toBe('Нове запитання: «Чи можна <замінити> матеріал & фарбу?»');
    expect(entries.map((e) => childOf(e, 'link').attrs.href)).toEqual([
      `${ORIGIN}/tenders/${TENDER_KEY}#timeline`, `${ORIGIN}/tenders/${TENDER_KEY}#question-q1`,
    ]);
    expect(entries.map((e) => childOf(e, 'updated').text)).toEqual(['2026-12-10T10:00:00.500Z', '2026-12-05T08:00:00.000Z']);
    expect(childOf(entries[0], 'summary').text).toBe(`Закупівля ${TENDER_KEY}: Ремонт даху школи\n10.12.2026, 12:00 (за київським часом)`);
    // The same event is the same entry in every download.
    expect(changesFeed({ register: 'tenders', id: TENDER_KEY }).step(context(), answer([newest, older])).text).toBe(step.text);
  });

  it('escapes what the records say, in every type of event', () => {
    const hostile = ev({ type: 'questionAsked', id: 'q"><x', title: '<script>alert("x")</script> & ]]>' });
    const events = [hostile, ...EVERY_TYPE.map(([, e]) => e)];
    const text = changesFeed({ register: 'tenders', id: TENDER_KEY }).step(context(), answer(events)).text;
    expect(text).not.toContain('<script>');
    const entries = childrenOf(parseXml(text), 'entry');
    expect(entries).toHaveLength(events.length);
    expect(childOf(entries[0], 'title').text).toBe('Нове запитання: «<script>alert("x")</script> & ]]>»');
    expect(childOf(entries[0], 'link').attrs.href).toBe(eventUrl(hostile, ORIGIN, 'uk'));
  });

  it('writes English lines and links under /en', () => {
    const text = changesFeed({ register: 'tenders', id: TENDER_KEY }).step(context('en'), answer([newest])).text;
    const feed = parseXml(text);
    expect(feed.attrs['xml:lang']).toBe('en');
    expect(childOf(feed, 'id').text).toBe(`${ORIGIN}/en/tenders/${TENDER_KEY}.atom`);
    expect(childOf(childOf(feed, 'entry'), 'title').text).toMatch(/^Bid deadline extended: from 12\/12\/2026, 10:00 to 19\/12\/2026, 10:00$/);
    expect(childOf(childOf(feed, 'entry'), 'link').attrs.href).toBe(`${ORIGIN}/en/tenders/${TENDER_KEY}#timeline`);
  });

  it("asks for the tender when it has no event yet: its title, and its last change as the feed's", () => {
    const document = changesFeed({ register: 'tenders', id: TENDER_KEY });
    const read = document.step(context(), answer([]));
    expect(read).toMatchObject({ status: 200, contentType: 'application/atom+xml; charset=utf-8', text: '' });
    expect(read.etag).toBeUndefined();
    expect(read.next).toEqual({ key: 'tender', service: 'search', path: `/api/tenders/${TENDER_KEY}` });
    const last = document.step(context('uk', read.state), { id: TENDER_ID, tenderID: TENDER_KEY, title: 'Ремонт даху', dateModified: '2026-12-01T10:00:00+02:00' });
    const feed = parseXml(last.text);
    expect(childOf(feed, 'title').text).toBe(`Зміни в закупівлі ${TENDER_KEY}: Ремонт даху | Публічні закупівлі`);
    expect(childOf(feed, 'updated').text).toBe('2026-12-01T08:00:00.000Z');
    expect(childrenOf(feed, 'entry')).toEqual([]);
  });

  it('is no document for an answer that is not events', () => {
    expect(changesFeed({ register: 'tenders', id: TENDER_KEY }).step(context(), { 'hydra:member': [] }).status).toBe(404);
  });
});

describe("a buyer's feed of changes", () => {
  it("lists its records' events, each linked to its record's page", () => {
    const document = changesFeed({ register: 'buyers', id: '12345678' });
    expect(document.first(context()).next?.path).toBe('/api/buyers/12345678/events?perPage=100');
    const plan = ev({ type: 'created', title: 'Папір' }, 'plans', '2026-12-11T10:00:00+02:00');
    const feed = parseXml(document.step(context(), answer([plan, newest])).text);
    expect(childOf(feed, 'title').text).toBe('Зміни в закупівлях замовника 12345678 | Публічні закупівлі');
    expect(childrenOf(feed, 'link').map((l) => l.attrs.href)).toEqual([`${ORIGIN}/buyers/12345678.atom`, `${ORIGIN}/buyers/12345678`]);
    expect(childrenOf(feed, 'entry').map((e) => childOf(e, 'link').attrs.href)).toEqual([
      `${ORIGIN}/plans/UA-P-2026-12-01-000001-a`, `${ORIGIN}/tenders/${TENDER_KEY}#timeline`,
    ]);
  });

  it('without events is a feed updated when the history began', () => {
    const feed = parseXml(changesFeed({ register: 'buyers', id: '12345678' }).step(context(), answer([])).text);
    expect(childOf(feed, 'updated').text).toBe('2026-10-31T22:00:00.000Z');
  });
});

describe('the addresses of the feeds of changes', () => {
  const first = (url: string) => {
    const request = { url, config: { features: { testMode: false }, publicOrigin: ORIGIN }, now: NOW, state: null };
    return JSON.parse(machineStep(JSON.stringify(request), undefined, instances)[0]);
  };

  it("are a tender's and a buyer's, in both languages", () => {
    expect(first(`/tenders/${TENDER_KEY}.atom`).next.path).toBe(`/api/tenders/${TENDER_KEY}/events?perPage=100`);
    expect(first('/en/buyers/12345678.atom').next.path).toBe('/api/buyers/12345678/events?perPage=100');
    // The search feed is another document.
    expect(first('/tenders.atom').next.path).toMatch(/^\/api\/tenders\?/);
  });

  it('name no document for what cannot be an id', () => {
    expect(changesFeedAt('buyers', '12%2F34')).toBeNull();
    expect(changesFeedAt('buyers', 'a')).toBeNull();
    expect(changesFeedAt('tenders', '%E0%A4%A')).toBeNull();
    expect(changesFeedAt('tenders', '..')).toBeNull();
    expect(first('/buyers/x.atom').status).toBe(404);
  });
});
