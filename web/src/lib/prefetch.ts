/**
 * Asks for the code of the page at a path before going there (the login asks for the
 * page it goes on to, issue 46, item 5). A leaf: the browser's entry, which holds the
 * route table, sets how; a page that calls it need not import the route table (which
 * imports the pages: a cycle).
 */
let prefetcher: ((path: string) => Promise<void>) | null = null;

export function setPagePrefetcher(prefetch: (path: string) => Promise<void>): void {
  prefetcher = prefetch;
}

/** The code of the page at `path` (no language prefix, no query), asked for now; failures are ignored. */
export function prefetchPage(path: string): void {
  void prefetcher?.(path.split(/[?#]/)[0]).catch(() => undefined);
}
