/**
 * Pages that load as their own chunk in the browser: the route modules whose `page` is
 * a loader (`{ load: () => import('./Page') }`). The server bundle loads every one at
 * start (`loadAllPages`; its isolates render synchronously); the browser loads the
 * current page's chunk before hydrating, so the first render matches the server's, and
 * later pages load on navigation (SPEC §9's 120 s chunk time-out). A chunk may differ by
 * language (an info page's text), so loaded chunks are kept per page and language.
 */
import { lazy } from 'react';
import type { Language } from '../contract';
import type { PageChunk, PageComponent, RouteModule, SplitPage } from '../lib/routeModule';
import { loadChunk } from '../lib/lazy';
import { LazyErrorPage as ErrorPage } from '../components/ErrorPage/LazyErrorPage';

const isSplit = (page: RouteModule['page']): page is SplitPage => typeof page === 'object' && 'load' in page;

const keyOf = (module: RouteModule, language: Language) => `${language}:${module.name}`;

/** Loaded chunks, by language and page name. */
const loaded = new Map<string, PageChunk>();
/** Chunks on their way (the browser), so a navigation and its render share one load. */
const loading = new Map<string, Promise<PageChunk>>();
/** The component standing for each split page (made once, so React keeps its identity). */
const standIns = new Map<string, PageComponent>();

function load(module: RouteModule, page: SplitPage, language: Language): Promise<PageChunk> {
  const key = keyOf(module, language);
  const done = loaded.get(key);
  if (done) return Promise.resolve(done);
  let pending = loading.get(key);
  if (!pending) {
    pending = loadChunk(() => page.load(language)).then(
      (chunk) => {
        loaded.set(key, chunk);
        loading.delete(key);
        // The bundle works again: a later failure may try a full load once more.
        if (typeof window !== 'undefined') sessionStore()?.removeItem(CHUNK_RELOAD_KEY);
        return chunk;
      },
      (e: unknown) => {
        // A failed load may be tried again (the next navigation to the page).
        loading.delete(key);
        throw e;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** Where the address a page's chunk failed for is remembered across the full load. */
export const CHUNK_RELOAD_KEY = 'dzo.chunkReload';

/** The page shown when a page's chunk cannot be loaded even after a full load. */
function ChunkFailed() {
  return <ErrorPage code={503} />;
}

/**
 * A page whose chunk failed to load ('Loading chunk failed': a deploy replaced the
 * bundle, or the network dropped it): a full load of the address the visitor asked for,
 * at most once per address, which brings the new bundle; after that, the error page.
 */
export function recoverChunk(
  error: unknown,
  href: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  fullLoad: (href: string) => void,
): Promise<PageChunk> {
  let tried: string | null = null;
  try {
    tried = storage?.getItem(CHUNK_RELOAD_KEY) ?? null;
  } catch {
    // Storage refused (private mode): the full load is tried once all the same.
  }
  if (tried !== href) {
    try {
      storage?.setItem(CHUNK_RELOAD_KEY, href);
    } catch {
      // As above.
    }
    fullLoad(href);
    // The page is leaving: render nothing meanwhile.
    return new Promise<PageChunk>(() => undefined);
  }
  console.error(error);
  return Promise.resolve({ default: ChunkFailed } as unknown as PageChunk);
}

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function standIn(module: RouteModule, page: SplitPage, language: Language): PageComponent {
  const key = keyOf(module, language);
  const Lazy = lazy(() =>
    load(module, page, language).catch((e: unknown) =>
      recoverChunk(e, window.location.href, sessionStore(), (href) => window.location.assign(href)),
    ),
  );
  return function SplitPageOf(props) {
    const Page = loaded.get(key)?.default;
    return Page ? <Page {...props} /> : <Lazy {...props} />;
  };
}

/** The component that renders a route's page: its own, or the stand-in of its chunk. */
export function pageComponent(module: RouteModule, language: Language): PageComponent {
  const { page } = module;
  if (!isSplit(page)) return page;
  const key = keyOf(module, language);
  let component = standIns.get(key);
  if (!component) standIns.set(key, (component = standIn(module, page, language)));
  return component;
}

/** True when the route's page can render now (not split, or its chunk is loaded). */
export const pageReady = (module: RouteModule, language: Language): boolean =>
  !isSplit(module.page) || loaded.has(keyOf(module, language));

/**
 * Loads the chunk of a split page not loaded yet: the browser, before hydrating and as a
 * navigation starts (beside the page's data, not after it).
 */
export async function loadPage(module: RouteModule, language: Language): Promise<void> {
  if (isSplit(module.page)) await load(module, module.page, language);
}

/**
 * The code of a page's head: what the chunk of a split page exports (once it is loaded),
 * else the route module's.
 */
export function headCode(module: RouteModule, language: Language): Pick<PageChunk, 'meta' | 'jsonLd' | 'links' | 'canonicalQuery'> {
  const chunk = isSplit(module.page) ? loaded.get(keyOf(module, language)) : undefined;
  return {
    meta: chunk?.meta ?? module.meta,
    jsonLd: chunk?.jsonLd ?? module.jsonLd,
    links: chunk?.links,
    canonicalQuery: chunk?.canonicalQuery ?? module.canonicalQuery,
  };
}

/** The script files of a loaded split page's chunk beyond the entry's (the server bundle's only). */
export const pagePreload = (module: RouteModule, language: Language): string[] =>
  (isSplit(module.page) && loaded.get(keyOf(module, language))?.preload) || [];

/**
 * Loads every split page of the table in every language (the server bundle, once per
 * isolate). Its chunks are part of the server bundle, so each promise settles in the
 * first microtask checkpoint, which the renderer runs right after `init`.
 */
export function loadAllPages(modules: readonly RouteModule[], languages: readonly Language[]): Promise<void> {
  const all: Array<Promise<void>> = [];
  for (const module of modules) {
    const { page } = module;
    if (!isSplit(page)) continue;
    for (const language of languages) {
      all.push(page.load(language).then((chunk) => void loaded.set(keyOf(module, language), chunk)));
    }
  }
  return Promise.all(all).then(() => undefined);
}
