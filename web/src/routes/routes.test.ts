import { describe, expect, it } from 'vitest';
import { MATCHES_MAX_BYTES, MATCH_MAX_ENTRY_BYTES, matchPage, matched } from './index';
import type { RouteContext } from '../lib/routeModule';
import type { ClientConfig } from '../config';

const ctx = (over: Partial<RouteContext['input']> = {}): RouteContext => ({
  params: {},
  query: new URLSearchParams(),
  input: {
    language: 'uk',
    data: {},
    session: null,
    config: { features: { cabinet: true } } as ClientConfig,
    ...over,
  },
});

describe('route table', () => {
  it('prefers static segments over parameters', () => {
    expect(matchPage('/market/categories').route.name).toBe('categoryList');
    expect(matchPage('/market/products').route.name).toBe('productList');
    expect(matchPage('/market/44110000-2').route.name).toBe('classification');
    expect(matchPage('/tenders/external/UA-1').route.name).toBe('externalTender');
  });
  it('matches tender sub-paths and monitorings', () => {
    expect(matchPage('/tenders/UA-1/documents').route.name).toBe('tender');
    expect(matchPage('/tenders/UA-1/monitorings').route.name).toBe('monitoringsRedirect');
    const m = matchPage('/tenders/UA-1/monitorings/m-9/conclusion');
    expect(m.route.name).toBe('monitoring');
    expect(m.params).toMatchObject({ tenderId: 'UA-1', id: 'm-9' });
  });
  it('sends unknown paths to the 404 route', () => {
    const m = matchPage('/nothing/here');
    expect(m.route.name).toBe('notFound');
    expect(m.route.status).toBe(404);
  });
  it('guards the cart, the cabinet and the login pages', () => {
    const cart = matchPage('/market/cart').route;
    expect(cart.guard?.(ctx())).toEqual({ error: 404 });
    expect(cart.guard?.(ctx({ session: { email: 'seller@portal.example', type: 'seller', name: 's' } }))).toEqual({ error: 404 });
    expect(cart.guard?.(ctx({ session: { email: 'buyer@portal.example', type: 'buyer', name: 'b' } }))).toBeNull();
    const cabinet = matchPage('/icabinet/x').route;
    expect(cabinet.guard?.(ctx())).toEqual({ redirect: '/', status: 302 });
    expect(cabinet.guard?.(ctx({ session: { email: 'buyer@portal.example', type: 'buyer', name: 'b' } }))).toBeNull();
    const off = ctx({ session: { email: 'buyer@portal.example', type: 'buyer', name: 'b' }, config: { features: { cabinet: false } } as ClientConfig });
    // Without the flag the cabinet is an unmatched route, for everyone.
    expect(cabinet.guard?.(off)).toEqual({ error: 404 });
    expect(cabinet.guard?.(ctx({ config: { features: { cabinet: false } } as ClientConfig }))).toEqual({ error: 404 });
    expect(matchPage('/login').route.guard?.(ctx({ session: { email: 'cpe@portal.example', type: 'cpe', name: 'c' } }))).toEqual({ redirect: '/', status: 302 });
    expect(matchPage('/registration/step').route.guard?.(ctx())).toBeNull();
  });
  it('answers 404 for tender ids of neither form, before any fetch', () => {
    const tender = matchPage('/tenders/x').route;
    for (const id of ['does-not-exist', 'UA-1', 'UA-2026-09-10-009952-a/../x', '0123456789abcdef0123456789abcde', '']) {
      expect(tender.guard?.({ ...ctx(), params: { id } })).toEqual({ error: 404 });
    }
    for (const id of ['UA-2026-09-10-009952-a', 'ua-2026-09-10-009952-b', 'UA-2027-01-01-000001-a.2', '00099ec17718414a90b638730cb31d94']) {
      expect(tender.guard?.({ ...ctx(), params: { id } })).toBeNull();
    }
  });
  it('marks /js/sign noindex', () => {
    expect(matchPage('/js/sign').route.noindex).toBe(true);
  });
});

describe('the matches kept per path', () => {
  it('are bounded by bytes: 64 KB paths are matched but not kept, small ones still hit', () => {
    const small = matchPage('/tenders/UA-2026-09-10-009952-a');
    for (let i = 0; i < 300; i++) {
      const path = `/tenders/UA-${i}/${'x'.repeat(64 * 1024)}`;
      expect(matchPage(path).route.name).toBe('tender');
      expect(matched!.get(path)).toBeUndefined();
    }
    expect(matchPage('/tenders/UA-2026-09-10-009952-a')).toBe(small);
    expect(matched!.bytes).toBeLessThan(MATCHES_MAX_BYTES);
  });

  it('stay within their bytes under many paths just under the entry bound', () => {
    const size = MATCH_MAX_ENTRY_BYTES / 4 - 100;
    for (let i = 0; i < 2000; i++) {
      matchPage(`/market/products/${i}${'p'.repeat(size)}`);
      expect(matched!.bytes).toBeLessThanOrEqual(MATCHES_MAX_BYTES);
    }
    expect(matched!.bytes).toBeGreaterThan(MATCHES_MAX_BYTES / 2);
    // The newest are kept: the same match object comes back.
    const last = `/market/products/1999${'p'.repeat(size)}`;
    expect(matchPage(last)).toBe(matched!.get(last));
    const again = matchPage('/plans');
    expect(matchPage('/plans')).toBe(again);
  });
});
