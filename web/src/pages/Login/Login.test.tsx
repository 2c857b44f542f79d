import { describe, expect, it } from 'vitest';
import Login from './Login';
import Logout from '../Logout/Logout';
import { Header } from '../../components/Header/Header';
import { html, render, tr } from '../../components/test-utils';
import type { FormOutcome } from '../../lib/account';

const form = (outcome: FormOutcome) => ({ form: { ok: true as const, body: outcome } });
const input = (out: string, name: string) => out.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? '';
/** The opening tag of the form with this class (attributes in any order). */
const formTag = (out: string, className: string) => out.match(new RegExp(`<form class="${className}"[^>]*>`))?.[0] ?? '';

describe('Login', () => {
  it('is a plain POST form to its own path with the token and where to go back to', () => {
    const out = render(<Login />, { url: '/login?from=%2Ftenders%3Fpage%3D2', csrf: 'tok-1' });
    expect(formTag(out, 'account-form')).toContain('method="post"');
    expect(formTag(out, 'account-form')).toContain('action="/login"');
    expect(input(out, '_csrf')).toContain('value="tok-1"');
    expect(input(out, 'origin')).toContain('value="/tenders?page=2"');
    expect(input(out, 'email')).toContain('autoComplete="username"');
    expect(input(out, 'password')).toContain('type="password"');
    expect(out).not.toContain('role="alert"');
  });

  it('posts to the English path in English', () => {
    const out = render(<Login />, { language: 'en', url: '/en/login', csrf: 't' });
    expect(out).toContain('action="/en/login"');
    expect(out).toContain(html(tr('en', 'account.login.submit')));
  });

  it('asks for the six-digit code on /login/2fa', () => {
    const out = render(<Login />, { url: '/login/2fa', csrf: 't' });
    expect(out).toContain('action="/login/2fa"');
    expect(input(out, 'otp')).toContain('pattern="[0-9]{6}"');
    expect(input(out, 'otp')).toContain('autoComplete="one-time-code"');
    expect(input(out, 'password')).toBe('');
  });

  it('tells wrong credentials next to the form with the status text, keeping the e-mail', () => {
    const outcome: FormOutcome = {
      ok: false,
      values: { email: 'b@x.ua', origin: '/plans' },
      error: { status: 401, statusText: 'Unauthorized', retryAfter: null },
    };
    const out = render(<Login />, { url: '/login', csrf: 't', data: form(outcome) });
    expect(out).toContain(html(`${tr('uk', 'account.errors.credentials')} (Не авторизовано)`));
    expect(out).not.toContain('Unauthorized');
    expect(out).toContain('role="alert"');
    expect(input(out, 'email')).toContain('value="b@x.ua"');
    expect(input(out, 'origin')).toContain('value="/plans"');
  });

  it('says how long to wait when the account is slowed down, and when the service is down', () => {
    const slowed = render(<Login />, {
      url: '/login',
      data: form({ ok: false, error: { status: 429, statusText: 'Too Many Requests', retryAfter: 8 } }),
    });
    expect(slowed).toContain(html(`${tr('uk', 'account.errors.throttledFor', { seconds: 8 })} (Забагато запитів)`));
    const down = render(<Login />, { url: '/login', data: form({ ok: false, error: { status: 502, statusText: 'Bad Gateway', retryAfter: null } }) });
    expect(down).toContain(html(`${tr('uk', 'account.errors.unavailable')} (Помилка шлюзу)`));
    const code = render(<Login />, { url: '/login/2fa', data: form({ ok: false, error: { status: 401, statusText: 'Unauthorized', retryAfter: null } }) });
    expect(code).toContain(html(`${tr('uk', 'account.errors.code')} (Не авторизовано)`));
    const english = render(<Login />, { url: '/en/login/2fa', language: 'en', data: form({ ok: false, error: { status: 401, statusText: 'Unauthorized', retryAfter: null } }) });
    expect(english).toContain(html(`${tr('en', 'account.errors.code')} (Unauthorized)`));
  });
});

describe('logout', () => {
  const session = { email: 'cpe@example.com', type: 'cpe' as const, name: 'CPE Тестовий' };

  it('is a POST form with the token in the header of a session', () => {
    const out = render(<Header />, { session, csrf: 'tok-2', url: '/tenders' });
    expect(formTag(out, 'account-logout')).toContain('method="post"');
    expect(formTag(out, 'account-logout')).toContain('action="/logout"');
    expect(input(out, '_csrf')).toContain('value="tok-2"');
    expect(out).not.toMatch(/<a[^>]*href="\/logout"/);
  });

  it('asks a session to confirm on /logout, and tells a visitor there is none', () => {
    expect(render(<Logout />, { session, csrf: 't', url: '/logout' })).toContain(html(tr('uk', 'account.logout.confirm', { email: session.email })));
    expect(render(<Logout />, { url: '/en/logout', language: 'en' })).toContain(html(tr('en', 'account.logout.none')));
  });
});
