/** `/market/categories`: a list of the catalogue (`market/CatalogueList.tsx`) with its own head (`head.ts`). */
import { list } from '../../market/route';

export const categoryList = list('categoryList', { load: () => import('./CategoryList') });
