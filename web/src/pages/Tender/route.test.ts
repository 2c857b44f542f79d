import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { translations } from '../../components/test-utils';
import { pageHead } from '../../routes/head';
import { matchPage } from '../../routes';
import { loadPage } from '../../routes/split';
import type { RouteContext } from '../../lib/routeModule';
import type { ClientConfig } from '../../config';
import type { PageData } from '../../lib/data';

const i18n = createI18n('uk', { uk: { dzo: translations.uk }, en: { dzo: translations.en } });
const t = i18n.getFixedT('uk', 'dzo');
const config = { publicOrigin: 'https://portal.test', features: { prices: true } } as ClientConfig;

// The head's meta and JSON-LD come with the page's chunk.
beforeAll(() => loadPage(matchPage('/tenders/UA-1').route, 'uk'));

function head(path: string, data: PageData) {
  const { route, params } = matchPage(path);
  const ctx: RouteContext = { params, query: new URLSearchParams(), input: { language: 'uk', data, session: null, config } };
  return pageHead(route, ctx, t, path);
}

describe('the tender route', () => {
  it('keeps one canonical address per tender, whatever sub-path or id form was asked', () => {
    const tender = { ok: true as const, body: { id: '6ea25b15cfcd4566af1ad81046a8ae98', tenderID: 'UA-2026-10-12-014102-a', title: 'Газ' } };
    const h = head('/tenders/UA-2026-10-12-014102-a/awards', { tender });
    expect(h.canonical).toBe('https://portal.test/tenders/UA-2026-10-12-014102-a');
    expect(h.title).toContain('Газ');
    expect((h.jsonLd as { '@graph': object[] })['@graph']).toContainEqual(
      expect.objectContaining({ '@type': 'Demand', identifier: 'UA-2026-10-12-014102-a', url: h.canonical }),
    );
  });
  it('falls back to the default meta with the id from the path when the tender is missing', () => {
    const h = head('/tenders/UA-2026-10-12-014102-a', { tender: { ok: false, status: 404 } });
    expect(h.title.startsWith(t('pages.tender.title', { id: 'UA-2026-10-12-014102-a' }))).toBe(true);
    expect(h.title).toContain('UA-2026-10-12-014102-a');
    expect(h.jsonLd).toBeNull();
  });
  it('asks for the tender (required), its monitorings, plans, contracts, others\' prices and history (optional), and the server for its red flags', () => {
    const { route, params } = matchPage('/tenders/UA-2026-10-12-014102-a');
    const ctx: RouteContext = { params, query: new URLSearchParams(), input: { language: 'uk', data: {}, session: null, config } };
    expect(route.fetches?.(ctx).map((f) => [f.key, f.path])).toEqual([
      ['tender', '/api/tenders/UA-2026-10-12-014102-a'],
      ['monitorings', '/api/tenders/UA-2026-10-12-014102-a/monitorings'],
      ['plans', '/api/plans?tender_id[0]=UA-2026-10-12-014102-a&perPage=100'],
      ['contracts', '/api/contracts?tender_id[0]=UA-2026-10-12-014102-a&perPage=100'],
      ['redFlags', ''],
      ['freshness', '/api/freshness?brief=1'],
      ['prices', '/api/prices/tenders/UA-2026-10-12-014102-a'],
      ['history', '/api/tenders/UA-2026-10-12-014102-a/events?perPage=50'],
    ]);
    // Others' prices beside the tender, never after it (issue 47): the page's slowest answer is not its sum.
    expect(route.fetches?.(ctx).find((f) => f.key === 'prices')?.after).toBeUndefined();
    expect(route.required).not.toContain('prices');
    const redFlags = route.fetches?.(ctx).find((f) => f.key === 'redFlags');
    expect([redFlags?.service, redFlags?.after]).toEqual(['redFlags', 'tender']);
    expect(route.required).toEqual(['tender']);
  });

  it('neither asks for others\' prices nor for anything else in their place without the prices flag', () => {
    const { route, params } = matchPage('/tenders/UA-2026-10-12-014102-a');
    const ctx = (prices: boolean): RouteContext => ({
      params, query: new URLSearchParams(), input: { language: 'uk', data: {}, session: null, config: { ...config, features: { ...config.features, prices } } },
    });
    const keys = (prices: boolean) => route.fetches?.(ctx(prices)).map((f) => f.key);
    expect(keys(true)).toContain('prices');
    // The rest of the page asks for the same, in the same order: `make bench` compares the two.
    expect(keys(false)).toEqual(keys(true)?.filter((k) => k !== 'prices'));
  });

  it('asks a logged-in visitor whether they follow the tender, by its 32-hex id once the tender is in', () => {
    const { route, params } = matchPage('/tenders/UA-2026-10-12-014102-a');
    const input = (session: RouteContext['input']['session']) => ({ params, query: new URLSearchParams(), input: { language: 'uk' as const, data: {}, session, config } });
    expect(route.fetches?.(input(null)).some((f) => f.key === 'follow')).toBe(false);
    const follow = route.fetches?.(input({ email: 'a@b.test', type: 'seller', name: 'A' })).find((f) => f.key === 'follow');
    expect(follow).toEqual({ key: 'follow', service: 'users', path: '/api/users/follows/status?register=tenders&id={/id}', after: 'tender' });
  });
});

describe('default meta', () => {
  it('interpolates the route params into pages without meta code', () => {
    expect(head('/market/category/33190000-8-1', {}).title).toContain('33190000-8-1');
    expect(head('/plans/UA-P-2026-01-01-000001-a', {}).title).toContain('UA-P-2026-01-01-000001-a');
  });
});
