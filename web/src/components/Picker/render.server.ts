/** The picker for the server's render; the search page loads it as a chunk (`Search.tsx`). */
export { Picker } from './Picker';
