/** Any path no other route takes: the 404 page, with status 404. */
import type { RouteModule } from '../../lib/routeModule';
import NotFound from './NotFound';

export const notFound: RouteModule = { name: 'notFound', page: NotFound, status: 404, noindex: true };
