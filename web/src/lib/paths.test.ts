import { describe, expect, it } from 'vitest';
import { localizedPath, splitLanguage, switchLanguageUrl } from './paths';

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
});
