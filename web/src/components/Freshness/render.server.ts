/** The freshness line for the server's render; the search page loads it as a chunk (`Search.tsx`). */
export { Freshness } from './Freshness';
