/** The header's session part for the server's render; the browser loads it as a chunk (`Header.tsx`). */
export { SessionAccount } from './SessionAccount';
