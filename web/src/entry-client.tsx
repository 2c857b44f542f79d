/** The browser entry: hydrates the server's HTML with the very state it was rendered from. */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { TranslationProvider } from './i18n/react';
import i18next, { type i18n } from 'i18next';
import { App } from './App';
import { baseOptions, NAMESPACE } from './i18n';
import { fetchBackend } from './i18n/fetchBackend';
import { setConfig } from './config';
import { basename, splitLanguage } from './lib/paths';
import { matchPage } from './routes';
import { loadPage } from './routes/split';
import { loadChunk } from './lib/lazy';
import { setPagePrefetcher } from './lib/prefetch';
import type { PageState } from './state';
import './styles.css';

function readJson<T>(id: string): T {
  return JSON.parse(document.getElementById(id)?.textContent ?? 'null') as T;
}

const state = readJson<PageState>('__state');
setConfig(state.config);

/**
 * The page language's translations: the versioned file the head preloads (a browser
 * keeps it across pages), read once before hydration so the first render is the
 * server's. Should that read fail, i18next reads the file itself, with SPEC §9's
 * retries.
 */
async function startI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  const href = (document.getElementById('__i18n') as HTMLLinkElement | null)?.href;
  const own = href
    ? await fetch(href)
        .then((r) => (r.ok ? (r.json() as Promise<Record<string, unknown>>) : null))
        .catch(() => null)
    : null;
  await instance
    .use(fetchBackend())
    .init({
      ...baseOptions,
      lng: state.language,
      ...(own ? { resources: { [state.language]: { [NAMESPACE]: own } }, partialBundledLanguages: true } : {}),
      backend: { loadPath: `${state.config.endpoints.translations}/{{lng}}/{{ns}}.json` },
    })
    .catch((e: unknown) => console.error('translations', e));
  // A missing key falls back to uk (SPEC §8): read it after hydration.
  if (state.language !== 'uk') void instance.loadLanguages('uk');
  return instance;
}

// A split page's chunk and the translations must be here before hydration, so the
// first render is the server's.
//
// Hydration is a transition: React then yields to the browser every few milliseconds
// instead of hydrating the whole page in one task (a default-priority hydration is not
// time-sliced), so a slow phone's main thread never stays blocked for long (Lighthouse's
// total blocking time) and a tap during hydration is handled between slices.
function hydrate(i18n: i18n) {
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <TranslationProvider i18n={i18n}>
        <BrowserRouter basename={basename(state.language)}>
          <App state={state} />
        </BrowserRouter>
      </TranslationProvider>,
      {
        onRecoverableError(error) {
          console.error('hydration', error);
        },
      },
    );
  });
}
const { path } = splitLanguage(location.pathname);
// An error page (the server's verdict) needs no page chunk.
// An error page's own chunk (the app shell loads it lazily) comes before hydration, as a page's does.
const pageChunk = state.error
  ? import('./components/ErrorPage/ErrorPage').catch((e: unknown) => console.error('error page chunk', e))
  : loadPage(matchPage(path).route, state.language).catch((e: unknown) => console.error('page chunk', e));
void Promise.all([startI18n(), pageChunk]).then(([i18n]) => hydrate(i18n));
setPagePrefetcher((to) => loadPage(matchPage(to).route, state.language));

// Web vitals to the server's log and the tag manager: a lazy chunk of their own, started
// when the main thread is idle. Started at once, its evaluation and observers (7-12 ms on
// this machine) shared a task with hydration's first slices: a long task on a slow phone
// (issue 46, item 6). The observers are buffered, so nothing measured before is lost.
const idle: (run: () => void) => void =
  typeof requestIdleCallback === 'function' ? (run) => requestIdleCallback(run, { timeout: 5000 }) : (run) => setTimeout(run, 1000);
idle(() => void loadChunk(() => import('./lib/afterStart')).then((m) => m.default(state.config)));
