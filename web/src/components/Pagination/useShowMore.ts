/**
 * "Show next N" appends the next page to the list (SPEC §2.6) instead of leaving for it.
 * The control stays a real link to the next page (`Pagination.tsx`): without JavaScript,
 * or opened in a new tab, it is the next page. A plain click reads that page's items
 * (`appendPage.ts`, a chunk loaded on the first click: no part of a page's first load),
 * keeps them here until the location changes and renders them after the list's own.
 */
import { useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import type { Shown } from './shown';

export interface ShowMore<T, E extends HTMLElement> extends Shown<T> {
  /** Appends the page at `url` (the link's address): the pagination's `onShowMore`. */
  next: (url: string) => void;
  /** The list element the items are rendered in (its children are the items). */
  list: RefObject<E | null>;
}

/**
 * The pages appended to a list on `page`. `source` is the key of the list's answer in
 * the next page's page data, or the items of a page already at hand.
 */
export function useShowMore<T, E extends HTMLElement = HTMLElement>(page: number, source: string | ((page: number) => T[])): ShowMore<T, E> {
  const { key } = useLocation();
  const [state, set] = useState<Shown<T>>({ key, page, items: [] });
  const shown = state.key === key ? state : { key, page, items: [] };
  const list = useRef<E | null>(null);
  const next = (url: string) => void import('./appendPage').then((m) => m.default({ shown, set, list, url, source }));
  return { ...shown, next, list };
}
