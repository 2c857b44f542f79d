// The SSR baseline of `make bench`: the portal's own server bundle
// (web/dist/server/entry-server.js) served by a plain JavaScript runtime, doing per
// request what server/src/page/ and server/src/document.rs do: resolve, fetch the named
// upstream answers concurrently (failures written the same way; answers whose spec has
// `maxAge` are reused that long, as the server does), render, wrap in the same document.
//
//   node server.mjs    node:http; node:cluster forks one worker per core of the CPU set
//   deno run -A server.mjs / bun server.mjs
//                      Deno.serve / Bun.serve with reusePort: start one process per core
//
// Environment: BASELINE_PORT (19082), BASELINE_UPSTREAM (http://127.0.0.1:8081: where
// the embedded upstream's endpoints of config/portal.json point), BASELINE_ROOT (where
// config/, locales/ and web/dist/ are read from: this project), BASELINE_WORKERS (Node:
// cluster workers; default one per core it may run on), BASELINE_FLOOR (page URLs,
// comma-separated: print each one's render floor in this runtime and exit; runs:
// BASELINE_FLOOR_RUNS, 500).
// Not implemented (the benchmark needs none of it): compression, assets, /__data.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const runtime = typeof Bun !== 'undefined' ? 'bun' : typeof Deno !== 'undefined' ? 'deno' : 'node';
const env = (name, fallback) => globalThis.process?.env?.[name] ?? fallback;
const rootDir = env('BASELINE_ROOT', '');
const root = rootDir ? pathToFileURL(rootDir.replace(/\/*$/, '/')) : new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');

const EMBEDDED_UPSTREAM = 'http://127.0.0.1:8081';
const port = Number(env('BASELINE_PORT', '19082'));
const upstream = env('BASELINE_UPSTREAM', EMBEDDED_UPSTREAM).replace(/\/+$/, '');

/** Everything a serving process needs; returns the request handler `page(method, url)`. */
async function worker() {
  // ---- configuration, translations, manifest: read once, as the server does ----
  const config = JSON.parse(read('config/portal.json'));
  const client = config.client;
  for (const [key, value] of Object.entries(client.endpoints)) {
    if (typeof value === 'string' && value.startsWith(EMBEDDED_UPSTREAM)) {
      client.endpoints[key] = upstream + value.slice(EMBEDDED_UPSTREAM.length);
    }
  }
  const clientJson = JSON.stringify(client);
  const timeoutMs = config.server.upstreamTimeoutMs;
  const translations = { uk: read('locales/uk/dzo.json'), en: read('locales/en/dzo.json') };
  // server/src/state.rs `translation_url`: the file with a version from its text.
  const translationLink = {};
  for (const [language, text] of Object.entries(translations)) {
    const version = createHash('sha256').update(text).digest('hex').slice(0, 12);
    const href = `${client.endpoints.translations.replace(/\/+$/, '')}/${language}/dzo.json?v=${version}`;
    translationLink[language] = `<link id="__i18n" rel="preload" as="fetch" crossorigin href="${href.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}">`;
  }
  let manifest = { entry: '', css: [], preload: [] };
  try {
    manifest = JSON.parse(read('web/dist/client/manifest.json'));
  } catch {
    console.warn('no client manifest: pages will not hydrate');
  }
  const base = client.assetBase;
  let styles = '<link rel="icon" href="data:,">';
  for (const css of manifest.css) styles += `<link rel="stylesheet" href="${base}${css}">`;
  let scripts = '';
  for (const chunk of manifest.preload) scripts += `<link rel="modulepreload" href="${base}${chunk}">`;
  scripts += `<script type="module" src="${base}${manifest.entry}"></script>`;
  const shellHead = { uk: styles + translationLink.uk + scripts, en: styles + translationLink.en + scripts };

  // ---- the bundle: evaluated once in this global scope, like the isolate does ----
  (0, eval)(read('web/dist/server/entry-server.js'));
  const portal = globalThis.__portal;
  portal.init(`{"uk":${translations.uk},"en":${translations.en}}`);

  const languageOf = (path) => (path === '/en' || path.startsWith('/en/') ? 'en' : 'uk');

  /** server/src/document.rs `escape_json_for_script`. */
  const ESCAPES = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };
  const escapeJson = (json) => json.replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c]);

  const stateFields = (language, dataJson, error) =>
    `"language":"${language}","config":${clientJson},"session":null,"data":${dataJson},"error":${error ?? 'null'}`;
  const renderInput = (url, fields) => `{"url":${JSON.stringify(url)},${fields}}`;

  // ---- upstream GETs: node:http with a keep-alive agent under Node, fetch elsewhere ----
  class Timeout extends Error {}
  let get;
  if (runtime === 'node') {
    const http = await import('node:http');
    const agent = new http.Agent({ keepAlive: true, maxFreeSockets: 64 });
    get = (url) =>
      new Promise((resolve, reject) => {
        const request = http.get(url, { agent, headers: { accept: 'application/json' } }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            clearTimeout(timer);
            resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') });
          });
          response.on('error', reject);
        });
        const timer = setTimeout(() => request.destroy(new Timeout()), timeoutMs);
        request.on('error', (e) => {
          clearTimeout(timer);
          reject(e);
        });
      });
  } else {
    get = async (url) => {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
        return { status: response.status, text: await response.text() };
      } catch (e) {
        throw e?.name === 'TimeoutError' ? new Timeout() : e;
      }
    };
  }

  /** Answers a fetch spec allows to reuse (`maxAge` seconds), as the server keeps them. */
  const reusable = new Map(); // url -> [expires ms, text]
  const MAX_REUSABLE = 1000;

  /**
   * server/src/page/upstream.rs `fetch_all` and `add_answers`: answers embedded raw,
   * failures as `{"ok":false,"status":N}` or `{"ok":false,"failure":…}` (the bundle
   * decides what they mean for the page).
   */
  /** upstream.rs `dependent_path`: `{/json/pointer}` in a path filled from an answer. */
  function dependentPath(template, entry) {
    let answer;
    try {
      answer = JSON.parse(entry).body;
    } catch {
      return null;
    }
    let missing = false;
    const path = template.replace(/\{(\/[^}]*)\}/g, (_, pointer) => {
      let at = answer;
      for (const part of pointer.slice(1).split('/')) at = at == null ? undefined : at[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      if ((typeof at === 'string' && at !== '') || typeof at === 'number') return encodeURIComponent(String(at)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
      missing = true;
      return '';
    });
    return missing ? null : path;
  }

  /** A spec waiting for another's answer (`after`) is made once that answer is in. */
  async function fetchAll(fetches) {
    if (fetches.length === 0) return '{}';
    if (fetches.some((spec) => spec.after)) {
      const first = await Promise.all(fetches.map((spec) => (spec.after ? null : fetchAllOf([spec]).then((a) => a[0]))));
      const second = await Promise.all(
        fetches.map((spec, i) => {
          if (!spec.after) return first[i];
          const at = fetches.findIndex((other) => other.key === spec.after && !other.after);
          const answered = at >= 0 && first[at].startsWith('{"ok":true');
          // The portal computes a tender's red flags in-process; a baseline asks the
          // embedded upstream, which runs the same crate.
          if (spec.service === 'redFlags') {
            const id = answered ? JSON.parse(first[at]).body?.id : null;
            // The page's answer keeps the evidence of raised flags only, as the portal's.
            const raisedOnly = (answer) => {
              const parsed = JSON.parse(answer);
              for (const o of parsed.body?.outcomes ?? []) if (o.verdict !== 'raised') delete o.evidence;
              return JSON.stringify(parsed);
            };
            return id
              ? fetchAllOf([{ ...spec, service: 'search', path: `/api/tenders/${encodeURIComponent(id)}/red-flags` }]).then((a) => (a[0].startsWith('{"ok":true') ? raisedOnly(a[0]) : a[0]))
              : '{"ok":false,"status":404}';
          }
          const path = answered ? dependentPath(spec.path, first[at]) : null;
          return path ? fetchAllOf([{ ...spec, path }]).then((a) => a[0]) : '{"ok":false,"status":404}';
        }),
      );
      return embed(fetches, second);
    }
    return embed(fetches, await fetchAllOf(fetches));
  }

  function embed(fetches, answers) {
    let json = '{';
    answers.forEach((answer, i) => {
      if (i > 0) json += ',';
      json += `${JSON.stringify(fetches[i].key)}:${answer}`;
    });
    return json + '}';
  }

  async function fetchAllOf(fetches) {
    const endpoints = client.endpoints;
    return Promise.all(
      fetches.map(async (spec) => {
        const endpoint = spec.service === 'users' ? endpoints.users : spec.service === 'cdb' ? endpoints.cdb : endpoints.search;
        const url = endpoint.replace(/\/+$/, '') + spec.path;
        const maxAge = spec.maxAge > 0 ? spec.maxAge * 1000 : 0;
        if (maxAge) {
          const hit = reusable.get(url);
          if (hit && hit[0] > Date.now()) return hit[1];
        }
        try {
          const { status, text } = await get(url);
          if (status >= 400) return `{"ok":false,"status":${status}}`;
          try {
            JSON.parse(text);
          } catch {
            return '{"ok":false,"failure":"invalid"}';
          }
          const entry = `{"ok":true,"body":${text}}`;
          if (maxAge) {
            reusable.delete(url);
            if (reusable.size >= MAX_REUSABLE) reusable.delete(reusable.keys().next().value);
            reusable.set(url, [Date.now() + maxAge, entry]);
          }
          return entry;
        } catch (e) {
          return `{"ok":false,"failure":"${e instanceof Timeout ? 'timeout' : 'unreachable'}"}`;
        }
      }),
    );
  }

  // A response: [status, headers, body].
  const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
  const redirect = (location, status) => [status >= 300 && status < 400 ? status : 302, { location }, ''];
  function staticError(status) {
    const html =
      `<!doctype html><html lang="uk"><head><meta charset="utf-8"><title>${status}</title></head>` +
      `<body><h1>${status}</h1><p>Сервер має труднощі. Спробуйте пізніше.</p><p><a href="/">На головну</a></p></body></html>`;
    return [status, HTML_HEADERS, html];
  }

  function renderDocument(url, dataJson, error) {
    const language = languageOf(url.split('?')[0]);
    const fields = stateFields(language, dataJson, error);
    let output;
    try {
      output = portal.render(renderInput(url, fields));
    } catch (e) {
      console.error(`render failed: ${url}: ${e}`);
      return error == null ? renderDocument(url, '{}', 500) : staticError(500);
    }
    const [status, location, head, body] = output;
    if (location != null) return redirect(location, status);
    const html =
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
      '<meta name="viewport" content="width=device-width,initial-scale=1">' +
      head +
      shellHead[language] +
      '</head><body><div id="root">' +
      body +
      '</div><script id="__state" type="application/json">' +
      escapeJson(`{${fields}}`) +
      '</script></body></html>';
    return [status >= 100 && status < 1000 ? status : 200, HTML_HEADERS, html];
  }

  /** server/src/page/mod.rs `page`, plus /healthz. `url` is the raw path and query. */
  async function page(method, url) {
    if (url === '/healthz') return [200, { 'content-type': 'text/plain' }, `ok: ${runtime}\n`];
    if (method !== 'GET' && method !== 'HEAD') return [405, {}, ''];
    const language = languageOf(url.split('?')[0]);
    let resolution;
    try {
      resolution = JSON.parse(portal.resolve(renderInput(url, stateFields(language, '{}', null))));
    } catch (e) {
      console.error(`resolve failed: ${url}: ${e}`);
      return renderDocument(url, '{}', 500);
    }
    if (resolution.redirect) return redirect(resolution.redirect.location, resolution.redirect.status);
    return renderDocument(url, await fetchAll(resolution.fetches), null);
  }

  /**
   * The render floor of this runtime (`BASELINE_FLOOR`): the page's answers fetched once,
   * then `portal.render` alone timed `runs` times after a warm-up, as `render-floor`
   * times the portal's isolate. Median, p90 and p99 in µs.
   */
  page.floor = async (url, runs) => {
    const language = languageOf(url.split('?')[0]);
    const resolution = JSON.parse(portal.resolve(renderInput(url, stateFields(language, '{}', null))));
    const input = renderInput(url, stateFields(language, await fetchAll(resolution.fetches ?? []), null));
    const times = [];
    for (let i = 0; i < runs + Math.min(200, runs); i++) {
      const start = performance.now();
      portal.render(input);
      if (i >= Math.min(200, runs)) times.push((performance.now() - start) * 1000);
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    return { url, runtime, runs, median_us: at(0.5), p90_us: at(0.9), p99_us: at(0.99) };
  };
  return page;
}

const floorUrls = env('BASELINE_FLOOR', '');
if (floorUrls) {
  const page = await worker();
  for (const url of floorUrls.split(',')) console.log(JSON.stringify(await page.floor(url, Number(env('BASELINE_FLOOR_RUNS', '500')))));
  globalThis.process?.exit?.(0);
  globalThis.Deno?.exit(0);
}

// ---- the HTTP servers ----
const listening = () => console.log(`baseline (${runtime}, pid ${globalThis.process?.pid ?? Deno.pid}) on http://127.0.0.1:${port}`);

/** The raw path and query of a Request (its URL is absolute). */
const pathOf = (requestUrl) => {
  const slash = requestUrl.indexOf('/', requestUrl.indexOf('//') + 2);
  return slash < 0 ? '/' : requestUrl.slice(slash);
};
const toResponse = ([status, headers, body], method) => new Response(method === 'HEAD' ? null : body, { status, headers });

if (floorUrls) {
  // measured above
} else if (runtime === 'bun') {
  const page = await worker();
  Bun.serve({
    port,
    hostname: '127.0.0.1',
    reusePort: true,
    development: false,
    async fetch(request) {
      return toResponse(await page(request.method, pathOf(request.url)), request.method);
    },
  });
  listening();
} else if (runtime === 'deno') {
  const page = await worker();
  Deno.serve(
    { port, hostname: '127.0.0.1', reusePort: true, onListen: listening },
    async (request) => toResponse(await page(request.method, pathOf(request.url)), request.method),
  );
} else {
  const cluster = (await import('node:cluster')).default;
  const os = await import('node:os');
  if (cluster.isPrimary) {
    const workers = Number(env('BASELINE_WORKERS', '0')) || os.availableParallelism();
    for (let i = 0; i < workers; i++) cluster.fork();
    cluster.on('exit', (worker, code, signal) => {
      console.error(`worker ${worker.process.pid} exited (${signal ?? code})`);
      process.exit(1);
    });
    const stop = () => {
      for (const worker of Object.values(cluster.workers)) worker.process.kill('SIGTERM');
      process.exit(0);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  } else {
    const page = await worker();
    const http = await import('node:http');
    const server = http.createServer(async (request, response) => {
      const [status, headers, body] = await page(request.method, request.url);
      response.statusCode = status;
      for (const name in headers) response.setHeader(name, headers[name]);
      // end() with the whole body and no header sent yet: Node sets Content-Length.
      response.end(request.method === 'HEAD' ? undefined : body);
    });
    server.listen(port, '127.0.0.1', listening);
  }
}
