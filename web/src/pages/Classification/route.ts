/** A market classification's page (`Classification.tsx`). */
import type { RouteModule } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { dataOf } from '../../lib/data';
import { classificationFetches } from '../../market/fetches.server';
import { CLASSIFICATION_ID } from '../../market/route';

/** `/market/{classificationId}`: its categories. */
export const classification: RouteModule = {
  name: 'classification',
  page: { load: () => import('./Classification') },
  guard: ({ params }) => (CLASSIFICATION_ID.test(params.classificationId ?? '') ? null : { error: 404 }),
  fetches: __SERVER__ ? classificationFetches : FETCHED_BY_THE_SERVER,
  required: ['classification'],
  // The eight digits name the same classification as the full code: one address.
  canonicalPath: (ctx) => {
    const id = dataOf<{ id?: string }>(ctx, 'classification')?.id;
    return id ? `/market/${encodeURIComponent(id)}` : null;
  },
};
