import { describe, expect, it } from 'vitest';
import { RegisteredDialog } from './RegisteredDialog';
import Login from '../../pages/Login/Login';
import Registration from '../../pages/Registration/Registration';
import { link, render, tr } from '../test-utils';

// Issue 29, item 14: a visitor offered alerts on a search goes through the login, or on
// through the registration, and back to the same search.
const SEARCH = '/tenders?keyword=ремонт&status[0]=active.tendering';

describe('the way back through the registration', () => {
  it('goes from the login to the registration with it', () => {
    const out = render(<Login />, { url: `/login?from=${encodeURIComponent(SEARCH)}`, csrf: 't' });
    expect(link(out, tr('uk', 'header.registration')).href).toBe(`/registration?from=${encodeURIComponent(SEARCH)}`);
    expect(link(render(<Login />, { url: '/login', csrf: 't' }), tr('uk', 'header.registration')).href).toBe('/registration');
  });

  it('is kept through the registration steps, a path of this site only', () => {
    const out = render(<Registration />, { url: `/registration?from=${encodeURIComponent(SEARCH)}`, csrf: 't' });
    expect(out).toMatch(/<input type="hidden" name="from" value="\/tenders\?keyword=ремонт&amp;status\[0\]=active.tendering"\/>/);
    const evil = render(<Registration />, { url: `/registration?from=${encodeURIComponent('https://evil.example/x')}`, csrf: 't' });
    expect(evil).not.toContain('name="from"');
    const slashes = render(<Registration />, { url: `/registration?from=${encodeURIComponent('//evil.example/x')}`, csrf: 't' });
    expect(slashes).toMatch(/name="from" value="\/evil.example\/x"/);
  });

  it('ends in the success dialog with the login that goes back', () => {
    const out = render(<RegisteredDialog email="new@x.ua" from={SEARCH} />, { url: '/' });
    const back = link(out, tr('uk', 'registration.success.loginBack'));
    expect(back.href).toBe(`/login?from=${encodeURIComponent(SEARCH)}`);
    expect(render(<RegisteredDialog email="new@x.ua" />, { url: '/' })).not.toContain(tr('uk', 'registration.success.loginBack'));
    expect(render(<RegisteredDialog email="new@x.ua" from="https://evil.example" />, { url: '/' })).not.toContain('evil');
  });
});
