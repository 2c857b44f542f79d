/**
 * The pages of a category's profiles the choice modal loads in the browser (SPEC §2.5:
 * 20 per page; 'show next N' appends the next page). A reducer, so its rules are tested
 * without a browser: a page's answer replaces the list (page 1) or is appended; a failed
 * page leaves the list as it was and the page number goes back to the one before.
 */
import type { Profile } from '../lib/market';
import { hasId, membersIn, membersOf, totalOf } from '../records/collection';

export const PROFILES_PER_PAGE = 20;

export interface PagerState {
  /** The last page loaded (0: none yet), or the one being loaded. */
  page: number;
  /** The page before the one being loaded: where a failure goes back to. */
  previous: number;
  items: Profile[];
  total: number;
  status: 'idle' | 'loading' | 'done' | 'failed';
}

export type PagerAction =
  | { type: 'request'; page: number }
  | { type: 'loaded'; page: number; items: Profile[]; total: number }
  | { type: 'failed'; page: number };

export const initialPager: PagerState = { page: 0, previous: 0, items: [], total: 0, status: 'idle' };

export function pagerReducer(state: PagerState, action: PagerAction): PagerState {
  switch (action.type) {
    case 'request':
      return { ...state, previous: state.status === 'loading' ? state.previous : state.page, page: action.page, status: 'loading' };
    case 'loaded':
      // An answer for a page no longer asked for (a retry overtook it) is dropped.
      if (action.page !== state.page) return state;
      return {
        ...state,
        items: action.page === 1 ? action.items : state.items.concat(action.items.filter((p) => !state.items.some((q) => q.id === p.id))),
        total: action.total,
        status: 'done',
      };
    case 'failed':
      if (action.page !== state.page) return state;
      return { ...state, page: state.previous, status: 'failed' };
  }
}

/** The upstream path of a page of a category's profiles. */
export const profilesPagePath = (categoryId: string, page: number) =>
  `/api/categories/${encodeURIComponent(categoryId)}/profiles?page=${page}&perPage=${PROFILES_PER_PAGE}`;

/** Reads a hydra answer: its members and total (a malformed answer is a failure). */
export function pageOf(body: unknown): { items: Profile[]; total: number } {
  const total = totalOf(body);
  if (!membersIn(body) || total === undefined) throw new Error('not a hydra collection');
  return { items: membersOf<Profile>(body, hasId), total };
}
