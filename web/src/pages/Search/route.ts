/**
 * The searches of the three registers, one page serving them all: home and `/tenders`
 * (tenders), `/plans`, `/contracts`. Their state lives in the URL, in one canonical
 * parameter order (`lib/filters.ts`). The codec stays out of the main bundle: the
 * server's bundle computes the fetches (`query.ts`), the page's chunk the canonical query.
 */
import type { RouteModule } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { keywordRedirect, searchFetches } from './fetches.server';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while the chunk loads.
import '../../components/Picker/Picker.css';
import './Search.css';
import '../../components/Freshness/Freshness.css';

/** The key of a search page's answer: its register's name. */
const registerKey = (name: string) => (name === 'planList' ? 'plans' : name === 'contractList' ? 'contracts' : 'tenders');
/**
 * The query without its empty fields: a GET form sent without JavaScript names every
 * field, filled or not (issue 46, item 23). Null when nothing is empty. Here, not in
 * `lib/filters.ts`: this module is in the main bundle, the filters' codec is not.
 */
export function withoutEmptyFields(query: URLSearchParams): URLSearchParams | null {
  const kept = new URLSearchParams();
  let dropped = false;
  query.forEach((value, key) => (value.trim() === '' ? (dropped = true) : kept.append(key, value)));
  return dropped ? kept : null;
}

const PATHS: Record<string, string> = { home: '/', tenderList: '/tenders', planList: '/plans', contractList: '/contracts' };

function search(name: string): RouteModule {
  return {
    name,
    page: { load: () => import('./Search') },
    // The form sent without JavaScript names its empty fields too: the same search
    // without them, so the address stays short and shareable.
    guard: ({ query }) => {
      const kept = withoutEmptyFields(query);
      if (!kept) return null;
      const rest = kept.toString();
      return { redirect: rest ? `${PATHS[name]}?${rest}` : PATHS[name], status: 301 };
    },
    fetches: __SERVER__ ? searchFetches(name) : FETCHED_BY_THE_SERVER,
    required: [registerKey(name)],
    // A keyword that is a record's id opens the record (the form goes there at once).
    redirectFromData: __SERVER__ ? keywordRedirect(name) : undefined,
    // The canonical query: the chunk's `canonicalQuery` (`Search.tsx`).
  };
}

export const home = search('home');
export const tenderList = search('tenderList');
export const planList = search('planList');
export const contractList = search('contractList');
