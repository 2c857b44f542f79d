// The W3C Nu HTML checker (the `vnu-jar` package, run with the machine's Java) on the
// server's HTML of every page type: every route of routes.json in both languages without
// a session; the pages a session changes (every header, the cabinet, the cart, searches,
// records, the login-guarded pages) for a logged-in buyer and seller; the states a page
// only has after a form (a refused login, the second factor, a cart with an item, a bad
// quantity); the API-documentation records (every method and status); and the pages the
// Rust server writes itself (the logout page without JavaScript, the hand-over to the old
// portal). All of it is written to one folder and checked in one run of the checker (one
// JVM start). No error may remain (the checker's include a heading that skips a level, as
// axe's `heading-order`); every one is printed with its page, line and message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const UPSTREAM = process.env.UPSTREAM_URL ?? 'http://127.0.0.1:18081';
// The package exports the jar's path (a String object); the jar ships inside it.
const JAR = String(createRequire(import.meta.url)('vnu-jar'));
const routes = JSON.parse(readFileSync(new URL('./routes.json', import.meta.url), 'utf8'));

// The seed users of the embedded users API (upstream/src/users.rs).
const BUYER = ['buyer@example.com', 'buyer-password-1'];
const SELLER = ['seller@example.com', 'seller-password-1'];
const CPE = ['cpe@example.com', 'cpe-password-1'];
const TWO_FACTOR = ['twofa@example.com', 'twofa-password-1'];

/** `path` (an app path, query included) under the language's base: `/` → `/en`, `/x?q` → `/en/x?q`. */
function localize(language, path) {
  if (language === 'uk') return path;
  const [p, ...q] = path.split('?');
  return (p === '/' ? '/en' : `/en${p}`) + (q.length ? `?${q.join('?')}` : '');
}

/** A browser's cookies, enough for the portal's: name → value, set and cleared by answers. */
class Visitor {
  constructor(name) {
    this.name = name;
    this.cookies = new Map();
  }

  async fetch(path, init = {}) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(BASE + path, {
      redirect: 'manual',
      ...init,
      headers: { ...init.headers, ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (!value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The anti-forgery token of a form page (the hidden `_csrf` field the server wrote). */
  async csrf(path = '/login') {
    const html = await (await this.fetch(path)).text();
    const token = html.match(/name="_csrf" value="([^"]+)"/)?.[1];
    assert.ok(token, `${this.name}: no anti-forgery token on ${path}`);
    return token;
  }

  /** Posts a plain form (JavaScript off), as the page's form would. */
  async post(path, fields, { csrfFrom = path.split('?')[0] } = {}) {
    const _csrf = await this.csrf(csrfFrom);
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf, ...fields }),
    });
  }

  async logIn([email, password]) {
    const answer = await this.post('/login', { email, password, origin: '/' });
    assert.equal(answer.status, 303, `${this.name}: login`);
    return answer;
  }
}

const upstream = async (path) => {
  const answer = await fetch(UPSTREAM + path);
  assert.equal(answer.status, 200, path);
  return answer.json();
};

/** The API-documentation records the upstream loaded (scripts/e2e.sh names their folders). */
function apiDocPaths() {
  const out = [];
  for (const [env, register, idOf] of [
    ['API_DOC_TENDERS', 'tenders', (d) => d.tenderID],
    ['API_DOC_PLANS', 'plans', (d) => d.planID],
    ['API_DOC_CONTRACTS', 'contracts', (d) => d.contractID],
  ]) {
    const dir = process.env[env];
    if (!dir || !existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      const id = idOf(doc.data ?? doc);
      if (id) out.push(`/${register}/${encodeURIComponent(id)}`);
    }
  }
  return out;
}

function runChecker(files) {
  return new Promise((resolve, reject) => {
    const args = ['-Xss8m', '-jar', JAR, '--format', 'json', '--errors-only', '--stdout', ...files];
    execFile('java', args, { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      // Exit status 1 means errors were found: the JSON says which.
      if (!stdout.trim()) return reject(new Error(`vnu gave no report (${error?.message ?? 'no error'}):\n${stderr}`));
      try {
        resolve(JSON.parse(stdout).messages);
      } catch (e) {
        reject(new Error(`vnu's report is not JSON (${e.message}):\n${stdout.slice(0, 2000)}\n${stderr}`));
      }
    });
  });
}

