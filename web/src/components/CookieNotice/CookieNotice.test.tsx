import { describe, expect, it } from 'vitest';
import { COOKIE_NOTICE_ACTION, CookieNotice } from './CookieNotice';
import { render } from '../test-utils';

describe('CookieNotice', () => {
  it("is in the server's HTML until dismissed, as a form that works without JavaScript", () => {
    const html = (cookieNotice: boolean) => render(<CookieNotice />, { language: 'en', url: '/en/tenders?status%5B0%5D=complete', cookieNotice });
    const shown = html(true);
    expect(shown).toContain(`<form action="${COOKIE_NOTICE_ACTION}" method="post">`);
    expect(shown).toContain('<input type="hidden" name="back" value="/en/tenders?status%5B0%5D=complete"/>');
    expect(shown).toContain('<button type="submit" class="button button-primary">Got it</button>');
    expect(html(false)).toBe('');
  });
});
