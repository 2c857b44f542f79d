/** The save-search form for the server's render; the browser loads it as a chunk (`MachineLinks.tsx`). */
export { SaveSearchForm } from './SaveSearch';
