/**
 * The follow form in its three states (a visitor without a login, a logged-in visitor who
 * does not follow, a follower), what a posted form's outcome says, and the follower's
 * notice of what changed since their previous look.
 */
import { describe, expect, it } from 'vitest';
import { html, links, render, tr } from '../test-utils';
import type { Fetched, Language, SessionSummary } from '../../contract';
import type { FormOutcome } from '../../lib/account';
import { TENDER_ID, TENDER_KEY, ev } from '../../records/testEvents';
import Follow, { type FollowProps } from './Follow';

const session: SessionSummary = { email: 'user@portal.test', type: 'seller', name: 'Оксана' };
const props: FollowProps = { register: 'tenders', recordKey: TENDER_KEY, target: TENDER_ID, history: true };
const follow = (data: Record<string, Fetched> = {}, options: { session?: SessionSummary | null; csrf?: string; language?: Language; props?: Partial<FollowProps> } = {}) =>
  render(<Follow {...props} {...options.props} />, { data, session: options.session ?? null, csrf: options.csrf, language: options.language });
const ok = (body: unknown): Fetched => ({ ok: true, body });
const posted = (outcome: FormOutcome) => ({ form: ok(outcome) });
const following = (extra: Record<string, unknown> = {}) =>
  ok({ data: { following: true, id: 7, frequency: 'daily', since: '2026-12-01T10:00:00+02:00', changes: [], total: 0, ...extra } });
/** The form's fields in order, each as its tag and attributes (React orders a form's attributes its own way). */
const fields = (markup: string): Array<Record<string, string>> =>
  [...markup.matchAll(/<(input|select|button)\b([^>]*?)\/?>/g)].map((m) => ({ tag: m[1], ...Object.fromEntries([...m[2].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])) }));

describe('the follow form without a login', () => {
  it('asks for an address and a frequency in a closed disclosure, posting to the record with its id', () => {
    const markup = follow();
    expect(markup).toMatch(/^<div id="follow" class="follow"><details class="follow-details"><summary class="button">Стежити за змінами<\/summary>/);
    expect(markup).toContain(`<form class="follow-form" action="/tenders/${TENDER_KEY}/follow" method="post">`);
    expect(fields(markup)).toEqual([
      { tag: 'input', type: 'hidden', name: 'target', value: TENDER_ID },
      { tag: 'input', type: 'hidden', name: 'action', value: 'follow' },
      { tag: 'input', type: 'email', name: 'email', required: '', autoComplete: 'email' },
      { tag: 'select', name: 'frequency' },
      { tag: 'button', type: 'submit', class: 'button button-primary' },
    ]);
    expect(markup).toContain('<option value="immediate" selected="">одразу після змін</option><option value="daily">раз на день</option>');
    // No token without a session: the page stays the same for every anonymous visitor.
    expect(markup).not.toContain('_csrf');
  });

  it('posts under /en in English, and to a buyer by its EDRPOU', () => {
    const markup = follow({}, { language: 'en', props: { register: 'buyers', recordKey: '12345678', target: '12345678' } });
    expect(markup).toContain('action="/en/buyers/12345678/follow"');
    expect(markup).toContain('value="12345678"');
    expect(markup).toContain('Follow changes');
  });

  it('says the confirmation link was mailed, without the address', () => {
    const markup = follow(posted({ ok: true, follow: { state: 'confirmSent' }, values: { email: 'me@example.test', frequency: 'daily' } }));
    expect(markup).toContain(`<p class="form-note" role="status">${html(tr('uk', 'follow.done.confirmSent'))}</p>`);
    expect(markup).not.toContain('me@example.test');
    expect(markup).not.toMatch(/<details[^>]* open/);
  });

  it('says what was wrong, keeping the address typed in its field to correct it', () => {
    const refused = (outcome: Partial<FormOutcome>) => follow(posted({ ok: false, values: { email: 'me@bad', frequency: 'daily' }, ...outcome }));
    const bad = refused({ field: 'email', error: { status: 422, statusText: 'Unprocessable Entity', retryAfter: null } });
    expect(bad).toContain(`<p class="form-error" role="alert">${html(tr('uk', 'follow.errors.email'))}</p>`);
    expect(bad).toContain('<details class="follow-details" open="">');
    expect(fields(bad)[2]).toEqual({ tag: 'input', type: 'email', name: 'email', required: '', autoComplete: 'email', value: 'me@bad' });
    expect(bad).toContain('<option value="daily" selected="">');
    expect(bad.match(/me@bad/g)).toHaveLength(1);
    // Each bound of the address its own message: the one reached.
    const bounds = [['address', 'limitAddress'], ['follows', 'limitAddress'], ['pending', 'limitPending'], ['letters', 'limitLetters']] as const;
    for (const [limit, key] of bounds) {
      const markup = refused({ field: 'limit', limit, error: { status: 429, statusText: 'Too Many Requests', retryAfter: null } });
      expect(markup, limit).toContain(html(tr('uk', `follow.errors.${key}`)));
      for (const [, other] of bounds.filter(([, k]) => k !== key)) expect(markup, limit).not.toContain(html(tr('uk', `follow.errors.${other}`)));
    }
    expect(new Set(bounds.map(([, key]) => tr('en', `follow.errors.${key}`))).size).toBe(3);
    const client = refused({ field: 'limit', limit: 'client', error: { status: 429, statusText: 'Too Many Requests', retryAfter: 60 } });
    expect(client).toContain(html(tr('uk', 'follow.errors.limitClientFor', { seconds: 60 })));
    // A field changed on the way: said as such, never as an unavailable service.
    for (const field of ['target', 'action', 'frequency']) {
      const tampered = refused({ field, error: { status: 400, statusText: 'Bad Request', retryAfter: null } });
      expect(tampered, field).toContain(`<p class="form-error" role="alert">${html(tr('uk', 'follow.errors.invalid'))}</p>`);
      expect(tampered, field).not.toContain(html(tr('uk', 'account.errors.unavailable')));
    }
    const forged = refused({ error: { status: 403, statusText: 'Forbidden', retryAfter: null, forgery: true } });
    expect(forged).toContain(html(tr('uk', 'account.errors.forgery')));
  });
});

