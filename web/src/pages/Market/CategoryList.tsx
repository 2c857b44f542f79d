/** `/market/categories`: the list page (`CatalogueList.tsx`) with its own head and canonical query. */
import { listMeta } from './listMeta';

export { canonicalQuery } from './meta';

export { default } from './CatalogueList';
export const meta = listMeta('categoryList');
