import { describe, expect, it } from 'vitest';
import { Header, loginHref } from './Header';
import { html, link, links, render, testConfig, tr } from '../test-utils';

const old = testConfig.endpoints.oldSite;

describe('loginHref', () => {
  it('remembers the page the user came from', () => {
    expect(loginHref('/tenders', '?page=2')).toBe('/login?from=%2Ftenders%3Fpage%3D2');
  });

  it('remembers only a path of this site', () => {
    expect(loginHref('//evil.com', '')).toBe('/login?from=%2Fevil.com');
    expect(loginHref('/\\evil.com', '?x=1')).toBe('/login?from=%2Fevil.com%3Fx%3D1');
    expect(loginHref('//', '')).toBe('/login');
  });

  it('does not remember home, login or registration', () => {
    expect(loginHref('/', '')).toBe('/login');
    expect(loginHref('/login', '?from=%2Fplans')).toBe('/login');
    expect(loginHref('/registration/step', '')).toBe('/login');
  });
});

describe('Header logged out', () => {
  const out = render(<Header />, { url: '/tenders?page=2' });

  it('links the logo to the search block of home', () => {
    expect(link(out, tr('uk', 'site.name')).href).toBe('/#search');
  });

  it('shows Login (remembering the path) and Registration', () => {
    expect(link(out, tr('uk', 'header.login')).href).toBe('/login?from=%2Ftenders%3Fpage%3D2');
    expect(link(out, tr('uk', 'header.registration')).href).toBe('/registration');
    expect(out).not.toContain(html(tr('uk', 'header.logout')));
    expect(out).not.toContain('user-menu');
  });

  it('renders the common menu: about, useful (instructions, legislation, news), contacts', () => {
    const about = link(out, tr('uk', 'menu.about'));
    expect(about.href).toBe(`${old}/about`);
    expect(about.attrs.target).toBeUndefined(); // legacy: same tab
    expect(out).toContain(`<summary class="dropdown-toggle">${html(tr('uk', 'menu.useful'))}</summary>`);
    expect(link(out, tr('uk', 'menu.instructions')).href).toBe(`${old}/instructions`);
    expect(link(out, tr('uk', 'menu.legislation')).href).toBe(`${old}/legislation`);
    const news = link(out, tr('uk', 'menu.news'));
    expect(news.href).toBe(testConfig.endpoints.news);
    expect(news.attrs.target).toBe('_blank');
    expect(news.attrs.rel).toBe('noopener noreferrer');
    expect(link(out, tr('uk', 'menu.contacts')).href).toBe('/info/contacts');
  });

  it('switches language by rewriting the prefix, marking the current one', () => {
    const uk = links(out).find((l) => l.attrs.hreflang === 'uk')!;
    const en = links(out).find((l) => l.attrs.hreflang === 'en')!;
    expect(uk.href).toBe('/tenders?page=2');
    expect(uk.attrs['aria-current']).toBe('true');
    expect(en.href).toBe('/en/tenders?page=2');
    expect(en.attrs['aria-current']).toBeUndefined();
  });

  it('renders the mobile menu toggle closed', () => {
    expect(out).toMatch(/<button[^>]*class="menu-toggle"[^>]*aria-expanded="false"/);
    expect(out).toContain('class="header-menu"');
    expect(out).not.toContain('is-open');
  });
});

describe('Header in English', () => {
  const out = render(<Header />, { language: 'en', url: '/en/plans' });

  it('keeps internal links under /en and switches back to the unprefixed path', () => {
    expect(link(out, tr('en', 'site.name')).href).toBe('/en#search');
    expect(link(out, tr('en', 'menu.contacts')).href).toBe('/en/info/contacts');
    expect(link(out, tr('en', 'header.login')).href).toBe('/en/login?from=%2Fplans');
    expect(links(out).find((l) => l.attrs.hreflang === 'uk')!.href).toBe('/plans');
    expect(links(out).find((l) => l.attrs.hreflang === 'en')!.attrs['aria-current']).toBe('true');
  });

  it('switches the home page to the bare root', () => {
    const home = render(<Header />, { language: 'en', url: '/en' });
    expect(links(home).find((l) => l.attrs.hreflang === 'uk')!.href).toBe('/');
  });
});

describe('Header logged in', () => {
  const out = render(<Header />, { session: { email: 'seller@portal.example', type: 'seller', name: 'ТОВ Ромашка' }, url: '/market' });

  it('links the logo to the old site', () => {
    expect(link(out, tr('uk', 'site.name')).href).toBe(old);
  });

  it('shows the user menu of the type and Logout instead of Login', () => {
    expect(out).toContain('ТОВ Ромашка');
    expect(link(out, tr('uk', 'userMenu.ourBids')).href).toBe(`${old}/cabinet/bids`);
    // Logout is a POST form (a link could be followed from anywhere).
    expect(out).toMatch(/<form class="account-logout"[^>]*action="\/logout"/);
    expect(out).toContain(`<button type="submit" class="link-button">${html(tr('uk', 'header.logout'))}</button>`);
    expect(out).not.toContain(html(tr('uk', 'header.registration')));
    expect(links(out).some((l) => l.href?.startsWith('/login'))).toBe(false);
  });

  it('keeps Logout in the current language', () => {
    const en = render(<Header />, { language: 'en', session: { email: 'buyer@portal.example', type: 'buyer', name: 'B' }, url: '/en' });
    expect(en).toMatch(/<form class="account-logout"[^>]*action="\/en\/logout"/);
  });
});

describe('Header on a path that reads as another host', () => {
  for (const [language, url] of [['en', '/en//evil.com'], ['uk', '//evil.com'], ['en', '/en/\\evil.com'], ['uk', '/%2F%2Fevil.com']] as const) {
    it(`${url}: the language switch and the login link stay on this site`, () => {
      const out = render(<Header />, { language, url });
      const hrefs = links(out).map((l) => l.href);
      expect(hrefs.length).toBeGreaterThan(5);
      for (const href of hrefs) expect(href, url).not.toMatch(/^[\\/][\\/]/);
      const uk = links(out).find((l) => l.attrs.hreflang === 'uk')!;
      expect(uk.href?.startsWith('/')).toBe(true);
    });
  }
  it('switches /en//evil.com to /evil.com', () => {
    const out = render(<Header />, { language: 'en', url: '/en//evil.com' });
    expect(links(out).find((l) => l.attrs.hreflang === 'uk')!.href).toBe('/evil.com');
  });
});

describe('the header cart entry (issue 29, item 20)', () => {
  it('is there for a buyer and a cpe user, leading to the cart; not for a seller or a visitor', () => {
    for (const type of ['buyer', 'cpe'] as const) {
      const out = render(<Header />, { session: { email: `${type}@portal.example`, type, name: 'N' }, url: '/tenders' });
      expect(links(out).filter((l) => l.href === '/market/cart' && l.attrs.class === 'cart-link')).toHaveLength(1);
    }
    const seller = render(<Header />, { session: { email: 'seller@portal.example', type: 'seller', name: 'S' }, url: '/tenders' });
    expect(seller).not.toContain('/market/cart');
    expect(render(<Header />, { url: '/tenders' })).not.toContain('/market/cart');
  });
});
