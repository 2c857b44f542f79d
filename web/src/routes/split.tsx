/**
 * Pages that load as their own chunk in the browser. The server bundle registers
 * every split page up front (its isolates render synchronously); the browser loads
 * the current page's chunk before hydrating, so the first render matches the
 * server's, and later pages load on navigation (SPEC §9's 120 s chunk time-out).
 */
import { lazy, type ComponentType } from 'react';
import type { PageRoute } from './types';
import { loadChunk } from '../lib/lazy';

type PageComponent = ComponentType<{ route: PageRoute }>;
type Loader = () => Promise<{ default: PageComponent }>;

const registered = new Map<string, PageComponent>();
const loaders = new Map<string, Loader>();

/** Makes a page available without loading (the server bundle imports them all). */
export function registerPage(name: string, page: PageComponent): void {
  registered.set(name, page);
}

/** A page component that renders the registered page, or loads its chunk first. */
export function splitPage(name: string, load: Loader): PageComponent {
  loaders.set(name, load);
  const Lazy = lazy(() => loadChunk(load));
  function SplitPage(props: { route: PageRoute }) {
    const Page = registered.get(name);
    return Page ? <Page {...props} /> : <Lazy {...props} />;
  }
  SplitPage.splitName = name;
  return SplitPage;
}

/** Loads and registers the chunk of `page` when it is a split page not loaded yet. */
export async function preloadPage(page: PageComponent): Promise<void> {
  const name = (page as { splitName?: string }).splitName;
  const load = name ? loaders.get(name) : undefined;
  if (!name || !load || registered.has(name)) return;
  registerPage(name, (await loadChunk(load)).default);
}
