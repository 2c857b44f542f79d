/**
 * `/follow/confirm?token=` and `/follow/unsubscribe?token=`: the links of the follow
 * e-mails, no login needed. The users API does what the link says when asked
 * (`/api/follows/{confirm,unsubscribe}`) and answers what it concerned; an unknown token
 * is its 404, the page's. Never indexed (a token is one person's).
 */
import type { FetchSpec } from '../../contract';
import { FETCHED_BY_THE_SERVER, type RouteContext, type RouteModule } from '../../lib/routeModule';

const link = (name: string, action: 'confirm' | 'unsubscribe'): RouteModule => ({
  name,
  page: { load: () => import('./FollowLink') },
  fetches: __SERVER__
    ? ({ query }: RouteContext): FetchSpec[] => [
        { key: 'outcome', service: 'users', path: `/api/follows/${action}?token=${encodeURIComponent(query.get('token') ?? '')}` },
      ]
    : FETCHED_BY_THE_SERVER,
  required: ['outcome'],
  noindex: true,
});

export const followConfirm = link('followConfirm', 'confirm');
export const followUnsubscribe = link('followUnsubscribe', 'unsubscribe');
