/**
 * `/market/cart`: the logged-in buyer's cart (the users API keeps it; the server adds the
 * user's token). A visitor, or a seller, gets the 404 page (SPEC §2.1, §6).
 */
import type { RouteModule } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { buyersOnly } from '../../lib/guards';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while the chunk loads.
import './Cart.css';
import '../../components/AddToCart/AddToCart.css';

export const cart: RouteModule = {
  name: 'cart',
  page: { load: () => import('./Cart') },
  guard: buyersOnly,
  fetches: __SERVER__ ? () => [{ key: 'cart', service: 'users', path: '/api/users/cart' }] : FETCHED_BY_THE_SERVER,
  required: ['cart'],
  canonicalPath: () => '/market/cart',
  forms: true,
  noindex: true,
};
