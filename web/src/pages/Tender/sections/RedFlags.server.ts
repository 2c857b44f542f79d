/** The red flags for the server's render; the browser loads them as a chunk (`Tender.tsx`). */
export { RedFlags } from './RedFlags';
