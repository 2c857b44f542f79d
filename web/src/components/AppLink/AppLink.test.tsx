import { describe, expect, it } from 'vitest';
import { Link } from 'react-router';
import { AppLink, withBase } from './AppLink';
import { links, render } from '../test-utils';

describe('AppLink', () => {
  it('puts the language base in front of absolute paths', () => {
    expect(withBase('/', '/tenders?page=2')).toBe('/tenders?page=2');
    expect(withBase('/en', '/tenders?page=2')).toBe('/en/tenders?page=2');
    expect(withBase('/en', '/')).toBe('/en');
    expect(withBase('/en/', '/?keyword=x')).toBe('/en?keyword=x');
    expect(withBase('/en', '/#search')).toBe('/en#search');
  });

  it('never writes a link to another host, whatever path it was made from', () => {
    expect(withBase('/', '//evil.com')).toBe('/evil.com');
    expect(withBase('/', '/\\evil.com?page=2')).toBe('/evil.com?page=2');
    expect(withBase('/', '//?page=2')).toBe('/?page=2');
    expect(withBase('/en', '//evil.com')).toBe('/en/evil.com');
    expect(links(render(<AppLink to="//evil.com">x</AppLink>))[0]!.href).toBe('/evil.com');
  });

  it('renders the same href as react-router Link in both languages', () => {
    for (const [language, url] of [['uk', '/'], ['en', '/en']] as const) {
      for (const to of ['/', '/tenders', '/tenders?status[0]=complete&page=3', '/tenders?status%5B0%5D=complete&page=3', '/tenders/UA-2026-10-12-014102-a', '/info/contacts']) {
        const fast = links(render(<AppLink to={to}>x</AppLink>, { language, url }))[0]!.href;
        const slow = links(render(<Link to={to}>x</Link>, { language, url }))[0]!.href;
        expect(fast, `${language} ${to}`).toBe(slow);
      }
    }
  });
});
