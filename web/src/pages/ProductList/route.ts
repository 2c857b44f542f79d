/** `/market/products`: a list of the catalogue (`market/CatalogueList.tsx`) with its own head (`head.ts`). */
import { list } from '../../market/route';

export const productList = list('productList', { load: () => import('./ProductList') });
