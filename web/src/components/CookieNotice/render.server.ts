/** The cookie notice for the server's render; the browser loads it as a chunk when the page has it (`App.tsx`). */
export { CookieNotice } from './CookieNotice';
