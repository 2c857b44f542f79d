/**
 * The server bundle: loaded once per V8 isolate, it exposes `globalThis.__portal`
 * with `init`, `resolve`, `render` and its two halves `renderHead`/`renderBody` (the
 * contract in `contract.ts`), and `machine` (sitemaps, feeds, exports: `machine/types.ts`).
 */
import './server/polyfills';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { TranslationProvider } from './i18n/react';
import type { i18n } from 'i18next';
import { App } from './App';
import { baseOptions, createI18n } from './i18n';
import { memoiseTranslations } from './i18n/memo';
import { setConfig } from './config';
import { matchPage, routes } from './routes';
import { loadAllPages, pagePreload, pageReady } from './routes/split';
import type { RouteContext } from './lib/routeModule';
import { routeOutcome } from './routes/outcome';
import { basename, localizedPath, splitLanguage } from './lib/paths';
import { headHtml } from './lib/head';
import { pageHead } from './routes/head';
import { errorVariant } from './components/ErrorPage/ErrorPage';
import type { HeadOutput, Language, RenderInput, RenderOutput, Resolution } from './contract';
import { machineStep } from './machine';

const instances: Partial<Record<Language, i18n>> = {};

function splitUrl(url: string): { pathname: string; search: string } {
  const q = url.indexOf('?');
  return q < 0 ? { pathname: url, search: '' } : { pathname: url.slice(0, q), search: url.slice(q) };
}

function context(input: RenderInput) {
  const { pathname, search } = splitUrl(input.url);
  const { language, path } = splitLanguage(pathname);
  const { route, params } = matchPage(path);
  const ctx: RouteContext = { params, query: new URLSearchParams(search), input };
  return { route, params, ctx, path, language };
}

/**
 * Called once per isolate with `{"uk": {...}, "en": {...}}` (the dzo namespaces). The
 * split pages it loads are there after the microtask checkpoint that follows.
 */
function init(translationsJson: string): void {
  void loadAllPages(routes, baseOptions.supportedLngs);
  const all = JSON.parse(translationsJson) as Record<Language, Record<string, unknown>>;
  const resources = { uk: { dzo: all.uk }, en: { dzo: all.en } };
  instances.uk = memoiseTranslations(createI18n('uk', resources));
  instances.en = memoiseTranslations(createI18n('en', resources));
}

/**
 * The input of `resolve` and `render`: JSON text, or the value already parsed (the Rust
 * renderer parses it before the call, so that input that does not parse is told
 * apart from a failing render).
 */
type Input = string | RenderInput;
const parseInput = (input: Input): RenderInput => (typeof input === 'string' ? (JSON.parse(input) as RenderInput) : input);

/** Route decisions that need no data: redirects and the upstream requests to make. */
function resolve(inputJson: Input): string {
  const input = parseInput(inputJson);
  const { route, ctx, language } = context(input);
  const guard = route.guard?.(ctx);
  const out: Resolution = { redirect: null, fetches: [], forms: route.forms === true };
  if (guard && 'redirect' in guard) {
    out.redirect = { location: localizedPath(language, guard.redirect), status: guard.status };
  } else if (!guard) {
    out.fetches = route.fetches?.(ctx) ?? [];
  }
  return JSON.stringify(out);
}

/**
 * Bodies prepared by `renderHead`, by number, until `renderBody` asks for them. The
 * server renders one page at a time per isolate, but other requests run on its thread
 * between the halves, so a body is never taken to be the last one prepared. A body
 * nobody asked for (its client went away) is dropped after a minute.
 */
const pendingBodies = new Map<number, [preparedAt: number, render: () => string]>();
let lastBody = 0;
const ABANDONED_MS = 60_000;

function prepareBody(render: () => string): number {
  const now = Date.now();
  for (const [id, [preparedAt]] of pendingBodies) {
    if (now - preparedAt < ABANDONED_MS) break;
    pendingBodies.delete(id);
  }
  lastBody = lastBody >= 0x7fffffff ? 1 : lastBody + 1;
  pendingBodies.set(lastBody, [now, render]);
  return lastBody;
}

/**
 * First half of a render: the status, a redirect, or the head tags. The body is kept
 * for `renderBody`, so the server can send the head while the body renders; with
 * `headOnly` (a HEAD request) none is prepared and the body number is 0.
 */
function renderHead(inputJson: Input, headOnly = false): HeadOutput {
  const input = parseInput(inputJson);
  const { route, ctx, path, language } = context(input);
  const i18n = instances[language];
  if (!i18n) throw new Error('renderer not initialised: call init first');
  setConfig(input.config);
  const outcome = input.error ? null : routeOutcome(route, ctx);
  if (outcome && 'redirect' in outcome) {
    return [outcome.status, localizedPath(language, outcome.redirect), '', 0];
  }
  const error = input.error ?? (outcome && 'error' in outcome ? outcome.error : null);
  // The page shows the code that failed (an upstream's own), the answer keeps the portal's status.
  const shown = outcome && 'error' in outcome ? (outcome.shown ?? error) : error;
  const status = error ?? route.status ?? 200;
  if (!error && !pageReady(route, language)) throw new Error(`page ${route.name} is not loaded: was init followed by a microtask checkpoint?`);
  const t = i18n.getFixedT(language, 'dzo');
  const head = pageHead(route, ctx, t, path, outcome);
  if (!error) head.preload = pagePreload(route, language).map((file) => input.config.assetBase + file);
  if (error) {
    const variant = errorVariant(shown ?? error);
    head.title = `${t(`errorPage.${variant}.title`)} | ${t('site.name')}`;
    head.description = t(`errorPage.${variant}.text`);
    head.noindex = true;
  }
  if (headOnly) return [status, null, headHtml(head), 0];
  const state = { language, config: input.config, session: input.session, data: input.data, now: input.now, cookieNotice: input.cookieNotice, error: shown, csrf: input.csrf ?? null };
  const body = prepareBody(() =>
    renderToString(
      <TranslationProvider i18n={i18n}>
        <StaticRouter basename={basename(language)} location={input.url}>
          <App state={state} />
        </StaticRouter>
      </TranslationProvider>,
    ),
  );
  return [status, null, headHtml(head), body];
}

/**
 * Second half: the body markup of a page `renderHead` prepared (by default the last
 * one). With `discard`, the body is forgotten unrendered (its client went away).
 */
function renderBody(id: number = lastBody, discard = false): string {
  const body = pendingBodies.get(id);
  pendingBodies.delete(id);
  if (discard) return '';
  if (!body) throw new Error(`renderBody: no body ${id} was prepared`);
  return body[1]();
}

/** Both halves in one call. */
function render(inputJson: Input): RenderOutput {
  const [status, redirect, head, body] = renderHead(inputJson);
  if (redirect !== null) return [status, redirect, '', ''];
  return [status, null, head, renderBody(body)];
}

/** One step of a document for machines: a sitemap, a feed, an export (`machine/index.ts`). */
function machine(requestJson: string, answer?: string): [meta: string, text: string] {
  return machineStep(requestJson, answer, instances);
}

(globalThis as unknown as { __portal: unknown }).__portal = { init, resolve, render, renderHead, renderBody, machine };
