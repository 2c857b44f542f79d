/**
 * The classifier request of a record page under /en, for the server's bundle only
 * (`build.mjs`, `serverOnly`): the records carry Ukrainian CPV descriptions only (issue 29:
 * "Монтажні коробки" on an English tender; issue 46: the same on contracts and plans).
 */
import type { FetchSpec } from '../../contract';
import { CPV_NAMES } from './englishNames';

/**
 * Under /en, one request for the English names of the CPV codes at `pointers` (JSON
 * pointers into the answer `after`, `*` for every item) made once that answer is in,
 * under the key `englishCpvName` reads; nothing in Ukrainian. A pointer without `*` names
 * a code the record must have: without it the request is not made and the page shows
 * the Ukrainian names (`contract.ts`, `FetchSpec.after`).
 */
export function englishCpvNames(language: string, after: string, pointers: string[]): FetchSpec[] {
  if (language !== 'en') return [];
  const ids = pointers.map((p) => `&searchId[]={${p}}`).join('');
  return [{ key: CPV_NAMES, service: 'search', after, maxAge: 3600, path: `/api/classifications?scheme=classification&page=1&perPage=100${ids}` }];
}
