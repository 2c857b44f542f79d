import { describe, expect, it } from 'vitest';
import Login from './Login';
import { html, link, render, tr } from '../../components/test-utils';

const form = (outcome: Record<string, unknown>) => ({ form: { ok: true as const, body: outcome } });

describe('password recovery (issue 29, item 22)', () => {
  it('offers "I have a code" on the recovery page before anything was asked, and after', () => {
    for (const data of [{}, form({ ok: true, sent: true })]) {
      const out = render(<Login />, { url: '/login/forgot', csrf: 't', data });
      expect(link(out, tr('uk', 'account.recovery.haveCode')).href).toBe('/login/new-password');
      // Once: not a second time in the note.
      expect(out.split(html(tr('uk', 'account.recovery.haveCode'))).length).toBe(2);
    }
    const en = render(<Login />, { language: 'en', url: '/en/login/forgot', csrf: 't' });
    expect(link(en, tr('en', 'account.recovery.haveCode')).href).toBe('/en/login/new-password');
  });

  it('fills in the code the letter links with', () => {
    const out = render(<Login />, { url: '/login/new-password?code=Abc-123_x', csrf: 't' });
    expect(out).toMatch(/<input[^>]*name="recoveryCode"[^>]*value="Abc-123_x"/);
  });
});
