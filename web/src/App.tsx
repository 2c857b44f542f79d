/** The root of the React tree, shared by the server render and the browser. */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useParams, useRoutes, useSearchParams } from 'react-router';
import { useTranslation } from './i18n/react';
import { matchPage, routes } from './routes';
import { routeOutcome } from './routes/outcome';
import { loadPage, pageComponent } from './routes/split';
import type { PageRoute, RouteContext } from './lib/routeModule';
import { AccountContext, PageStateContext, useAccount, usePageState, type Account, type PageState } from './state';
import { hadSession, handedOver, handOver, handOverSettled, markHadSession, markHandedOver, oldPortalLogout, oldPortalLogoutUrl, sendForm } from './lib/account';
import { fragmentTarget, localizedPath } from './lib/paths';
import { applyHead } from './lib/head';
import { pageHead } from './routes/head';
import { Header } from './components/Header/Header';
import { Footer } from './components/Footer/Footer';
import { ScrollToTop as ScrollToTopOnServer } from './components/ScrollToTop/render.server';
import { CookieNotice as CookieNoticeOnServer } from './components/CookieNotice/render.server';
import { LazyErrorPage as ErrorPage } from './components/ErrorPage/LazyErrorPage';
import { LoadingOverlay } from './components/LoadingOverlay/LoadingOverlay';

function RouteElement({ route }: { route: PageRoute }) {
  const params = useParams();
  const [query] = useSearchParams();
  const location = useLocation();
  const state = usePageState();
  // After a client navigation the data of the new location is still on its way:
  // show nothing (the loading overlay is up) rather than a premature error page.
  if (route.fetches && state.loadedFor !== undefined && state.loadedFor !== location.pathname + location.search) return null;
  const outcome = routeOutcome(route, { params, query, input: state });
  if (outcome && 'redirect' in outcome) return <Navigate to={outcome.redirect} replace />;
  if (outcome && 'error' in outcome) return <ErrorPage code={outcome.shown ?? outcome.error} />;
  const Page = pageComponent(route, state.language);
  return <Page route={route} />;
}

// One route list per route: `useRoutes` flattens and ranks the list it is given on
// every render, which for the whole table was a fifth of a small page's render.
// `matchPage` (cached per path) picks the route; react-router matches only that one
// for its params.
const elements = new Map(routes.map((route) => [route, [{ path: route.path, element: <RouteElement route={route} /> }]]));

function MatchedRoute() {
  const location = useLocation();
  return useRoutes(elements.get(matchPage(location.pathname).route) ?? []);
}

function Pages() {
  const location = useLocation();
  const state = usePageState();
  // An error (the server's 404 or 500, a failed data request) belongs to the
  // location it was found for; after a client navigation the route decides again.
  // Checked before any route matching: error pages (crawlers ask for many) skip it.
  const here = location.pathname + location.search;
  if (state.error && (state.loadedFor === undefined || state.loadedFor === here)) return <ErrorPage code={state.error} />;
  return <MatchedRoute />;
}

/**
 * Keeps title, description, canonical and alternates in step after client navigation, and
 * gives focus lost with the old page to the new page's heading.
 */
function HeadSync() {
  const location = useLocation();
  const state = usePageState();
  const { t } = useTranslation();
  const first = useRef(true);
  // Once per navigation, when the new location's data is there (its title may come from it).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (state.loadedFor !== location.pathname + location.search) return;
    const { route, params } = matchPage(location.pathname);
    const ctx: RouteContext = { params, query: new URLSearchParams(location.search), input: state };
    window.scrollTo(0, 0);
    // A link into a page's part (`/info/red-flags#r018`) lands on that part once the
    // page is there, as a full load does (issue 46, item 12).
    // A split page's meta and JSON-LD come with its chunk. Should it fail to load, the
    // default meta still names the page. A later navigation cancels this one's head.
    let current = true;
    const apply = () => {
      if (!current) return;
      applyHead(document, pageHead(route, ctx, t, location.pathname));
      // The element that had focus (a link, the search button) went with the old page:
      // the new page's heading takes it, so keyboard and screen-reader users start there.
      const part = fragmentTarget(location.hash);
      if (part) {
        part.scrollIntoView();
        return;
      }
      const lost = document.activeElement;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading && (!lost || lost === document.body)) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
    };
    void loadPage(route, state.language).then(apply, apply);
    return () => {
      current = false;
    };
    // A login or logout changes the session, not the location: no new head, no scroll.
  }, [state.loadedFor, state.data]); // location and t belong to the render that changed the data
  return null;
}

// The scroll-to-top button is hidden until the page scrolls: its code loads after
// hydration (the server renders it in place, hidden).
const ScrollToTop = __SERVER__ ? ScrollToTopOnServer : lazy(() => import('./components/ScrollToTop/ScrollToTop'));
// The cookie notice is in the server's HTML for a visitor who has not dismissed it; the
// browser loads its code only then (hydration keeps the server's markup until the chunk
// is in, and the button works as a plain form before that).
const CookieNotice = __SERVER__ ? CookieNoticeOnServer : lazy(() => import('./components/CookieNotice/CookieNotice'));

