/** The cart entry for the server's render; the browser loads it as a chunk (`Header.tsx`). */
export { CartLink } from './CartLink';
