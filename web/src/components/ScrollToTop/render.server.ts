/** The scroll-to-top button for the server's render; the browser loads it as a chunk (`App.tsx`). */
export { ScrollToTop } from './ScrollToTop';
