/**
 * The work of "show next N" (`useShowMore.ts`), loaded on the first click. It reads the
 * next page's items (from that address's page data, `/__data`), appends them, keeps the
 * page where it was (whatever the browser's scroll anchoring would do) and gives the
 * focus to the first new item, and has the address name the last page shown, so a
 * reload, a shared link or the way back lands on it. Should the items not come, the link
 * loads the next page the plain way.
 */
import type { RefObject } from 'react';
import type { PageData } from '../../lib/data';
import { membersIn } from '../../records/collection';
import type { Shown } from './shown';

interface Append<T> {
  shown: Shown<T>;
  set: (shown: Shown<T>) => void;
  list: RefObject<HTMLElement | null>;
  /** The next page's address, with the language base (the link's `href`, absolute or not). */
  url: string;
  source: string | ((page: number) => T[]);
}

/** One append at a time: a second click while the first is on its way does nothing. */
let busy = false;

/** The page data (the upstream answers by key) of another address of the portal. */
export async function pageData(url: string): Promise<PageData> {
  const response = await fetch(`/__data?url=${encodeURIComponent(url)}`);
  if (!response.ok) throw new Error(`server error (status: ${response.status})`);
  return (await response.json()) as PageData;
}

/** The members of a hydra collection answered under `key`; null when it failed. */
function membersAt<T>(data: PageData, key: string): T[] | null {
  const entry = data[key];
  return entry?.ok ? (membersIn(entry.body) as T[] | null) : null;
}

export default async function appendPage<T>({ shown, set, list, url: href, source }: Append<T>): Promise<void> {
  if (busy) return;
  busy = true;
  const page = shown.page + 1;
  const { pathname, search } = new URL(href, location.href);
  const url = pathname + search;
  const before = list.current;
  try {
    const items = typeof source === 'string' ? membersAt<T>(await pageData(url), source) : source(page);
    if (!items?.length) throw new Error(`no items on page ${page}`);
    // The list went with its page (a navigation meanwhile): nothing to append to.
    if (!before?.isConnected || list.current !== before) return;
    const from = before.children.length;
    const y = window.scrollY;
    // Not through the router: its location, and with it the page's data, stays the first page's.
    history.replaceState(history.state, '', url);
    // Once React has added the items (before the browser paints them): no flushSync, whose
    // module would leave the entry's file for a chunk shared with this one.
    await new Promise<void>((added) => {
      const observer = new MutationObserver(() => (observer.disconnect(), added()));
      observer.observe(before, { childList: true });
      set({ ...shown, page, items: [...shown.items, ...items] });
    });
    window.scrollTo(window.scrollX, y);
    const item = before.children[from] as HTMLElement | undefined;
    (item?.querySelector<HTMLElement>('a[href]') ?? item)?.focus({ preventScroll: true });
  } catch {
    if (before?.isConnected) location.assign(url);
  } finally {
    busy = false;
  }
}