/**
 * While a session exists, the old portal is asked whether it still knows the user
 * (SPEC §7): `isGuest: true` there ends the session here too. Its failures are ignored.
 * The other way round, a session that ended here without a logout (a refused refresh,
 * SPEC §4: the server cleared its cookies) ends the old portal's too.
 */
function OldPortalSession() {
  const { session, config, csrf, language } = usePageState();
  const account = useAccount();
  const email = session?.email;
  useEffect(() => {
    if (!email) {
      if (hadSession()) {
        markHadSession(false);
        markHandedOver(false);
        void oldPortalLogout(oldPortalLogoutUrl(config.endpoints.oldSite));
      }
      return;
    }
    markHadSession(true);
    const controller = new AbortController();
    const oldSite = config.endpoints.oldSite.replace(/\/+$/, '');
    // A login's hand-over may still be on its way: the old portal is asked after it.
    handOverSettled()
      .then(() =>
        fetch(`${oldSite}/checkAuth.php?rand=${Math.random().toString(36).slice(2)}`, {
          credentials: 'include',
          signal: controller.signal,
        }),
      )
      .then((r) => (r.ok ? (r.json() as Promise<{ isGuest?: boolean }>) : null))
      .then(async (answer) => {
        if (answer?.isGuest !== true) return;
        // A session the old portal was never handed (a login with JavaScript off) is
        // handed over once; after that, the old portal's guest answer means it logged out.
        if (!handedOver()) {
          const out = await sendForm('/__handover', { _csrf: csrf ?? '' });
          if (out.ok && out.handover) {
            await handOver(out.handover);
            markHandedOver();
            return;
          }
        }
        const out = await sendForm(localizedPath(language, '/logout'), { _csrf: csrf ?? '' });
        if (out.ok) {
          // The old portal ended it: nothing to end there.
          markHadSession(false);
          account.signedOut(out.csrf);
        }
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [email]);
  return null;
}

/** Fetches a route's data through the server after a client-side navigation. */
function useNavigationData(initial: PageState): [PageState, boolean, (update: (s: PageState) => PageState) => void] {
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
    const loadedFor = location.pathname + location.search;
    // The page's chunk loads beside its data, not after it (its render waits for both);
    // a failure shows when the page renders.
    void loadPage(route, initial.language).catch(() => undefined);
    if (!route.fetches) {
      setState((s) => ({ ...s, data: {}, error: null, loadedFor, now: Date.now() }));
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const prefix = initial.language === 'en' ? '/en' : '';
    fetch(`/__data?url=${encodeURIComponent(prefix + location.pathname + location.search)}`, { signal: controller.signal })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`server error (status: ${r.status})`))))
      .then((data: PageState['data']) => setState((s) => ({ ...s, data, error: null, loadedFor, now: Date.now() })))
      .catch((e: Error) => {
        if (e.name !== 'AbortError') setState((s) => ({ ...s, data: {}, error: 503, loadedFor }));
      })
      .finally(() => setLoading(false));
    return () => controller.abort();
    // Runs per location only: `initial` never changes after the first render.
  }, [location.pathname, location.search]);
  return [state, loading, setState];
}

function Frame({ initial: fromServer }: { initial: PageState }) {
  const location = useLocation();
  const [initial] = useState(() => ({ ...fromServer, loadedFor: location.pathname + location.search }));
  const [state, loading, update] = useNavigationData(initial);
  const account = useMemo<Account>(
    () => ({
      signedIn: (session, csrf) => update((s) => ({ ...s, session, csrf: csrf ?? s.csrf })),
      signedOut: (csrf) => update((s) => ({ ...s, session: null, csrf: csrf ?? null })),
      setCsrf: (csrf) => update((s) => ({ ...s, csrf })),
    }),
    [],
  );
  // Marks the document once React owns it (browser tests wait for this).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const value = useMemo(() => state, [state]);
  return (
    <PageStateContext.Provider value={value}>
      <AccountContext.Provider value={account}>
      {/* First in the document, though it shows at the bottom: its button is an early tab
          stop, not the last (issue 46, item 3). */}
      {state.cookieNotice && (
        <Suspense fallback={null}>
          <CookieNotice />
        </Suspense>
      )}
      <Header />
      <main id="main" className="main">
        {/* A split page's chunk loading after a navigation shows the loading overlay. */}
        <Suspense fallback={<LoadingOverlay />}>
          <Pages />
        </Suspense>
      </main>
      <Footer />
      <Suspense fallback={null}>
        <ScrollToTop />
      </Suspense>
      {loading && <LoadingOverlay />}
      <HeadSync />
      <OldPortalSession />
      </AccountContext.Provider>
    </PageStateContext.Provider>
  );
}

export function App({ state }: { state: PageState }) {
  return <Frame initial={state} />;
}