describe('the follow form of a logged-in visitor', () => {
  it('follows in one click, with the frequency and the anti-forgery token', () => {
    const markup = follow({ follow: ok({ data: { following: false } }) }, { session, csrf: 'tok' });
    expect(markup).not.toContain('<details');
    expect(fields(markup)).toEqual([
      { tag: 'input', type: 'hidden', name: '_csrf', value: 'tok' },
      { tag: 'input', type: 'hidden', name: 'target', value: TENDER_ID },
      { tag: 'input', type: 'hidden', name: 'action', value: 'follow' },
      { tag: 'button', type: 'submit', class: 'button button-primary' },
      { tag: 'select', name: 'frequency' },
    ]);
    expect(markup).toContain('>Стежити</button>');
    expect(markup).not.toContain('type="email"');
  });

  it('of a follower says so, with the frequency to change and a button to stop', () => {
    const markup = follow({ follow: following() }, { session, csrf: 'tok' });
    expect(markup).toContain('<strong class="follow-state">Ви стежите за цією закупівлею</strong>');
    expect(markup).toContain('<option value="daily" selected="">');
    expect(fields(markup).slice(-2)).toEqual([
      { tag: 'button', type: 'submit', name: 'action', value: 'follow', class: 'button' },
      { tag: 'button', type: 'submit', name: 'action', value: 'unfollow', class: 'button' },
    ]);
    expect(fields(markup).filter((f) => f.name === 'action')).toHaveLength(2);
    expect(markup).toContain('>Не стежити</button>');
  });

  it('follows what the form just did rather than the status fetched before it', () => {
    const unfollowed = follow({ follow: following(), ...posted({ ok: true, follow: { state: 'unfollowed' } }) }, { session, csrf: 'tok' });
    expect(unfollowed).toContain(html(tr('uk', 'follow.done.unfollowed')));
    expect(unfollowed).not.toContain('follow-state');
    const followed = follow({ follow: ok({ data: { following: false } }), ...posted({ ok: true, follow: { state: 'following' } }) }, { session, csrf: 'tok' });
    expect(followed).toContain('follow-state');
  });
});

