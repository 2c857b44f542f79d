/** The head of `/market/profiles`: its title (with the page number past the first), JSON-LD and canonical query. */
import { listJsonLd, listMeta } from '../../market/meta';

export { canonicalQuery } from '../../market/meta';

export const meta = listMeta('profileList');
export const jsonLd = __SERVER__ ? listJsonLd('profileList') : undefined;
