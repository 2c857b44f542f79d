/**
 * `/icabinet`: the logged-in user's own account and company (the users API, with the
 * user's token: the server adds it), the CPV notification list, editable, and the saved
 * searches. Without the cabinet flag it is the 404 page for everyone; with it, a visitor
 * without a session goes home.
 */
import type { RouteModule } from '../../lib/routeModule';
import { cabinetGuard } from '../../lib/guards';

export const cabinet: RouteModule = {
  name: 'cabinet',
  page: { load: () => import('./Cabinet') },
  guard: cabinetGuard,
  fetches: () => [
    { key: 'account', service: 'users', path: '/api/users/profile' },
    { key: 'company', service: 'users', path: '/api/users/profile/company' },
    { key: 'searches', service: 'users', path: '/api/users/saved-searches' },
  ],
  required: ['account'],
  forms: true,
  noindex: true,
};
