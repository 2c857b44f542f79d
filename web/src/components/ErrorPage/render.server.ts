/** The error page for the server's render; the browser loads it as a chunk (`LazyErrorPage.tsx`). */
export { ErrorPage } from './ErrorPage';
