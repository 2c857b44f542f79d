/** `/contracts/{id}`: a contract by its contractID (the 32-hex id redirects to it). */
import type { PageModule } from '../../routes/types';
import { dataOf } from '../../lib/data';
import { contractDescription, contractJsonLd, contractTitle } from './meta';
import type { Contract } from './types';
// In the main stylesheet, like the other split pages' styles: no unstyled flash while the chunk loads.
import '../../components/RegisterLinks/RegisterLinks.css';

const HEX_ID = /^[0-9a-f]{32}$/i;
/**
 * A contractID: the tenderID and what numbers the contract in it, the platform's
 * `UA-2027-01-01-000001-a-a1` or a derived `UA-2026-10-12-014102-a-c1` (second stages of
 * a dialogue `…-a.2-a1`): `UA-YYYY-MM-DD-NNNNNN-<letters>`, then one or more `-`/`.`
 * separated alphanumeric segments.
 */
const CONTRACT_ID = /^UA-\d{4}-\d{2}-\d{2}-\d{6}-[a-z]{1,2}(?:[-.][a-z0-9]{1,12}){1,6}$/i;
/** Either form of a contract's id; anything else cannot name a contract. */
export const isContractId = (id: string | undefined): boolean => !!id && (HEX_ID.test(id) || CONTRACT_ID.test(id));

/** `/contracts/{contractID}`. */
export const contractPath = (contractID: string): string => `/contracts/${encodeURIComponent(contractID)}`;

export const contract: PageModule = {
  name: 'contract',
  page: { load: () => import('./Contract') },
  // An id of neither form is a 404 without asking the platform (crawlers try many).
  guard: ({ params }) => (isContractId(params.id) ? null : { error: 404 }),
  fetches: ({ params }) => [
    { key: 'contract', service: 'search', path: `/api/contracts/${encodeURIComponent(params.id ?? '')}` },
  ],
  required: ['contract'],
  // The contractID is the canonical form; the 32-hex id answers 301 to it.
  redirectFromData: (ctx) => {
    const contractID = dataOf<Contract>(ctx, 'contract')?.contractID;
    const { id } = ctx.params;
    if (!contractID || !HEX_ID.test(id ?? '') || contractID === id) return null;
    return { redirect: contractPath(contractID), status: 301 };
  },
  canonicalPath: (ctx) => {
    const contractID = dataOf<Contract>(ctx, 'contract')?.contractID;
    return contractID ? contractPath(contractID) : null;
  },
  meta: (ctx, t) => {
    const data = dataOf<Contract>(ctx, 'contract');
    // Without an id of its own the default meta (the id from the path) says more.
    return data && (data.contractID || data.id) ? { title: contractTitle(data, t), description: contractDescription(data, t) } : null;
  },
  jsonLd: (ctx, canonical) => {
    const data = dataOf<Contract>(ctx, 'contract');
    return data && contractJsonLd(data, canonical);
  },
};
