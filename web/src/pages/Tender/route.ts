/** `/tenders/{id}/*`: a tender by its tenderID (the 32-hex id redirects to it). */
import type { RouteModule } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { englishCpvNames } from '../../components/Classifications/fetches.server';
import { recordAddress, recordIdTest } from '../../lib/recordAddress';
import type { Tender } from '../../records/tender';
import { tenderPath } from './path';
import { followStatus } from '../../lib/follow';
// The organizer's and suppliers' links to the registers: in the main stylesheet.
import '../../components/RegisterLinks/RegisterLinks.css';
// The follow form and the lists of changes (record pages, the cabinet): in the main stylesheet too.
import '../../components/Follow/Follow.css';

/** A tenderID: `UA-2026-09-10-009952-a`, second stages of a dialogue `…-a.2`. */
const TENDER_ID = /^UA-\d{4}-\d{2}-\d{2}-\d{6}(-[a-z]{1,2}(\.\d{1,2})?)?$/i;
/** Either form of a tender's id; anything else cannot name a tender. */
export const isTenderId = recordIdTest(TENDER_ID);

/** Changes the history section lists (the newest). */
export const HISTORY_SIZE = 50;

export const tender: RouteModule = {
  name: 'tender',
  page: { load: () => import('./Tender') },
  // The browser only asks whether there are fetches (decision 0011): their code stays out of its bundle.
  fetches: __SERVER__ ? ({ params, input }) => {
    const id = encodeURIComponent(params.id ?? '');
    return [
      { key: 'tender', service: 'search', path: `/api/tenders/${id}`, validator: true },
      { key: 'monitorings', service: 'search', path: `/api/tenders/${id}/monitorings` },
      // The other two registers' records of this tender: its plans and its contracts.
      { key: 'plans', service: 'search', path: `/api/plans?tender_id[0]=${id}&perPage=100` },
      { key: 'contracts', service: 'search', path: `/api/contracts?tender_id[0]=${id}&perPage=100` },
      // The red flags, computed by the server from the tender's answer (issue 34).
      { key: 'redFlags', service: 'redFlags', path: '', after: 'tender' },
      // Whether the mirror is behind (components/Freshness, brief: the tag stays put).
      { key: 'freshness', service: 'search', path: '/api/freshness?brief=1', maxAge: 5 },
      // What others paid per unit for its items (issue 47): beside the tender, not after
      // it (the upstream needs the id only); the page renders without it, and without
      // the flag (`make bench` measures the page both ways) it is not asked for at all.
      ...(input.config.features.prices ? [{ key: 'prices', service: 'search' as const, path: `/api/prices/tenders/${id}` }] : []),
      // The changes the portal recorded (the history section): the page renders without them.
      { key: 'history', service: 'search', path: `/api/tenders/${id}/events?perPage=${HISTORY_SIZE}` },
      // Whether a logged-in visitor follows the tender, and what changed since their
      // previous look (the call marks it seen): by the tender's 32-hex id, once it is in.
      ...(input.session ? [followStatus('tenders', 'tender')] : []),
      // Under /en, the English names of the items' CPV codes.
      ...englishCpvNames(input.language, 'tender', ['/items/*/classification/id']),
    ];
  } : FETCHED_BY_THE_SERVER,
  required: ['tender'],
  // The tenderID names the tender's one address: the 32-hex id answers 301 to it, and
  // section sub-paths (/tenders/{id}/awards) show the same page under one canonical URL.
  ...recordAddress({ key: 'tender', isId: isTenderId, idOf: (t: Tender) => t.tenderID, path: tenderPath }),
  // Title, description and JSON-LD: `meta.ts`, exported by the page's chunk.
};
