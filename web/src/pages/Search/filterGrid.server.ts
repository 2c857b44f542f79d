/** The search form's filters for the server's render; the browser loads them as a chunk (`Search.tsx`). */
export { FilterGrid } from './FilterGrid';
