/** `/market/categories`: the list page (`CatalogueList.tsx`) with its own head and canonical query. */
import { listMeta } from './listMeta';
import { listJsonLd } from './meta';

export { canonicalQuery } from './meta';

export { default } from './CatalogueList';
export const meta = listMeta('categoryList');
export const jsonLd = __SERVER__ ? listJsonLd('categoryList') : undefined;
