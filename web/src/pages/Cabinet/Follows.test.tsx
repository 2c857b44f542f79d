/** The cabinet's follows: each one linked, its last change, and its two forms. */
import { describe, expect, it } from 'vitest';
import { html, links, render } from '../../components/test-utils';
import type { Fetched } from '../../contract';
import { TENDER_ID, TENDER_KEY, ev } from '../../records/testEvents';
import { Follows } from './Follows';
import Cabinet from './Cabinet';

const session = { email: 's@x.ua', type: 'seller' as const, name: 'S' };
const follow = (extra: Record<string, unknown> = {}) => ({
  id: 7, register: 'tenders', target: TENDER_ID, key: TENDER_KEY, title: 'Ремонт <даху>', frequency: 'daily', created: '2026-12-01T10:00:00+02:00', lastChange: null, ...extra,
});
const page = (follows: Fetched, url = '/icabinet', form?: Fetched) =>
  render(<Follows csrf="tok" />, { session, csrf: 'tok', url, data: { follows, ...(form ? { form } : {}) } });

describe("the cabinet's follows", () => {
  it('lists each follow linked to its page, with its last change and forms to change its frequency or stop it', () => {
    const change = ev({ type: 'questionAsked', id: 'q1', title: 'Питання' }, 'tenders', '2026-12-05T10:00:00+02:00');
    const markup = page({ ok: true, body: { data: [follow({ lastChange: change }), follow({ id: 8, register: 'buyers', target: '12345678', key: '12345678', title: 'Школа', frequency: 'immediate' })] } });
    expect(markup).toContain('<section id="follows"');
    expect(links(markup).map((l) => [l.href, l.text])).toEqual([
      [`/tenders/${TENDER_KEY}`, html('Ремонт <даху>')],
      [`/tenders/${TENDER_KEY}#question-q1`, html('Нове запитання: «Питання»')],
      ['/buyers/12345678', 'Школа'],
    ]);
    expect(markup).toContain('<time dateTime="2026-12-05T08:00:00.000Z">05.12.2026, 10:00</time>');
    expect(markup).toContain('змін ще не було');
    expect(markup.match(/<form action="\/icabinet\/follows" method="post">/g)).toHaveLength(4);
    for (const hidden of ['name="_csrf" value="tok"', 'name="form" value="follows"', 'name="action" value="frequency"', 'name="action" value="unfollow"', 'name="id" value="7"', 'name="id" value="8"']) {
      expect(markup, hidden).toContain(`<input type="hidden" ${hidden}/>`);
    }
    expect(markup).toContain('<option value="daily" selected="">');
    expect(markup).toContain(`aria-label="${html('Не стежити за «Ремонт <даху>»')}"`);
  });

  it('says when there are none, when the list failed, and what a redirect back did', () => {
    expect(page({ ok: true, body: { data: [] } })).toContain('Ви ще ні за чим не стежите.');
    expect(page({ ok: false, status: 502 })).toContain('Ці дані зараз не вдалося отримати');
    expect(page({ ok: true, body: { data: [] } }, '/icabinet?follows=unfollow')).toContain('Стеження припинено.');
    expect(page({ ok: true, body: { data: [] } }, '/icabinet?follows=updated')).toContain('Зміни збережено.');
  });

  it("shows its forms' refusals, and the cabinet's other forms do not", () => {
    const refused: Fetched = { ok: true, body: { ok: false, values: { form: 'follows', action: 'unfollow', id: '7' }, error: { status: 403, statusText: 'Forbidden', retryAfter: null, forgery: true } } };
    expect(page({ ok: true, body: { data: [] } }, '/icabinet', refused)).toContain('role="alert"');
    const cabinet = render(<Cabinet />, { session, csrf: 'tok', url: '/icabinet', data: { account: { ok: true, body: { email: 's@x.ua' } }, follows: { ok: true, body: { data: [] } }, form: refused } });
    expect(cabinet.match(/role="alert"/g)).toHaveLength(1);
    expect(cabinet.indexOf('role="alert"')).toBeGreaterThan(cabinet.indexOf('<section id="follows"'));
  });
});
