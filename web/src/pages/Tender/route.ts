/** `/tenders/{id}/*`: a tender by its tenderID (the 32-hex id redirects to it). */
import type { PageModule } from '../../routes/types';
import { dataOf } from '../../lib/data';
import { tenderDescription, tenderJsonLd, tenderTitle } from './meta';
import type { Tender } from './types';
// The organizer's and suppliers' links to the registers: in the main stylesheet.
import '../../components/RegisterLinks/RegisterLinks.css';

const HEX_ID = /^[0-9a-f]{32}$/i;
/** A tenderID: `UA-2026-09-10-009952-a`, second stages of a dialogue `…-a.2`. */
const TENDER_ID = /^UA-\d{4}-\d{2}-\d{2}-\d{6}(-[a-z]{1,2}(\.\d{1,2})?)?$/i;
/** Either form of a tender's id; anything else cannot name a tender. */
export const isTenderId = (id: string | undefined): boolean => !!id && (HEX_ID.test(id) || TENDER_ID.test(id));

/** `/tenders/{tenderID}` plus the sub-path (`/awards`) when there is one. */
export const tenderPath = (tenderID: string, rest?: string): string =>
  `/tenders/${encodeURIComponent(tenderID)}${rest ? `/${rest}` : ''}`;

export const tender: PageModule = {
  name: 'tender',
  page: { load: () => import('./Tender') },
  // An id of neither form is a 404 without asking the platform (crawlers try many).
  guard: ({ params }) => (isTenderId(params.id) ? null : { error: 404 }),
  fetches: ({ params }) => {
    const id = encodeURIComponent(params.id ?? '');
    return [
      { key: 'tender', service: 'search', path: `/api/tenders/${id}` },
      { key: 'monitorings', service: 'search', path: `/api/tenders/${id}/monitorings` },
      // The other two registers' records of this tender: its plans and its contracts.
      { key: 'plans', service: 'search', path: `/api/plans?tender_id[0]=${id}&perPage=100` },
      { key: 'contracts', service: 'search', path: `/api/contracts?tender_id[0]=${id}&perPage=100` },
    ];
  },
  required: ['tender'],
  // The tenderID is the canonical form; the 32-hex id answers 301 to it.
  redirectFromData: (ctx) => {
    const tenderID = dataOf<Tender>(ctx, 'tender')?.tenderID;
    const { id, '*': rest } = ctx.params;
    if (!tenderID || !HEX_ID.test(id ?? '') || tenderID === id) return null;
    return { redirect: tenderPath(tenderID, rest), status: 301 };
  },
  // Section sub-paths (/tenders/{id}/awards) show the same page: one canonical URL.
  canonicalPath: (ctx) => {
    const tenderID = dataOf<Tender>(ctx, 'tender')?.tenderID;
    return tenderID ? tenderPath(tenderID) : null;
  },
  meta: (ctx, t) => {
    const data = dataOf<Tender>(ctx, 'tender');
    return data && { title: tenderTitle(data, t), description: tenderDescription(data, t) };
  },
  jsonLd: (ctx, canonical) => {
    const data = dataOf<Tender>(ctx, 'tender');
    return data && tenderJsonLd(data, canonical);
  },
};
