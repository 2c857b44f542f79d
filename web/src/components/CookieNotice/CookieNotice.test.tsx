import { describe, expect, it } from 'vitest';
import { COOKIE_NOTICE_KEY, CookieNotice } from './CookieNotice';
import { render } from '../test-utils';

describe('CookieNotice', () => {
  it('renders nothing on the server: dismissal is only known in the browser', () => {
    expect(render(<CookieNotice />)).toBe('');
  });

  it('remembers dismissal under the agreed localStorage key', () => {
    expect(COOKIE_NOTICE_KEY).toBe('cookieNoticeDismissed');
  });
});
