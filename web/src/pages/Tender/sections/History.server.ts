/** The history for the server's render; the browser loads it as a chunk (`Tender.tsx`). */
export { default as History } from './History';
