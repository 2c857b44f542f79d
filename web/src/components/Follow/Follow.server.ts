/** The follow form for the server's render; the browser loads it as a chunk (the pages that show it). */
export { default as Follow } from './Follow';
