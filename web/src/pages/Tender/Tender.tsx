/**
 * The tender page: everything a bidder reads before deciding, from the CDB tender object
 * the server prefetched (`data.tender`), in the view `TenderView.tsx` lays out; and what
 * only this page of a tender has: following it (`components/Follow`) and the history of
 * its changes (`sections/History.tsx`), both chunks of their own in the browser, and the
 * head's links to its OCDS package and its feed of changes.
 */
import { Suspense, lazy, useEffect } from 'react';
import { useParams } from 'react-router';
import { Follow as FollowOnServer } from '../../components/Follow/Follow.server';
import { dataOf } from '../../lib/data';
import type { PageRoute } from '../../lib/routeModule';
import { usePageState } from '../../state';
import { History as HistoryOnServer } from './sections/History.server';
import { SECTION_IDS, TenderView } from './TenderView';
import type { Tender as TenderData } from '../../records/tender';

// The history: the server renders it in place, and hydration keeps its markup until the chunk is in.
const History = __SERVER__ ? HistoryOnServer : lazy(() => import('./sections/History'));
// Following (`components/Follow`): the server renders it in place; the browser loads it as
// a chunk of its own, and hydration keeps the server's markup until it is in.
const Follow = __SERVER__ ? FollowOnServer : lazy(() => import('../../components/Follow/Follow'));

// The page's head comes with its chunk (`PageChunk`).
export { jsonLd, meta } from './meta';
export { links } from './links';

export default function Tender({ route: _route }: { route: PageRoute }) {
  const state = usePageState();
  const section = useParams()['*'];
  // A section sub-path (/tenders/{id}/awards) opens the page at that section.
  useEffect(() => {
    const id = section?.split('/')[0];
    if (id && (SECTION_IDS as readonly string[]).concat(['organizer', 'config']).includes(id)) {
      // The parameters are folded: their sub-path opens them.
      if (id === 'config') document.querySelector<HTMLDetailsElement>('#config details')?.setAttribute('open', '');
      document.getElementById(id)?.scrollIntoView();
    }
  }, [section]);
  const tender = dataOf<TenderData>(state, 'tender');
  if (!tender) return null;
  // The history is there when it was asked for (its answer, or its failure).
  const asked = 'history' in state.data;
  return (
    <TenderView
      tender={tender}
      ocds
      follow={tender.tenderID && tender.id && (
        <Suspense fallback={null}>
          <Follow register="tenders" recordKey={tender.tenderID} target={tender.id} history={asked} />
        </Suspense>
      )}
      history={asked && (
        <Suspense fallback={null}>
          <History recordId={tender.id} />
        </Suspense>
      )}
    />
  );
}
