import { describe, expect, it } from 'vitest';
import { localizedPath, sitePath, splitLanguage, switchLanguageUrl } from './paths';

describe('language paths', () => {
  it('splits the en prefix only as a whole segment', () => {
    expect(splitLanguage('/en/tenders')).toEqual({ language: 'en', path: '/tenders' });
    expect(splitLanguage('/en')).toEqual({ language: 'en', path: '/' });
    expect(splitLanguage('/energy')).toEqual({ language: 'uk', path: '/energy' });
    expect(splitLanguage('/')).toEqual({ language: 'uk', path: '/' });
  });
  it('localizes paths', () => {
    expect(localizedPath('en', '/')).toBe('/en');
    expect(localizedPath('en', '/plans')).toBe('/en/plans');
    expect(localizedPath('uk', 'plans')).toBe('/plans');
  });
  it('switches language keeping the rest of the url', () => {
    expect(switchLanguageUrl('/en/tenders', '?page=2', 'uk')).toBe('/tenders?page=2');
    expect(switchLanguageUrl('/market', '', 'en')).toBe('/en/market');
  });
  it('writes the switch as a valid URL, whatever the current one held raw', () => {
    expect(switchLanguageUrl('/tenders', '?status[0]=complete&keyword=a b|c', 'en')).toBe('/en/tenders?status%5B0%5D=complete&keyword=a%20b%7Cc');
    expect(switchLanguageUrl('/en/tenders', '?status%5B0%5D=complete&k=100%&x=%D1%96', 'uk')).toBe('/tenders?status%5B0%5D=complete&k=100%25&x=%D1%96');
  });

});

/** What a browser would take for another host: `//host` or `/\host` (it reads `\` as `/`). */
const offSite = (href: string) => /^[\\/][\\/]/.test(href.replace(/[\t\n\r]/g, ''));
/** Paths a URL may carry, as the server hands them on (the language prefix included). */
const EVIL = ['/en//evil.com', '//evil.com', '/en/\\evil.com', '/%2F%2Fevil.com', '/\\/evil.com', '///evil.com/x', '/en/\t/evil.com', '/en//'];

describe('links made from the current path stay on this site', () => {
  it('sitePath reads backslashes as slashes and collapses runs, keeping the query', () => {
    expect(sitePath('//evil.com')).toBe('/evil.com');
    expect(sitePath('/\\evil.com')).toBe('/evil.com');
    expect(sitePath('\\\\evil.com')).toBe('/evil.com');
    expect(sitePath('/\t/evil.com')).toBe('/evil.com');
    expect(sitePath('tenders')).toBe('/tenders');
    expect(sitePath('')).toBe('/');
    expect(sitePath('/tenders?from=//x&to=\\y#//z')).toBe('/tenders?from=//x&to=\\y#//z');
    expect(sitePath('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com');
  });

  it('the language switch, both ways, for every evil path', () => {
    for (const url of EVIL) {
      for (const to of ['uk', 'en'] as const) {
        const href = switchLanguageUrl(url, '?page=2', to);
        expect(offSite(href), `${url} → ${to}: ${href}`).toBe(false);
        expect(href.startsWith(to === 'en' ? '/en' : '/')).toBe(true);
      }
    }
    expect(switchLanguageUrl('/en//evil.com', '', 'uk')).toBe('/evil.com');
    expect(switchLanguageUrl('//evil.com', '', 'en')).toBe('/en/evil.com');
  });

  it('localized paths', () => {
    for (const url of EVIL) {
      const { path } = splitLanguage(url);
      for (const language of ['uk', 'en'] as const) expect(offSite(localizedPath(language, path)), `${language} ${url}`).toBe(false);
    }
  });
});
