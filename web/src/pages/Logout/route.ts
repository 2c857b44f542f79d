/** `/logout`: asks a logged-in user to confirm (a link cannot log anyone out). */
import type { PageModule } from '../../lib/pageModule';

export const logout: PageModule = { name: 'logout', page: { load: () => import('./Logout') }, forms: true, noindex: true };
