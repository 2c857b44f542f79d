/** The test-mode switch for the server's render; the browser loads it as a chunk (`Footer.tsx`). */
export { TestMode } from './TestMode';
