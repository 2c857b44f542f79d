/** The pages of the follow e-mails' links: what they ask, what they say, and a wrong token. */
import { describe, expect, it } from 'vitest';
import { html, links, render, tr } from '../../components/test-utils';
import type { Fetched } from '../../contract';
import type { PageRoute, RouteContext } from '../../lib/routeModule';
import { matchPage } from '../../routes';
import { routeOutcome } from '../../routes/outcome';
import FollowLink from './FollowLink';

const context = (path: string, data: Record<string, Fetched> = {}) => {
  const [pathname, search = ''] = path.split('?');
  const { route, params } = matchPage(pathname);
  const ctx: RouteContext = { params, query: new URLSearchParams(search), input: { language: 'uk', data, session: null, config: {} as RouteContext['input']['config'] } };
  return { route, ctx };
};
const page = (name: string, body: unknown, language: 'uk' | 'en' = 'uk') =>
  render(<FollowLink route={{ name } as PageRoute} />, { language, data: { outcome: { ok: true, body } } });

describe('the follow links', () => {
  it('ask the users API with the token, are not indexed, and are the 404 page for an unknown token', () => {
    const { route, ctx } = context('/follow/confirm?token=a%2Bb/c d');
    expect(route.name).toBe('followConfirm');
    expect(route.fetches?.(ctx)).toEqual([{ key: 'outcome', service: 'users', path: '/api/follows/confirm?token=a%2Bb%2Fc%20d' }]);
    expect(route.noindex).toBe(true);
    expect(route.forms).toBeUndefined();
    const unsubscribe = context('/follow/unsubscribe?token=t', { outcome: { ok: false, status: 404 } });
    expect(unsubscribe.route.fetches?.(unsubscribe.ctx)[0].path).toBe('/api/follows/unsubscribe?token=t');
    expect(routeOutcome(unsubscribe.route, unsubscribe.ctx)).toEqual({ error: 404 });
  });

  it('say what was confirmed, how often mails will come, with links to the records', () => {
    const markup = page('followConfirm', { data: { state: 'confirmed', items: [{ register: 'tenders', key: 'UA-2026-12-01-000001-a', title: 'Ремонт <даху>' }] } });
    expect(markup).toContain(html(tr('uk', 'pages.followConfirm.title')));
    expect(markup).toContain(html(tr('uk', 'followLink.confirmed')));
    expect(markup).toContain(html(tr('uk', 'followLink.frequency')));
    expect(links(markup)).toEqual([expect.objectContaining({ href: '/tenders/UA-2026-12-01-000001-a', text: html('UA-2026-12-01-000001-a: Ремонт <даху>') })]);
    const daily = page('followConfirm', { data: { state: 'confirmed', frequency: 'daily', items: [] } });
    expect(daily).toContain('Листи про зміни надходитимуть раз на день.');
  });

  it('say what was unsubscribed, in English under /en', () => {
    const markup = page('followUnsubscribe', { data: { state: 'unsubscribed', items: [{ register: 'buyers', key: '12345678', title: '' }, { register: 'plans', key: 'UA-P-1', title: 'Папір' }] } }, 'en');
    expect(markup).toContain(html(tr('en', 'followLink.unsubscribed')));
    expect(links(markup).map((l) => l.href)).toEqual(['/en/buyers/12345678', '/en/plans/UA-P-1']);
    expect(markup).toContain(html(tr('en', 'followLink.again')));
  });
});
