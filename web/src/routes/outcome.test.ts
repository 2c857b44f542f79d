import { describe, expect, it } from 'vitest';
import { routeOutcome } from './outcome';
import { matchPage } from './index';
import type { RouteContext } from '../lib/routeModule';
import type { ClientConfig } from '../config';
import type { PageData } from '../lib/data';

const ctx = (data: PageData, params: RouteContext['params']): RouteContext => ({
  params,
  query: new URLSearchParams(),
  input: { language: 'uk', data, session: null, config: { features: {} } as ClientConfig },
});

describe('routeOutcome', () => {
  const { route, params } = matchPage('/tenders/UA-2026-10-12-014102-a');
  const tender = { ok: true as const, body: { id: '6ea25b15cfcd4566af1ad81046a8ae98', tenderID: 'UA-2026-10-12-014102-a' } };
  it('lets a page render when only an optional answer failed', () => {
    expect(routeOutcome(route, ctx({ tender, monitorings: { ok: false, status: 500 } }, params))).toBeNull();
    expect(routeOutcome(route, ctx({ tender, monitorings: { ok: false, failure: 'timeout' } }, params))).toBeNull();
  });
  it('answers the error page of a failed required answer', () => {
    // The portal's status, and the code that failed, which the page shows (SPEC §2.4, §2.5).
    expect(routeOutcome(route, ctx({ tender: { ok: false, status: 500 }, monitorings: { ok: true, body: {} } }, params))).toEqual({ error: 503, shown: 500 });
    expect(routeOutcome(route, ctx({ tender: { ok: false, status: 418 } }, params))).toEqual({ error: 502, shown: 418 });
    expect(routeOutcome(route, ctx({ tender: { ok: false, failure: 'timeout' } }, params))).toEqual({ error: 504 });
    expect(routeOutcome(route, ctx({ tender: { ok: false, status: 404 } }, params))).toEqual({ error: 404 });
  });
  it('puts the guard first and the redirect from data last', () => {
    const bad = matchPage('/tenders/not-an-id');
    expect(routeOutcome(bad.route, ctx({ tender: { ok: false, status: 500 } }, bad.params))).toEqual({ error: 404 });
    const hex = matchPage('/tenders/6ea25b15cfcd4566af1ad81046a8ae98/awards');
    expect(routeOutcome(hex.route, ctx({ tender }, hex.params))).toEqual({ redirect: '/tenders/UA-2026-10-12-014102-a/awards', status: 301 });
  });
});
