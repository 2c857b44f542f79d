/**
 * The tender page's history section as the server renders it: newest first, one line an
 * event with its date, each linked to the part of the page it concerns; what it does not
 * show and since when changes are recorded; and the page without it.
 */
import { describe, expect, it } from 'vitest';
import { html, links, render, translations } from '../../components/test-utils';
import type { Fetched, Language } from '../../contract';
import type { PageRoute } from '../../lib/routeModule';
import { EVERY_TYPE, TENDER_ID, TENDER_KEY, ev } from '../../records/testEvents';
import Tender from './Tender';

const route = { name: 'tender', path: 'tenders/:id/*', page: Tender } as PageRoute;
const tender: Fetched = {
  ok: true,
  body: {
    id: TENDER_ID, tenderID: TENDER_KEY, title: 'Ремонт даху школи', status: 'active.tendering',
    tenderPeriod: { startDate: '2026-12-01T10:00:00+02:00', endDate: '2026-12-19T10:00:00+02:00' },
    questions: [{ id: 'q1', title: 'Чи можна замінити матеріал?', date: '2026-12-05T10:00:00+02:00' }],
    documents: [
      { id: 'd1', title: 'Документація.pdf', url: 'https://files.test/d1v1' },
      { id: 'd1', title: 'Документація v2.pdf', url: 'https://files.test/d1v2' },
    ],
  },
};
const page = (data: Record<string, Fetched>, language: Language = 'uk') =>
  render(<Tender route={route} />, { language, url: `${language === 'en' ? '/en' : ''}/tenders/${TENDER_KEY}`, data: { tender, ...data } });
const historyOf = (markup: string) => markup.slice(markup.indexOf('<section id="history"'), markup.indexOf('</section>', markup.indexOf('<section id="history"')));
const ids = (markup: string) => [...markup.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);

const extended = ev({ type: 'period', period: 'tenderPeriod', from: '2026-12-12T10:00:00+02:00', to: '2026-12-19T10:00:00+02:00', extended: true }, 'tenders', '2026-12-06T09:00:00.123456+02:00');
const question = ev({ type: 'questionAsked', id: 'q1', title: 'Чи можна замінити матеріал?' }, 'tenders', '2026-12-05T10:00:00+02:00');
const stage = ev({ type: 'status', from: 'active.enquiries', to: 'active.tendering' }, 'tenders', '2026-12-01T10:00:00+02:00');
const history = (events = [extended, question, stage], total = events.length): Fetched =>
  ({ ok: true, body: { data: events, total, historyBegins: '2026-11-01T00:00:00+02:00' } });

describe('the history section', () => {
  it('lists the changes newest first, each with its date and a link to what it concerns, and says since when', () => {
    const markup = page({ history: history() });
    expect(markup).toContain('<a href="#history">Історія змін</a>');
    const section = historyOf(markup);
    expect(section).toContain('<h2 id="history-title">Історія змін</h2>');
    expect(section.indexOf('Строк подання пропозицій продовжено')).toBeLessThan(section.indexOf('Нове запитання'));
    expect(section).toContain('<time dateTime="2026-12-06T07:00:00.123Z">06.12.2026, 09:00</time>');
    expect(links(section).map((l) => [l.href, l.text])).toEqual([
      ['#timeline', html('Строк подання пропозицій продовжено: з 12.12.2026, 10:00 до 19.12.2026, 10:00')],
      ['#question-q1', html('Нове запитання: «Чи можна замінити матеріал?»')],
    ]);
    // A change of the stage has no part of its own: a line without a link.
    expect(section).toContain('Етап змінено: Період уточнень → Подання пропозицій');
    expect(section).toContain('Історія змін ведеться з 01.11.2026, 00:00.');
    // What the links point at is on the page, once.
    for (const id of ['timeline', 'question-q1']) expect(ids(markup).filter((i) => i === id)).toEqual([id]);
  });

  it('gives every part a change may concern an id of its own, each once on the page', () => {
    const markup = page({ history: history() });
    const all = ids(markup);
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id).toMatch(/^\S+$/);
    // Of a document listed in two versions, the last one's row.
    expect(markup).toMatch(/<tr id="document-d1"><th scope="row"[^>]*><a href="https:\/\/files.test\/d1v2"/);
  });

  it('says how many it leaves out, and when there are none', () => {
    expect(historyOf(page({ history: history(undefined, 120) }))).toContain('Показано найновіші 3; усього змін: 120.');
    const none = historyOf(page({ history: history([]) }));
    expect(none).toContain('Змін поки не зафіксовано.');
    expect(none).toContain('Історія змін ведеться з 01.11.2026, 00:00.');
    expect(historyOf(page({ history: history([]) }, 'en'))).toContain('Changes are recorded since 01/11/2026, 00:00.');
  });

  it('escapes what the record says', () => {
    const markup = historyOf(page({ history: history([ev({ type: 'questionAsked', id: 'q9', title: '<script>alert(1)</script>' })]) }));
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('renders every type of change in both languages', () => {
    for (const language of ['uk', 'en'] as const) {
      const markup = historyOf(page({ history: history(EVERY_TYPE.map(([, e]) => e)) }, language));
      expect(markup.match(/<li>/g)).toHaveLength(EVERY_TYPE.length);
      expect(markup).not.toMatch(/events\./);
    }
  });

  it('is there with a note when its request failed, and not there when it was not asked', () => {
    const failed = page({ history: { ok: false, status: 502 } });
    expect(historyOf(failed)).toContain(html(translations.uk.common.unavailable));
    expect(page({})).not.toContain('id="history"');
    expect(page({})).not.toContain('href="#history"');
  });
});