describe("the follower's notice", () => {
  const changes = Array.from({ length: 7 }, (_, i) => ev({ type: 'questionAsked', id: `q${i}`, title: `Питання ${i}` }, 'tenders', `2026-12-0${i + 2}T10:00:00+02:00`)).reverse();

  it('says how many changes since the previous look, lists the newest five, and sends to the history for the rest', () => {
    const markup = follow({ follow: following({ changes, total: 12 }) }, { session, csrf: 'tok' });
    expect(markup).toContain('<strong>Від вашого попереднього візиту 01.12.2026, 10:00: 12 змін</strong>');
    expect(markup.match(/<li>/g)).toHaveLength(5);
    expect(links(markup).map((l) => l.href)).toEqual(['#question-q6', '#question-q5', '#question-q4', '#question-q3', '#question-q2', '#history']);
    expect(markup).toContain('<time dateTime="2026-12-08T08:00:00.000Z">08.12.2026, 10:00</time>');
    expect(follow({ follow: following({ changes: changes.slice(0, 2), total: 2 }) }, { session, language: 'en' })).toContain('Since your last visit on 01/12/2026, 10:00: 2 changes');
  });

  it('says there were none, and says nothing before the first look', () => {
    expect(follow({ follow: following() }, { session })).toContain('Від вашого попереднього візиту 01.12.2026, 10:00 змін немає.');
    expect(follow({ follow: following({ since: null, changes, total: 7 }) }, { session })).not.toContain('<li>');
  });

  it("links a buyer's changes to their records' pages, and says how many more without a history", () => {
    const plan = ev({ type: 'created', title: 'Папір' }, 'plans');
    const markup = follow({ follow: following({ changes: [...changes.slice(0, 5), plan], total: 6 }) }, { session, props: { register: 'buyers', recordKey: '12345678', target: '12345678', history: false } });
    expect(links(markup)[0].href).toBe(`/tenders/${TENDER_KEY}#question-q6`);
    expect(markup).toContain('…і ще 1 зміна');
    expect(markup).not.toContain('href="#history"');
  });

  it("links a change with a page of its own there (a monitoring; a plan's tender), the tender's section without its number", () => {
    const opened = ev({ type: 'monitoringOpened', id: 'UA-M-2026-12-01-000001', status: 'active' });
    const markup = follow({ follow: following({ changes: [opened, ev({ type: 'monitoringConcluded' })], total: 2 }) }, { session });
    expect(links(markup).map((l) => l.href)).toEqual([`/tenders/${TENDER_KEY}/monitorings/UA-M-2026-12-01-000001`, '#monitorings']);
    expect(links(markup)[0].text).toBe('Держаудитслужба розпочала моніторинг UA-M-2026-12-01-000001');
    // On a plan's page, the tender announced under it links to the tender's page.
    const announced = ev({ type: 'tenderCreated', tenderId: 'e7db462b6c17406f8ddda353f082a92a', tenderKey: 'UA-2026-12-01-000001-a', tenderTitle: 'Ремонт' }, 'plans');
    const plan = follow({ follow: following({ changes: [announced], total: 1 }) }, { session, props: { register: 'plans', recordKey: 'UA-P-2026-12-01-000001-a', target: 'p', history: false } });
    expect(links(plan).map((l) => [l.href, l.text])).toEqual([['/tenders/UA-2026-12-01-000001-a', 'За планом оголошено закупівлю UA-2026-12-01-000001-a «Ремонт»']]);
  });

  it('escapes what the record says', () => {
    const markup = follow({ follow: following({ changes: [ev({ type: 'questionAsked', id: 'q', title: '<img src=x onerror=alert(1)>' })], total: 1 }) }, { session });
    expect(markup).not.toContain('<img');
    expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
