import { afterEach, describe, expect, it } from 'vitest';
import { MachineLinks } from './MachineLinks';
import { html, link, render, testConfig, tr } from '../../components/test-utils';
import { emptyFilters, TENDERS } from '../../lib/filters';

const buyer = { email: 'b@x.ua', type: 'buyer' as const, name: 'B' };

describe('MachineLinks: saved searches and alerts (issue 29, item 14)', () => {
  afterEach(() => {
    testConfig.features.cabinet = false;
  });
  const links = (saveable: boolean, options: Parameters<typeof render>[1]) =>
    render(<MachineLinks register={TENDERS} filters={{ ...emptyFilters(), keyword: 'ремонт доріг' }} total={3} language={options?.language ?? 'uk'} saveable={saveable} />, options);

  it('leads a visitor who is not logged in to the login and back to the same search', () => {
    testConfig.features.cabinet = true;
    const markup = links(false, { url: '/tenders?keyword=%D1%80%D0%B5%D0%BC%D0%BE%D0%BD%D1%82&region=Kyiv' });
    const invite = link(markup, tr('uk', 'savedSearches.getAlerts'));
    const target = new URL(invite.href!, 'https://portal.test');
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('from')).toBe('/tenders?keyword=%D1%80%D0%B5%D0%BC%D0%BE%D0%BD%D1%82&region=Kyiv');
    expect(markup).toContain(html(tr('uk', 'savedSearches.loginToSave')));
    // In English, the login of the English interface.
    const en = link(links(false, { language: 'en', url: '/en/plans?page=2' }), tr('en', 'savedSearches.getAlerts'));
    expect(en.href).toBe('/en/login?from=%2Fplans%3Fpage%3D2');
  });

  it('keeps the way back on this site', () => {
    testConfig.features.cabinet = true;
    const invite = link(links(false, { url: '//evil.example/tenders' }), tr('uk', 'savedSearches.getAlerts'));
    expect(new URL(invite.href!, 'https://portal.test').searchParams.get('from')).toMatch(/^\/[^/\\]/);
  });

  it('is not offered with the cabinet off, nor to a logged-in user (who has the form)', () => {
    expect(links(false, { url: '/tenders' })).not.toContain(html(tr('uk', 'savedSearches.getAlerts')));
    testConfig.features.cabinet = true;
    const logged = links(true, { url: '/tenders', session: buyer, csrf: 't' });
    expect(logged).not.toContain(html(tr('uk', 'savedSearches.getAlerts')));
    expect(logged).toContain(html(tr('uk', 'savedSearches.save')));
  });
});
