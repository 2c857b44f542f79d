/** `/market/products`: the list page (`CatalogueList.tsx`) with its own head and canonical query. */
import { listMeta } from './listMeta';
import { listJsonLd } from './meta';

export { canonicalQuery } from './meta';

export { default } from './CatalogueList';
export const meta = listMeta('productList');
export const jsonLd = __SERVER__ ? listJsonLd('productList') : undefined;
