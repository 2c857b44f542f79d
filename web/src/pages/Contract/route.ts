/** `/contracts/{id}`: a contract by its contractID (the 32-hex id redirects to it). */
import type { RouteModule } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { recordAddress, recordIdTest } from '../../lib/recordAddress';
import type { Contract } from '../../records/contract';
import { followStatus } from '../../lib/follow';
import { englishCpvNames } from '../../components/Classifications/fetches.server';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while the chunk loads.
import '../../components/RegisterLinks/RegisterLinks.css';

/**
 * A contractID: the tenderID and what numbers the contract in it, the platform's
 * `UA-2027-01-01-000001-a-a1` or a derived `UA-2026-10-12-014102-a-c1` (second stages of
 * a dialogue `…-a.2-a1`): `UA-YYYY-MM-DD-NNNNNN-<letters>`, then one or more `-`/`.`
 * separated alphanumeric segments.
 */
const CONTRACT_ID = /^UA-\d{4}-\d{2}-\d{2}-\d{6}-[a-z]{1,2}(?:[-.][a-z0-9]{1,12}){1,6}$/i;
/** Either form of a contract's id; anything else cannot name a contract. */
export const isContractId = recordIdTest(CONTRACT_ID);

/** `/contracts/{contractID}`. */
export const contractPath = (contractID: string): string => `/contracts/${encodeURIComponent(contractID)}`;

export const contract: RouteModule = {
  name: 'contract',
  page: { load: () => import('./Contract') },
  // The browser only asks whether there are fetches (decision 0011).
  fetches: __SERVER__ ? ({ params, input }) => [
    { key: 'contract', service: 'search', path: `/api/contracts/${encodeURIComponent(params.id ?? '')}`, validator: true },
    // Whether the mirror is behind (components/Freshness, brief: the tag stays put).
    { key: 'freshness', service: 'search', path: '/api/freshness?brief=1', maxAge: 5 },
    // Whether a logged-in visitor follows the contract (`lib/follow.ts`).
    ...(input.session ? [followStatus('contracts', 'contract')] : []),
    // Under /en, the English names of the items' CPV codes (the record's are Ukrainian).
    ...englishCpvNames(input.language, 'contract', ['/items/*/classification/id']),
  ] : FETCHED_BY_THE_SERVER,
  required: ['contract'],
  // The contractID names the contract's one address; the 32-hex id answers 301 to it.
  ...recordAddress({ key: 'contract', isId: isContractId, idOf: (c: Contract) => c.contractID, path: contractPath }),
  // Title, description and JSON-LD: `meta.ts`, exported by the page's chunk.
};
