/** Any path no other route takes: the 404 page, with status 404. */
import type { PageModule } from '../../lib/pageModule';
import NotFound from './NotFound';

export const notFound: PageModule = { name: 'notFound', page: NotFound, status: 404, noindex: true };
