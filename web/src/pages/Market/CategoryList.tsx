/** `/market/categories`: the list page (`CatalogueList.tsx`) with its own head. */
import { listMeta } from './meta';

export { default } from './CatalogueList';
export const meta = listMeta('categoryList');
