import { describe, expect, it } from 'vitest';
import { UserMenu, userMenuItems } from './UserMenu';
import { html, links, render, testConfig, tr } from '../test-utils';

const old = testConfig.endpoints.oldSite;
const keys = (type: 'buyer' | 'seller' | 'cpe') => userMenuItems(type, testConfig).map((i) => i.key);

describe('userMenuItems', () => {
  it('lists the buyer menu in order', () => {
    expect(keys('buyer')).toEqual(['myCompany', 'frameworkQualification', 'myProcurements', 'myProcurementPlans', 'market', 'cart', 'specifications', 'settings', 'notifications']);
  });

  it('lists the seller menu in order, without Market', () => {
    expect(keys('seller')).toEqual(['ourBids', 'ourCompany', 'marketQualifications', 'settingsAndInfo', 'notifications']);
  });

  it('lists the cpe menu in order', () => {
    expect(keys('cpe')).toEqual(['myProcurements', 'myPlans', 'market', 'cart', 'marketQualifications', 'myCompany', 'settings', 'notifications']);
  });

  it('makes Market and the cart internal links and everything else an old-cabinet link', () => {
    for (const type of ['buyer', 'seller', 'cpe'] as const) {
      for (const item of userMenuItems(type, testConfig)) {
        if (item.key === 'market') expect(item).toEqual({ key: 'market', href: '/market', external: false });
        else if (item.key === 'cart') expect(item).toEqual({ key: 'cart', href: '/market/cart', external: false });
        else {
          expect(item.external).toBe(true);
          expect(item.href.startsWith(`${old}/cabinet/`)).toBe(true);
        }
      }
    }
  });

  it('does not double the slash when oldSite ends with one', () => {
    const config = { endpoints: { ...testConfig.endpoints, oldSite: `${old}/` } };
    expect(userMenuItems('seller', config)[0].href).toBe(`${old}/cabinet/bids`);
  });
});

describe('UserMenu', () => {
  it('renders every item with its translation, Market through the router', () => {
    const out = render(<UserMenu type="buyer" />, { language: 'en', session: { email: 'buyer@portal.example', type: 'buyer', name: 'ACME' }, url: '/en/tenders' });
    expect(out).toContain('ACME');
    const found = links(out);
    expect(found.map((l) => l.text.replace(` ${html(tr('en', 'common.newTab'))}`, ''))).toEqual(
      keys('buyer').map((k) => html(tr('en', `userMenu.${k}`))),
    );
    const market = found[keys('buyer').indexOf('market')];
    expect(market.href).toBe('/en/market');
    expect(market.attrs.target).toBeUndefined();
  });

  it('opens old-cabinet links in the same tab (they are legacy links)', () => {
    const out = render(<UserMenu type="seller" />, { session: { email: 'seller@portal.example', type: 'seller', name: 'Seller' } });
    for (const l of links(out)) {
      expect(l.href?.startsWith(old)).toBe(true);
      expect(l.attrs.target).toBeUndefined();
    }
  });

  it('falls back to a generic label when the user has no name', () => {
    const out = render(<UserMenu type="cpe" />, { session: { email: 'cpe@portal.example', type: 'cpe', name: '' } });
    expect(out).toContain(html(tr('uk', 'userMenu.account')));
  });
});