test('the Nu HTML checker finds no error on any page type, in both languages, with and without a session', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-html-'));
  /** file → what it is (visitor, method, URL, status). */
  const pages = new Map();
  const problems = [];
  const save = async (visitor, path, response, label = '') => {
    const status = response.status;
    if (status >= 300 && status < 400) return status;
    const type = response.headers.get('content-type') ?? '';
    assert.match(type, /^text\/html/, `${visitor.name} ${path}: ${status} ${type}`);
    const file = join(dir, `${String(pages.size).padStart(4, '0')}.html`);
    writeFileSync(file, await response.text());
    pages.set(file, `${visitor.name} ${label}${path} (${status})`);
    return status;
  };
  const get = async (visitor, path) => save(visitor, path, await visitor.fetch(path));

  try {
    const anonymous = new Visitor('anonymous');
    const [tenderPath] = routes.filter((r) => r.status === 200 && /^\/tenders\/UA-[^/]+$/.test(r.path)).map((r) => r.path);
    const products = (await upstream('/api/products?perPage=2'))['hydra:member'];
    // Searches and lists in every state their form has: filters in each array form
    // (bracketed, indexed, encoded), ranges, pickers with choices, sorting, no result.
    const states = [
      '/?keyword=ліки&status[]=complete',
      '/tenders?status[]=complete&status%5B1%5D=active.tendering&procurementMethodType[0]=belowThreshold' +
        '&classification[0]=45000000-7&valueAmount[from]=1000&valueAmount[to]=1%20000%20000&tenderPeriod[from]=2026-01-01' +
        '&publicationDate[to]=2026-12-31&organizer[0]=00000000&tags[0]=x&typeSubjectProcurement=goods&paymentType=prepayment' +
        '&hasActiveMonitoring=false&sortOrder=valueAmount.desc&perPage=20&page=2',
      '/tenders?keyword=no-such-tender-anywhere-zzz',
      '/tenders?page=1000',
      '/plans?status[0]=scheduled&planYear[0]=2026&valueBudget[from]=1&plansPeriod[from]=2026-01-01&funder[0]=x',
      '/contracts?status[0]=active&supplier[0]=00000000&dateSigned[from]=2020-01-01&valueSum[to]=5',
      '/market?open=30190000-7',
      '/market/products?keyword=папір&market_classification[0]=30190000-7&sortOrder=title.asc&page=2',
      '/market/profiles?market_classification%5B0%5D=30190000-7',
      '/market/categories?market_classification[]=30190000-7&sortOrder=dateModified.desc',
      '/market/category/33711500-0082-44667400?booleanRequirements[0][requirement]=x&booleanRequirements[0][value]=true&page=2',
      '/login/2fa',
      '/login/forgot',
      '/login/new-password',
      '/login?reset=1',
      '/registration?userGroup=seller&countryId=UA&incorporationCountryId=UA',
      '/registration?userGroup=buyer&countryId=UA&incorporationCountryId=UA',
      '/registration?userGroup=cpe&countryId=PL',
      ...products.map((p) => `/market/products/${p.id}`),
    ];
    for (const language of ['uk', 'en']) {
      for (const path of [...routes.map((r) => r.path), ...states]) await get(anonymous, localize(language, path));
    }
    for (const path of apiDocPaths()) await get(anonymous, path);

    // A session's pages.
    const sessionPages = [
      '/', '/tenders', tenderPath, '/plans', '/contracts', '/market', `/market/products/${products[0].id}`,
      '/market/category/33711500-0082-44667400', '/market/cart', '/icabinet', '/icabinet?saved=1', '/icabinet/settings',
      '/info/contacts', '/login', '/registration', '/logout', '/no/such/page',
    ];
    for (const [name, account] of [['buyer', BUYER], ['seller', SELLER]]) {
      const visitor = new Visitor(name);
      await visitor.logIn(account);
      const statuses = {};
      for (const language of ['uk', 'en']) {
        for (const path of sessionPages) statuses[localize(language, path)] = await get(visitor, localize(language, path));
      }
      // The cabinet is the session's own page; the cart a buyer's only (SPEC §2.1).
      assert.equal(statuses['/icabinet'], 200, `${name}: cabinet`);
      assert.equal(statuses['/market/cart'], name === 'buyer' ? 200 : 404, `${name}: cart`);
      if (name === 'buyer') {
        // A cart with an item, and the cart refusing a quantity; then the cart as it was.
        const cart = '/market/cart';
        const [product] = products;
        const added = await visitor.post(cart, { action: 'add', productId: product.id, quantity: '2' }, { csrfFrom: '/icabinet' });
        assert.equal(added.status, 303, 'the buyer adds to the cart');
        for (const language of ['uk', 'en']) await get(visitor, localize(language, cart));
        await save(visitor, cart, await visitor.post(cart, { action: 'set', productId: product.id, quantity: '0' }), 'POST ');
        await visitor.post(cart, { action: 'remove', productId: product.id });
        // The cabinet's form refused (a code that is none).
        await save(visitor, '/icabinet', await visitor.post('/icabinet', { cpv: 'not-a-code' }), 'POST ');
      }
      // The logout page the server writes for a browser without JavaScript.
      for (const language of ['uk', 'en']) {
        if (language === 'en') await visitor.logIn(account);
        const logout = localize(language, '/logout');
        await save(visitor, logout, await visitor.post(logout, {}), 'POST ');
      }
    }

    // The hand-over to the old portal, the one page a JSON login leads to.
    const cpe = new Visitor('cpe');
    const _csrf = await cpe.csrf('/login');
    const answer = await cpe.fetch('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ _csrf, email: CPE[0], password: CPE[1], origin: '/' }),
    });
    const { handover } = await answer.json();
    assert.match(handover ?? '', /^\/login\/handover\//);
    await get(cpe, handover);

    // Forms answered without JavaScript: the page again with what went wrong. Last, as
    // refused logins count towards the users API's throttling of this address.
    for (const language of ['uk', 'en']) {
      const login = localize(language, '/login');
      await save(anonymous, login, await anonymous.post(login, { email: BUYER[0], password: 'wrong-password', origin: '/' }), 'POST ');
      await save(anonymous, login, await anonymous.post(login, { email: '', password: '', origin: '/' }), 'POST (empty) ');
      const registration = localize(language, '/registration?userGroup=buyer&countryId=UA&incorporationCountryId=UA');
      await save(anonymous, registration, await anonymous.post(registration, { userGroup: 'buyer' }), 'POST ');
    }
    const forgot = '/login/forgot';
    await save(anonymous, forgot, await anonymous.post(forgot, { email: 'nobody@example.com' }), 'POST ');

    // The second factor: the code's form, then a wrong code.
    const twofa = new Visitor('two-factor');
    // The users API throttles logins per client address, and every spec logs in from this
    // one, some with wrong passwords on purpose: a refused attempt waits and tries again.
    let pending;
    for (let attempt = 1; ; attempt++) {
      pending = await twofa.post('/login', { email: TWO_FACTOR[0], password: TWO_FACTOR[1], origin: '/' });
      if (pending.headers.get('location') === '/login/2fa' || attempt === 4) break;
      const wait = Number(pending.headers.get('retry-after')) || 4 * attempt;
      await new Promise((resolve) => setTimeout(resolve, (Math.min(wait, 30) + 1) * 1000));
    }
    assert.equal(pending.headers.get('location'), '/login/2fa', `two-factor login answered ${pending.status}`);
    await get(twofa, '/login/2fa');
    await save(twofa, '/login/2fa', await twofa.post('/login/2fa', { otp: '000000' }), 'POST ');

    const files = [...pages.keys()];
    console.log(`vnu: checking ${files.length} pages`);
    const started = Date.now();
    const messages = await runChecker(files);
    console.log(`vnu: ${messages.length} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const counts = new Map();
    for (const m of messages.filter((m) => m.type === 'error' || m.type === 'non-document-error')) {
      const file = decodeURIComponent(new URL(m.url).pathname);
      const where = `${pages.get(file) ?? file}:${m.lastLine ?? '?'}:${m.firstColumn ?? m.lastColumn ?? '?'}`;
      problems.push(`${where}: ${m.message}${m.extract ? `\n    ${JSON.stringify(m.extract)}` : ''}`);
      const kind = m.message.replace(/^Bad value “.*?” for/, 'Bad value “…” for');
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    for (const [message, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`vnu: ${n} × ${message}`);
    assert.equal(problems.length, 0, `${problems.length} errors:\n${problems.join('\n')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
