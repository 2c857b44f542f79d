/** `/market/category/{categoryId}`: a category's products (`RequirementProducts.tsx`) with its own head. */
import { categoryMeta, trailJsonLd } from './meta';

export { default } from './RequirementProducts';
export const meta = categoryMeta;
export const jsonLd = trailJsonLd('category');
