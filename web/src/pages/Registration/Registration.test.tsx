import { describe, expect, it } from 'vitest';
import Registration from './Registration';
import { choices } from './choices';
import { registration } from './route';
import { html, render, tr } from '../../components/test-utils';
import type { Fetched } from '../../contract';
import type { RouteContext } from '../../lib/routeModule';

const ok = (body: unknown): Fetched => ({ ok: true, body });
const step = (names: string[], language = 'uk') =>
  ok({ data: { [language]: { fields: names.map((name) => ({ name, label: `label:${name}`, required: true })) } } });
const countries = ok([
  { code: 'UA', name: 'Україна', name_en: 'Ukraine' },
  { code: 'PL', name: 'Польща', name_en: 'Poland' },
]);

describe('registration route', () => {
  it('reads only well-formed choices from the URL; the incorporation country needs a country', () => {
    expect(choices(new URLSearchParams('userGroup=admin&countryId=Ukraine'))).toEqual({ userGroup: 'buyer', countryId: undefined, incorporationCountryId: undefined });
    expect(choices(new URLSearchParams('userGroup=seller&incorporationCountryId=UA'))).toEqual({ userGroup: 'seller', countryId: undefined, incorporationCountryId: undefined });
    expect(choices(new URLSearchParams('userGroup=cpe&countryId=ua&incorporationCountryId=PL'))).toEqual({ userGroup: 'cpe', countryId: 'UA', incorporationCountryId: 'PL' });
  });

  it('asks each step as its choice is made, as POSTs in the page language', () => {
    const ctx = (q: string) => ({ params: {}, query: new URLSearchParams(q), input: { language: 'en' } }) as unknown as RouteContext;
    const keys = (q: string) => registration.fetches!(ctx(q)).map((f) => f.key);
    expect(keys('')).toEqual(['first', 'countries']);
    expect(keys('userGroup=seller&countryId=UA')).toEqual(['first', 'second', 'countries', 'classificationEconomicEntities']);
    expect(keys('countryId=UA&incorporationCountryId=UA')).toEqual(['first', 'second', 'third', 'countries', 'customerCategory']);
    const first = registration.fetches!(ctx('userGroup=cpe&countryId=PL'))[0];
    expect(first).toMatchObject({ service: 'users', path: '/api/users/registration/form-data-first' });
    expect(first.body).toEqual({ languages: ['en'], userGroup: 'cpe', countryId: 'PL', incorporationCountryId: undefined });
  });
});

describe('Registration', () => {
  it('names countries in English with Latin letters (the standards write "Аland" with a Cyrillic А)', () => {
    const out = render(<Registration />, {
      url: '/en/registration',
      language: 'en',
      csrf: 't',
      data: { first: step(['email', 'countryId'], 'en'), countries: ok([{ code: 'AX', name: 'Аландські Острови', name_en: '\u0410land Islands' }]) },
    });
    expect(out).toContain('>Aland Islands<');
    expect(out).not.toContain('\u0410land');
  });

  it('shows the fields of the steps loaded, choices apart, and the submit only when all are there', () => {
    const partial = render(<Registration />, {
      url: '/registration?countryId=UA',
      csrf: 't',
      data: { first: step(['email', 'password', 'userGroup', 'countryId']), second: step(['incorporationCountryId', 'legalName']), countries },
    });
    expect(partial).toContain('name="legalName"');
    expect(partial.match(/name="countryId"/g)).toHaveLength(2); // the choice, and its hidden copy in the form
    expect(partial).not.toContain('type="submit" class="button button-primary"');
    expect(partial).toContain(tr('uk', 'registration.chooseIncorporation'));
    const complete = render(<Registration />, {
      url: '/registration?countryId=UA&incorporationCountryId=UA',
      csrf: 't',
      data: { first: step(['email', 'password']), second: step(['legalName']), third: step(['firstName']), countries },
    });
    expect(complete).toContain(tr('uk', 'registration.submit'));
    expect(complete).toMatch(/<input[^>]*name="password"[^>]*type="password"|<input[^>]*type="password"[^>]*name="password"/);
  });

  it('puts a refusal next to its field and opens the dialog on success', () => {
    const form = (body: unknown): Fetched => ({ ok: true, body });
    const refused = render(<Registration />, {
      url: '/registration',
      data: {
        first: step(['email']),
        countries,
        form: form({ ok: false, field: 'email', values: { email: 'x@y.ua' }, error: { status: 409, statusText: 'Conflict', retryAfter: null } }),
      },
    });
    expect(refused).toContain(`${tr('uk', 'account.errors.exists')} (Конфлікт)`);
    expect(refused).toMatch(/<input[^>]*aria-invalid="true"[^>]*>/);
    expect(refused).toContain('value="x@y.ua"');
    const done = render(<Registration />, { url: '/registration', data: { first: step(['email']), countries, form: form({ ok: true, registered: 'new@y.ua' }) } });
    expect(done).toContain('role="dialog"');
    expect(done).toContain('new@y.ua');
  });

  // Issue 46, item 19: the dialog opens on this page as soon as the registration is
  // answered, with the way back to where the visitor came from, and says what the letter
  // holds: the login and a link to log in, never a password.
  it('says what the letter holds, in the page language, with the way back', () => {
    const from = '/tenders?keyword=ремонт';
    for (const language of ['uk', 'en'] as const) {
      const prefix = language === 'en' ? '/en' : '';
      const done = render(<Registration />, {
        url: `${prefix}/registration?from=${encodeURIComponent(from)}`,
        language,
        data: { first: step(['email'], language), countries, form: ok({ ok: true, registered: 'new@y.ua', confirm: true }) },
      });
      const text = tr(language, 'registration.success.text', { email: 'new@y.ua' });
      expect(done).toContain(html(text));
      expect(done).toContain(`${prefix}/login?from=${encodeURIComponent(from)}`);
      expect(done).toContain(html(tr(language, 'registration.success.confirm')));
    }
    expect(tr('en', 'registration.success.text', { email: 'a@b.c' })).toMatch(/login is this address.*never sent/);
    expect(tr('en', 'registration.success.text', { email: 'a@b.c' })).not.toMatch(/login and password|Save them/);
    expect(tr('uk', 'registration.success.text', { email: 'a@b.c' })).toMatch(/логін — ця адреса.*не надсилаємо/);
    expect(tr('uk', 'registration.success.text', { email: 'a@b.c' })).not.toMatch(/логіном і паролем|Збережіть їх/);
  });
});
