/** The deferred sections for the server's render; the browser loads them as a chunk (`deferred.ts`). */
export * from './deferred';
