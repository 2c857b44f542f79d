/** The root of the React tree, shared by the server render and the browser. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useParams, useRoutes, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from './routes';
import type { PageRoute, RouteContext } from './routes/types';
import { PageStateContext, usePageState, type PageState } from './state';
import { applyHead, pageHead } from './lib/head';
import { matchPage } from './routes';
import { Header } from './components/Header/Header';
import { Footer } from './components/Footer/Footer';
import { ScrollToTop } from './components/ScrollToTop/ScrollToTop';
import { CookieNotice } from './components/CookieNotice/CookieNotice';
import { ErrorPage } from './components/ErrorPage/ErrorPage';
import { LoadingOverlay } from './components/LoadingOverlay/LoadingOverlay';

function RouteElement({ route }: { route: PageRoute }) {
  const params = useParams();
  const [query] = useSearchParams();
  const state = usePageState();
  const guard = route.guard?.({ params, query, input: state });
  if (guard && 'redirect' in guard) return <Navigate to={guard.redirect} replace />;
  if (guard && 'error' in guard) return <ErrorPage code={guard.error} />;
  const Page = route.page;
  return <Page route={route} />;
}

const elements = routes.map((route) => ({ path: route.path, element: <RouteElement route={route} /> }));

function Pages() {
  const location = useLocation();
  const state = usePageState();
  const matched = useRoutes(elements);
  // The server's error (404 of an unknown tender, 500 of a failed render...) belongs
  // to the first location only; after a client navigation the route decides again.
  if (state.error && location.key === 'default') return <ErrorPage code={state.error} />;
  return matched;
}

/** Keeps title, description, canonical and alternates in step after client navigation. */
function HeadSync() {
  const location = useLocation();
  const state = usePageState();
  const { t } = useTranslation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const { route, params } = matchPage(location.pathname);
    const ctx: RouteContext = { params, query: new URLSearchParams(location.search), input: state };
    applyHead(document, pageHead(route, ctx, t, location.pathname, '', state.config, state.language));
    window.scrollTo(0, 0);
  }, [location.pathname, location.search]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/** Fetches a route's data through the server after a client-side navigation. */
function useNavigationData(initial: PageState): [PageState, boolean] {
  const location = useLocation();
  const [state, setState] = useState(initial);
  const [loading, setLoading] = useState(false);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const { route } = matchPage(location.pathname);
    if (!route.fetches) {
      setState((s) => ({ ...s, data: {}, error: null }));
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const prefix = initial.language === 'en' ? '/en' : '';
    fetch(`/__data?url=${encodeURIComponent(prefix + location.pathname + location.search)}`, { signal: controller.signal })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`server error (status: ${r.status})`))))
      .then((data: PageState['data']) => setState((s) => ({ ...s, data, error: null })))
      .catch((e: Error) => {
        if (e.name !== 'AbortError') setState((s) => ({ ...s, data: {}, error: 503 }));
      })
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [location.pathname, location.search]); // eslint-disable-line react-hooks/exhaustive-deps
  return [state, loading];
}

function Frame({ initial }: { initial: PageState }) {
  const [state, loading] = useNavigationData(initial);
  // Marks the document once React owns it (browser tests wait for this).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const value = useMemo(() => state, [state]);
  return (
    <PageStateContext.Provider value={value}>
      <Header />
      <main id="main" className="main">
        <Pages />
      </main>
      <Footer />
      <ScrollToTop />
      <CookieNotice />
      {loading && <LoadingOverlay />}
      <HeadSync />
    </PageStateContext.Provider>
  );
}

export function App({ state }: { state: PageState }) {
  return <Frame initial={state} />;
}
