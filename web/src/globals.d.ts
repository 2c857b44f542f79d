/**
 * True in the server's bundle, false in the browser's (`build.mjs` defines it; vitest
 * runs as the server). A route module leaves code that only the server runs (its
 * `fetches`) behind it, so that code and what it imports stay out of the browser's
 * main bundle: `fetches: __SERVER__ ? fetchesOf : FETCHED_BY_THE_SERVER`.
 */
declare const __SERVER__: boolean;
