/**
 * Fuzzing of the path a page request takes through the bundle (issue 19): URL → route →
 * filter codec → canonical query → upstream requests. Generated URLs of every route
 * family (`urls.ts`) go through `resolve`, the very function the server calls in V8, and
 * through the codecs of the canonical link. Properties:
 *
 * - nothing throws (a throw in `resolve` is the server's 500 page);
 * - a redirect goes to a path of this site, in characters a `Location` header can carry;
 * - every upstream request is a path of its service: one leading `/`, printable ASCII
 *   only, no dot segment (the HTTP client would resolve it to another path);
 * - the canonical query is a fixed point of the codec, and the canonical URL asks the
 *   upstream exactly what the URL it came from asks.
 *
 * `FUZZ_RUNS` sets the number of URLs (default 1500, about a second under `make test`;
 * `make fuzz` runs a million); `FUZZ_SEED` replays a run. A failure prints the seed, the
 * shrunk URL and the broken property. The summary line counts the URLs, the route each
 * matched and what `resolve` decided.
 */
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import '../entry-server';
import fixture from '../contract.fixture.json';
import type { FetchSpec, RenderInput, Resolution } from '../contract';
import type { ClientConfig } from '../config';
import { matchPage } from '../routes';
import type { PageRoute, RouteContext } from '../lib/routeModule';
import { splitLanguage } from '../lib/paths';
import { searchCanonicalQuery } from '../pages/Search/query';
import { canonicalQuery as marketCanonicalQuery } from '../market/meta';
import { pageUrl } from './urls';

// Node's environment, without Node's types (the project has none: its code runs in browsers and V8).
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
const RUNS = Number(env.FUZZ_RUNS ?? 1500);
const SEED = env.FUZZ_SEED === undefined ? undefined : Number(env.FUZZ_SEED);

const portal = (globalThis as unknown as { __portal: { resolve: (input: RenderInput) => string } }).__portal;
const baseConfig = fixture.input.config as ClientConfig;
const configs = [false, true].map((testMode) => ({ ...baseConfig, features: { ...baseConfig.features, testMode } }));

function inputOf(url: string, testMode: boolean): RenderInput {
  const { language } = splitLanguage(url.split('?')[0]);
  return { url, language, config: configs[Number(testMode)], session: null, data: {} };
}

function resolve(url: string, testMode = false): Resolution {
  return JSON.parse(portal.resolve(inputOf(url, testMode))) as Resolution;
}

/** Printable ASCII: what a header value and the HTTP client's request target carry as they are. */
const PRINTABLE = /^[\x21-\x7e]*$/;
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

function checkLocation(url: string, location: string): void {
  expect(location, `${url}: redirect`).toMatch(/^\/(?![/\\])/);
  expect(PRINTABLE.test(location), `${url}: redirect to ${JSON.stringify(location)}`).toBe(true);
}

function checkFetch(url: string, spec: FetchSpec): void {
  if (spec.service === 'redFlags') {
    // Computed by the server from another answer: no request is made.
    expect(spec.after, `${url}: red flags of which answer`).toBeTruthy();
    return;
  }
  // `{/pointer}`: filled in by the server from another answer (`after`), percent-encoded.
  const path = spec.after ? spec.path.replace(/\{\/[\w/]*\}/g, 'x') : spec.path;
  const shown = `${url}: ${spec.service} ${JSON.stringify(spec.path)}`;
  expect(path, shown).toMatch(/^\/(?![/\\])/);
  expect(PRINTABLE.test(path) && !path.includes('#') && !path.includes('\\'), shown).toBe(true);
  expect(DOT_SEGMENT.test(path.split('?')[0]), `${shown} has a dot segment`).toBe(false);
}

const SEARCHES = new Set(['home', 'tenderList', 'planList', 'contractList']);
const MARKET_LISTS = new Set(['categoryList', 'profileList', 'productList', 'category', 'profile']);

/**
 * The canonical query of a search or a catalogue list at `url`, as its head writes it;
 * `null` for the other pages (none has one, or it drops what only opens part of the page).
 */
function canonicalOf(url: string, route: PageRoute, testMode: boolean): string | null {
  if (!SEARCHES.has(route.name) && !MARKET_LISTS.has(route.name)) return null;
  const q = url.indexOf('?');
  const { path } = splitLanguage(q < 0 ? url : url.slice(0, q));
  const input = inputOf(url, testMode);
  const ctx: RouteContext = { params: matchPage(path).params, query: new URLSearchParams(q < 0 ? '' : url.slice(q)), input };
  return SEARCHES.has(route.name) ? searchCanonicalQuery(ctx, route.name) : marketCanonicalQuery(ctx, route);
}

/** Answers that make every record page redirect to its registered id (the URL's is the 32-hex one, or another). */
const RECORDS: RouteContext['input']['data'] = Object.fromEntries(
  [
    ['tender', { id: 'ab'.repeat(16), tenderID: 'UA-2026-10-08-011748-a' }],
    ['plan', { id: 'cd'.repeat(16), planID: 'UA-P-2026-10-08-005080-a' }],
    ['contract', { id: 'ef'.repeat(16), contractID: 'UA-2026-10-08-011748-a-a1' }],
    ['monitoring', { id: '12'.repeat(16), monitoring_id: 'UA-M-2026-10-08-000001', tenderID: 'UA-2026-10-08-011748-a' }],
  ].map(([key, body]) => [key, { ok: true, body }]),
);

