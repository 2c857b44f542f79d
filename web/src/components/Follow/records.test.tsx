/** The follow form on a plan's and a contract's page, and their requests for a logged-in visitor. */
import { describe, expect, it } from 'vitest';
import { render } from '../test-utils';
import type { PageRoute, RouteContext } from '../../lib/routeModule';
import { matchPage } from '../../routes';
import Plan from '../../pages/Plan/Plan';
import Contract from '../../pages/Contract/Contract';

const PLAN = { id: 'c'.repeat(32), planID: 'UA-P-2026-12-01-000001-a', status: 'scheduled', budget: { description: 'Папір' }, documents: [{ id: 'd1', title: 'Обґрунтування.pdf' }] };
const CONTRACT = { id: 'd'.repeat(32), contractID: 'UA-2026-12-01-000001-a-a1', status: 'active', title: 'Папір', changes: [{ id: 'ch1', rationale: 'Ціна', rationaleTypes: ['priceReduction'] }] };

describe('following a plan or a contract', () => {
  it("puts the form on the record's page, naming the record by its id, and gives its parts the anchors of its changes", () => {
    const plan = render(<Plan route={{ name: 'plan' } as PageRoute} />, { url: `/plans/${PLAN.planID}`, data: { plan: { ok: true, body: PLAN } } });
    expect(plan).toContain(`action="/plans/${PLAN.planID}/follow"`);
    expect(plan).toContain(`<input type="hidden" name="target" value="${PLAN.id}"/>`);
    expect(plan).toContain('<tr id="document-d1">');
    const contract = render(<Contract route={{ name: 'contract' } as PageRoute} />, { language: 'en', url: `/en/contracts/${CONTRACT.contractID}`, data: { contract: { ok: true, body: CONTRACT } } });
    expect(contract).toContain(`action="/en/contracts/${CONTRACT.contractID}/follow"`);
    expect(contract).toContain('id="change-ch1"');
  });

  it("asks a logged-in visitor's follow status by the record's 32-hex id, once the record is in", () => {
    for (const [path, key, register] of [[`/plans/${PLAN.planID}`, 'plan', 'plans'], [`/contracts/${CONTRACT.contractID}`, 'contract', 'contracts']]) {
      const { route, params } = matchPage(path);
      const ctx = (session: RouteContext['input']['session']): RouteContext => ({ params, query: new URLSearchParams(), input: { language: 'uk', data: {}, session, config: { features: { prices: true } } as RouteContext['input']['config'] } });
      expect(route.fetches?.(ctx(null)).some((f) => f.key === 'follow')).toBe(false);
      expect(route.fetches?.(ctx({ email: 'a@b.test', type: 'buyer', name: 'A' })).find((f) => f.key === 'follow'))
        .toEqual({ key: 'follow', service: 'users', path: `/api/users/follows/status?register=${register}&id={/id}`, after: key });
    }
  });
});
