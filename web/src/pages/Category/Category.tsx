/** `/market/category/{categoryId}`: a category's products (`market/RequirementProducts.tsx`) with its own head (`head.ts`). */
export { default } from '../../market/RequirementProducts';
export { meta, jsonLd, canonicalQuery } from './meta';
