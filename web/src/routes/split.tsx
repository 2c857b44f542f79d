/**
 * Pages that load as their own chunk in the browser: the route modules whose `page` is
 * a loader (`{ load: () => import('./Page') }`). The server bundle loads every one at
 * start (`loadAllPages`; its isolates render synchronously); the browser loads the
 * current page's chunk before hydrating, so the first render matches the server's, and
 * later pages load on navigation (SPEC §9's 120 s chunk time-out).
 */
import { lazy } from 'react';
import type { PageComponent, PageModule, SplitPage } from './types';
import { loadChunk } from '../lib/lazy';

const isSplit = (page: PageModule['page']): page is SplitPage => typeof page === 'object' && 'load' in page;

/** Loaded split pages, by page name. */
const loaded = new Map<string, PageComponent>();
/** The component standing for each split page (made once, so React keeps its identity). */
const standIns = new Map<string, PageComponent>();

function standIn(name: string, page: SplitPage): PageComponent {
  const Lazy = lazy(() => loadChunk(page.load));
  return function SplitPageOf(props) {
    const Page = loaded.get(name);
    return Page ? <Page {...props} /> : <Lazy {...props} />;
  };
}

/** The component that renders a route's page: its own, or the stand-in of its chunk. */
export function pageComponent(module: PageModule): PageComponent {
  const { name, page } = module;
  if (!isSplit(page)) return page;
  let component = standIns.get(name);
  if (!component) standIns.set(name, (component = standIn(name, page)));
  return component;
}

/** True when the route's page can render now (not split, or its chunk is loaded). */
export const pageReady = (module: PageModule): boolean => !isSplit(module.page) || loaded.has(module.name);

/** Loads the chunk of a split page not loaded yet (the browser, before hydrating). */
export async function loadPage(module: PageModule): Promise<void> {
  if (pageReady(module) || !isSplit(module.page)) return;
  loaded.set(module.name, (await loadChunk(module.page.load)).default);
}

/**
 * Loads every split page of the table (the server bundle, once per isolate). Its
 * chunks are part of the server bundle, so each promise settles in the first
 * microtask checkpoint, which the renderer runs right after `init`.
 */
export function loadAllPages(modules: readonly PageModule[]): void {
  for (const module of modules) {
    if (isSplit(module.page)) void module.page.load().then((m) => loaded.set(module.name, m.default));
  }
}
