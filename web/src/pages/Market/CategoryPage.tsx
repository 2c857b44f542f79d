/** `/market/category/{categoryId}`: a category's products (`RequirementProducts.tsx`) with its own head and canonical query. */
import { recordJsonLd } from './meta';
import { categoryMeta } from './recordMeta';

export { canonicalQuery } from './meta';

export { default } from './RequirementProducts';
export const meta = categoryMeta;
export const jsonLd = __SERVER__ ? recordJsonLd('category') : undefined;
