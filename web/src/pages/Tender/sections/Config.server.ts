/** The procedure parameters for the server's render; the browser loads them as a chunk (`Tender.tsx`). */
export { Config } from './Config';
