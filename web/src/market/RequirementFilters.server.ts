/** The requirement filters for the server's render; the browser loads them as a chunk (`RequirementProducts.tsx`). */
export { RequirementFilters } from './RequirementFilters';
