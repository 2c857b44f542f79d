/**
 * `/login` (e-mail and password) and `/login/2fa` (the one-time code of a login that
 * needs one): forms posted to the portal's own endpoints, which keep the tokens in
 * cookies. A logged-in user is sent home. Title and description are the default ones.
 */
import type { RouteModule } from '../../lib/routeModule';
import { visitorsOnly } from '../../lib/guards';
import './Login.css';

export const login: RouteModule = { name: 'login', page: { load: () => import('./Login') }, guard: visitorsOnly, forms: true, noindex: true };
