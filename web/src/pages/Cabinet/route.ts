/**
 * `/icabinet`: the logged-in user's own account and company (the users API, with the
 * user's token: the server adds it), the CPV notification list, editable, the saved
 * searches and the follows. Without the cabinet flag it is the 404 page for everyone; with it, a visitor
 * without a session goes home.
 */
import { FETCHED_BY_THE_SERVER, type RouteModule } from '../../lib/routeModule';
import { cabinetGuard } from '../../lib/guards';

export const cabinet: RouteModule = {
  name: 'cabinet',
  page: { load: () => import('./Cabinet') },
  guard: cabinetGuard,
  // The browser only asks whether there are fetches (decision 0011).
  fetches: __SERVER__ ? () => [
    { key: 'account', service: 'users', path: '/api/users/profile' },
    { key: 'company', service: 'users', path: '/api/users/profile/company' },
    { key: 'searches', service: 'users', path: '/api/users/saved-searches' },
    { key: 'follows', service: 'users', path: '/api/users/follows' },
  ] : FETCHED_BY_THE_SERVER,
  required: ['account'],
  forms: true,
  noindex: true,
};
