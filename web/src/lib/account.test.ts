import { afterEach, describe, expect, it, vi } from 'vitest';
import { oldPortalLogout, oldPortalLogoutUrl } from './account';

describe('the old portal logout (issue 29, item 21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a keep-alive request with the browser cookies, which outlives the page', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(null));
    vi.stubGlobal('fetch', fetch);
    await oldPortalLogout('https://old.test/cabinet/logout?noRedirect=1&rand=x');
    expect(fetch).toHaveBeenCalledWith('https://old.test/cabinet/logout?noRedirect=1&rand=x', {
      mode: 'no-cors',
      credentials: 'include',
      keepalive: true,
    });
  });

  it('ignores its failure', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await expect(oldPortalLogout('https://old.test/cabinet/logout')).resolves.toBeUndefined();
  });

  it('asks the old portal without a redirect and with a random rand (SPEC §7)', () => {
    const a = new URL(oldPortalLogoutUrl('https://old.test/'));
    expect(a.origin + a.pathname).toBe('https://old.test/cabinet/logout');
    expect(a.searchParams.get('noRedirect')).toBe('1');
    expect(a.searchParams.get('rand')).not.toBe(new URL(oldPortalLogoutUrl('https://old.test')).searchParams.get('rand'));
  });
});