/** The redirect a record page decides once its data is there, from these answers. */
function redirectFromData(url: string, route: PageRoute): string | null {
  if (!route.redirectFromData) return null;
  const { path } = splitLanguage(url.split('?')[0]);
  const input = { ...inputOf(url, false), data: RECORDS };
  const decided = route.redirectFromData({ params: matchPage(path).params, query: new URLSearchParams(), input });
  return decided && 'redirect' in decided ? decided.redirect : null;
}

/** What `resolve` decided, for the summary: a redirect's status, the page's own status, or its data to fetch. */
function outcomeOf(url: string, route: PageRoute, resolution: Resolution): string {
  if (resolution.redirect) return String(resolution.redirect.status);
  if (resolution.fetches.length) return 'fetch';
  const { path } = splitLanguage(url.split('?')[0]);
  const guard = route.guard?.({ params: matchPage(path).params, query: new URLSearchParams(), input: inputOf(url, false) });
  return String(guard && 'error' in guard ? guard.error : (route.status ?? 200));
}

const count = (histogram: Map<string, number>, key: string) => histogram.set(key, (histogram.get(key) ?? 0) + 1);
const shown = (histogram: Map<string, number>) =>
  [...histogram].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ');

/** URLs that broke a property once, run first by every batch. */
const FOUND: Array<[url: string, testMode: boolean]> = [
  // A keyword cut at 200 units inside a surrogate pair: `encodeURIComponent` threw in `resolve`.
  [`/tenders?keyword=${'a'.repeat(199)}%F0%9F%98%80`, false],
  [`/en/market/products?keyword=${'a'.repeat(199)}%F0%9F%98%80`, false],
  // Amounts `String` writes with an exponent: the canonical link named another search.
  [`/tenders?valueAmount[from]=1${'0'.repeat(25)}`, false],
  ['/plans?valueBudget[to]=0.0000001', false],
  // Dot segments: the HTTP client resolves `/api/categories/..` to `/api/`.
  ['/market/category/..', false],
  ['/market/profile/%2e', false],
  ['/en/tenders/external/..', false],
  ['/tenders/%2e%2e/monitorings/x', false],
  ['/tenders/UA-2026-10-08-011748-a/monitorings/..', false],
  // A record's sub-path decoded into its redirect: `Location` must be ASCII.
  [`/tenders/${'0'.repeat(32)}/%C2%A1`, false],
  [`/tenders/UA-2026-10-08-011748-b/monitorings/${'0'.repeat(32)}/%D1%8F%2Fx y`, false],
];

/** Runs per `fc.assert`: between batches the test gives way, so vitest's worker keeps answering its runner. */
const BATCH = 25_000;

describe('fuzzing: URL → route → codec → upstream requests', () => {
  it(
    `${RUNS} generated URLs resolve without a throw, stay on the site and canonicalise to a fixed point`,
    async () => {
      const outcomes = new Map<string, number>();
      const routes = new Map<string, number>();
      const seed = SEED ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
      let cases = 0;
      // react-router warns of each path segment whose `%` escapes decode to nothing (and matches it as it is).
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const started = performance.now();
      const property = fc.property(pageUrl, fc.boolean(), (url, testMode) => {
        cases++;
        const { path } = splitLanguage(url.split('?')[0]);
        const { route } = matchPage(path);
        const resolution = resolve(url, testMode);
        if (resolution.redirect) checkLocation(url, resolution.redirect.location);
        const fromData = redirectFromData(url, route);
        if (fromData !== null) checkLocation(url, fromData);
        for (const spec of resolution.fetches) checkFetch(url, spec);
        const canonical = canonicalOf(url, route, testMode);
        if (canonical !== null) {
          expect(PRINTABLE.test(canonical) && !canonical.includes('#'), `${url}: canonical ${JSON.stringify(canonical)}`).toBe(true);
          const base = url.split('?')[0];
          const again = canonical ? `${base}?${canonical}` : base;
          expect(canonicalOf(again, route, testMode), `${url}: canonical of the canonical URL`).toBe(canonical);
          // A redirect (a search's empty fields left out) is followed: its target asks.
          const asked = resolution.redirect ? resolve(resolution.redirect.location, testMode) : resolution;
          expect(resolve(again, testMode).fetches, `${url}: the canonical URL asks the upstream the same`).toEqual(asked.fetches);
        }
        count(routes, route.name);
        count(outcomes, outcomeOf(url, route, resolution));
      });
      try {
        for (let batch = 0, done = 0; done < RUNS; batch++) {
          const numRuns = Math.min(BATCH, RUNS - done);
          // A failure names this batch's seed: `FUZZ_SEED=<seed> FUZZ_RUNS=<runs>` replays it.
          fc.assert(property, { numRuns, seed: (seed + batch) | 0, endOnFailure: RUNS > 100_000, examples: FOUND });
          done += numRuns;
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      } finally {
        warn.mockRestore();
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      // The figures `make fuzz` reports: a throw or a broken property fails the run above.
      console.log(
        `fuzz web: ${cases} URLs (seed ${seed}) in ${seconds} s: 0 throws, 0 broken properties\n` +
          `  resolve outcomes: ${shown(outcomes)}\n  routes (${routes.size}): ${shown(routes)}`,
      );
      expect(routes.size).toBeGreaterThan(RUNS >= 1000 ? 25 : 0);
    },
    // About 0.2 ms a URL on this machine, with room for a busy one.
    30_000 + RUNS,
  );
});
