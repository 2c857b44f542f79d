/**
 * English names of CPV codes for pages under /en: the records carry Ukrainian
 * descriptions only, so the tender, contract and plan pages fetch the classifier's entries
 * of their codes (`CPV_NAMES`, the classifications call of SPEC §7, `fetches.server.ts`)
 * and show their `name_en`, with the record's own `description_en` first and its
 * Ukrainian description as the fallback.
 */
import { dataOf, type DataSource } from '../../lib/data';
import { membersOf } from '../../records/collection';

/** The page data key of the classifier's answer. */
export const CPV_NAMES = 'cpvNames';

/** The classifier's English name of `id` in the page's `cpvNames` answer, if any. */
export function englishCpvName(state: DataSource, id: string): string | undefined {
  const name = membersOf<{ id?: unknown; name_en?: unknown }>(dataOf<unknown>(state, CPV_NAMES)).find((m) => m.id === id)?.name_en;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}
