/** `/logout`: asks a logged-in user to confirm (a link cannot log anyone out). */
import type { RouteModule } from '../../lib/routeModule';

export const logout: RouteModule = { name: 'logout', page: { load: () => import('./Logout') }, forms: true, noindex: true };
