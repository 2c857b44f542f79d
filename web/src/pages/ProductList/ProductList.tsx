/** `/market/products`: the list page (`market/CatalogueList.tsx`) with its own head (`head.ts`). */
export { default } from '../../market/CatalogueList';
export { meta, jsonLd, canonicalQuery } from './meta';
