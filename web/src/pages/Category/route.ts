/** `/market/category/{categoryId}`: a category's products (`market/RequirementProducts.tsx`) with its own head (`head.ts`). */
import { record } from '../../market/route';

export const category = record('category', { load: () => import('./Category') });
