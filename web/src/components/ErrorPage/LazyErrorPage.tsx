/**
 * The error page as the app shell renders it: in place on the server, and in the
 * browser a chunk of its own, loaded when an error shows (few pages are errors, so the
 * entry script does not carry it). Until the chunk is there, the server's markup stays.
 */
import { Suspense, lazy } from 'react';
import { ErrorPage as ErrorPageOnServer } from './render.server';

const Loaded = __SERVER__ ? ErrorPageOnServer : lazy(() => import('./ErrorPage'));

export function LazyErrorPage({ code }: { code: number }) {
  return (
    <Suspense fallback={null}>
      <Loaded code={code} />
    </Suspense>
  );
}
