import { describe, expect, it } from 'vitest';
import { Footer, SOCIAL_LINKS } from './Footer';
import { html, link, render, testConfig, tr } from '../test-utils';

describe('Footer', () => {
  const uk = render(<Footer />);
  const en = render(<Footer />, { language: 'en', url: '/en/tenders' });

  it('links the info pages inside the app, in the current language', () => {
    expect(link(uk, tr('uk', 'footer.tariffs')).href).toBe('/info/tariffs');
    expect(link(uk, tr('uk', 'footer.regulations')).href).toBe('/info/regulations');
    expect(link(uk, tr('uk', 'footer.contacts')).href).toBe('/info/contacts');
    expect(link(uk, tr('uk', 'footer.searchHelp')).href).toBe('/info/search-help');
    expect(link(en, tr('en', 'footer.searchHelp')).href).toBe('/en/info/search-help');
    expect(link(uk, tr('uk', 'footer.redFlags')).href).toBe('/info/red-flags');
    expect(link(en, tr('en', 'footer.redFlags')).href).toBe('/en/info/red-flags');
    expect(link(en, tr('en', 'footer.tariffs')).href).toBe('/en/info/tariffs');
  });

  it('links the agreement PDF of the current language in a new tab', () => {
    const ukPdf = link(uk, tr('uk', 'footer.agreement'));
    expect(ukPdf.href).toBe(`${testConfig.assetBase}docs/agreement-uk.pdf`);
    expect(ukPdf.attrs.target).toBe('_blank');
    expect(link(en, tr('en', 'footer.agreement')).href).toBe(`${testConfig.assetBase}docs/agreement-en.pdf`);
  });

  it('links the three social pages in new tabs with labels', () => {
    expect(SOCIAL_LINKS.map((s) => s.key)).toEqual(['facebook', 'telegram', 'youtube']);
    for (const s of SOCIAL_LINKS) {
      const l = link(uk, tr('uk', `footer.${s.key}`));
      expect(l.href).toBe(s.href);
      expect(l.attrs.target).toBe('_blank');
      expect(l.attrs.rel).toBe('noopener noreferrer');
      expect(l.attrs['aria-label']).toBe(html(tr('uk', 'common.newTabLabel', { label: tr('uk', `footer.${s.key}`) })));
    }
  });

  it('shows the copyright with the current year and the support e-mail', () => {
    const year = new Date().getFullYear();
    expect(uk).toContain(html(tr('uk', 'footer.copyright', { year })));
    expect(uk).toContain(`2019–${year}`);
    expect(link(uk, testConfig.supportEmail).href).toBe(`mailto:${testConfig.supportEmail}`);
  });
});
