/**
 * The tender page's sections further down the page, as one chunk of their own in the
 * browser (issue 46, item 6): the server renders them in place (`deferred.server.ts`),
 * each in its own Suspense boundary, so hydration keeps their markup and hydrates them
 * in later tasks once the chunk is in, instead of the whole tree in one long task; and
 * the page's first load stays within its budget. The chunk is asked for as soon as the
 * page's module runs (`TenderView.tsx`).
 */
export { Awards } from './Awards';
export { Bids } from './Bids';
export { Cancellations } from './Cancellations';
export { Contracts } from './Contracts';
export { Criteria } from './Criteria';
export { Features } from './Features';
export { Qualifications } from './Qualifications';
export { Questions } from './Questions';
// What others paid per unit, under each item's quantity (issue 47): a line the first paint can do without.
export { PriceBenchmark } from '../../../components/PriceBenchmark/PriceBenchmark';

/** Every module imported dynamically has a default (`build.mjs` re-exports it); this chunk's is its sections. */
export { Awards as default } from './Awards';
