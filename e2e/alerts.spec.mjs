// Saved searches and their alerts, end to end, on a portal of this spec's own (its own
// users database and a folder of extra tenders, so that "a newly loaded tender" is one
// written there and loaded by a restart, as the platform's feed would bring it):
// a buyer saves a search from its page, the cabinet lists, renames and deletes saved
// searches, `portal alerts` mails exactly one alert for the new matching tender and none
// on the next run, and the e-mail's unsubscribe link stops the alerts without a login.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { launch } from './browser.mjs';
import { startPortal } from './portal.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = 18470;
const UPSTREAM_PORT = 18471;
const BASE = `http://127.0.0.1:${PORT}`;
const UPSTREAM = `http://127.0.0.1:${UPSTREAM_PORT}`;
const BUYER = ['buyer@example.com', 'buyer-password-1'];
const KEY = randomBytes(24).toString('base64url');

const dir = mkdtempSync(join(tmpdir(), 'portal-alerts-'));
const tenders = join(dir, 'tenders');
mkdirSync(tenders);
const ENV = {
  PORT: String(PORT),
  UPSTREAM_PORT: String(UPSTREAM_PORT),
  UPSTREAM_DEV: '1',
  UPSTREAM_USERS_DB: join(dir, 'users.sqlite3'),
  UPSTREAM_EXTRA_TENDERS_DIR: tenders,
  PORTAL_CLIENT_FEATURES_CABINET: 'true',
  PORTAL_CLIENT_PUBLIC_ORIGIN: BASE,
  PORTAL_ALERTS_KEY: KEY,
  // Sessions outlive the restarts that load new tenders.
  UPSTREAM_JWT_SECRET: randomBytes(32).toString('hex'),
  PORTAL_SERVER_SESSION_SECRET: randomBytes(32).toString('hex'),
  RUST_LOG: 'warn',
};

let browser;
let portal;

// axe-core goes in as a script tag, which the portal's Content-Security-Policy would refuse.
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_CONTEXT = { bypassCSP: true };
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe's violations on the page as it is now, one line each. */
async function violations(page, label) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }), AXE_TAGS);
  return found.violations.flatMap((v) => v.nodes.map((n) => `${label}: ${v.id} ${JSON.stringify(n.target)}`));
}

before(async () => {
  portal = await startPortal(ENV);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await portal?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function json(path) {
  const response = await fetch(UPSTREAM + path);
  assert.equal(response.status, 200, path);
  return response.json();
}

/** The e-mails the users API wrote, oldest first. */
const outbox = async () => (await json('/dev/outbox?perPage=100'))['hydra:member'];

/** One run of the alert job, as `make alerts` runs it: its summary line. */
function alertJob() {
  return new Promise((resolve, reject) => {
    execFile('./target/release/portal', ['alerts'], { cwd: ROOT, env: { ...process.env, ...ENV } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`portal alerts failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve(stdout.split('\n').find((l) => l.startsWith('alerts: ')) ?? '');
    });
  });
}

/** A new tender like `source`, published and modified now, written where the upstream loads extra tenders. */
function newTender(source, n) {
  const id = randomBytes(16).toString('hex');
  const now = new Date().toISOString();
  const tenderID = `UA-2026-11-24-${String(900000 + n).padStart(6, '0')}-a`;
  writeFileSync(join(tenders, `${id}.json`), JSON.stringify({ ...source, id, tenderID, date: now, dateCreated: now, dateModified: now }));
  return tenderID;
}

async function restart() {
  await portal.stop();
  portal = await startPortal(ENV);
}

async function logIn(context) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(`${BASE}/login`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.fill('#login-email', BUYER[0]);
  await page.fill('#login-password', BUYER[1]);
  await page.click('.account-form button[type=submit]');
  await page.waitForSelector('.user-menu');
  return { page, problems };
}

test('a saved search mails one alert for a newly loaded matching tender, none on the next run, and its link unsubscribes', async () => {
  // A tender's CPV code: the saved search matches it and many tenders already there.
  const [summary] = (await json('/api/tenders?perPage=1&status[0]=active.tendering'))['hydra:member'];
  const source = await json(`/api/tenders/${summary.id}`);
  const cpv = source.items?.[0]?.classification?.id;
  assert.match(cpv ?? '', /^\d{8}-\d$/, 'the tender has a CPV code');
  const matching = (await json(`/api/tenders?perPage=1&classification[0]=${cpv}`))['hydra:totalItems'];
  assert.ok(matching >= 1);

  const context = await browser.newContext(AXE_CONTEXT);
  const { page, problems } = await logIn(context);
  const axe = [];
  await page.goto(`${BASE}/tenders?classification%5B0%5D=${cpv}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.click('.save-search summary');
  axe.push(...(await violations(page, 'search with the save form open')));
  await page.fill('.save-search-form [name="name"]', 'Роботи за кодом');
  await page.selectOption('.save-search-form [name="frequency"]', 'instant');
  await page.click('.save-search-form button');
  await page.waitForURL((url) => url.pathname === '/icabinet' && url.searchParams.get('searches') === 'saved');
  await page.waitForSelector('.saved-search');
  assert.equal(await page.textContent('.saved-search h3 a'), 'Роботи за кодом');
  assert.equal(new URL(await page.getAttribute('.saved-search h3 a', 'href'), BASE).search, `?classification%5B0%5D=${cpv}`);
  axe.push(...(await violations(page, 'cabinet with a saved search')));

  // Nothing was modified since it was saved: no e-mail, however many tenders match.
  const before = (await outbox()).length;
  assert.match(await alertJob(), /^alerts: 1 searches due, 0 e-mails/);
  assert.equal((await outbox()).length, before);

  // A new matching tender arrives: exactly one e-mail, listing exactly it.
  const tenderID = newTender(source, 1);
  await restart();
  assert.match(await alertJob(), /^alerts: 1 searches due, 1 e-mails with 1 records/);
  const mails = await outbox();
  assert.equal(mails.length, before + 1);
  const mail = mails.at(-1);
  assert.equal(mail.to ?? mail.recipient, BUYER[0]);
  // The search's name (the user's text) is in the body only, never in the subject.
  assert.equal(mail.subject, 'Нові записи за вашим збереженим пошуком: 1');
  assert.match(mail.body, /Роботи за кодом/);
  assert.deepEqual([...mail.body.matchAll(/\/tenders\/(UA-[\w-]+)/g)].map((m) => m[1]), [tenderID]);
  assert.ok(mail.body.includes(`${BASE}/tenders?classification%5B0%5D=${cpv}`), 'a link to the whole search');

  // The next run: nothing new, nothing sent (the tender is still "modified since").
  assert.match(await alertJob(), /^alerts: 1 searches due, 0 e-mails/);
  assert.equal((await outbox()).length, before + 1);

  // The unsubscribe link works without a login: a question, a button, then the answer.
  const link = /https?:\/\/\S+\/alerts\/unsubscribe\?\S+/.exec(mail.body)?.[0];
  assert.ok(link, 'an unsubscribe link');
  const anonymous = await browser.newContext(AXE_CONTEXT);
  const visitor = await anonymous.newPage();
  const response = await visitor.goto(link);
  assert.equal(response.status(), 200);
  assert.ok(await visitor.$('meta[name="robots"][content*="noindex"]'), 'not for search engines');
  await visitor.waitForSelector('html[data-hydrated="true"]');
  assert.match(await visitor.textContent('main'), /Роботи за кодом/);
  axe.push(...(await violations(visitor, 'unsubscribe question')));
  await visitor.click('main form button');
  await visitor.waitForSelector('main [role="status"]');
  axe.push(...(await violations(visitor, 'unsubscribed')));
  assert.match(await visitor.textContent('main [role="status"]'), /Роботи за кодом/);
  // A wrong token is the 404 page and changes nothing.
  const wrong = await fetch(link.replace(/token=[^&]+/, 'token=wrong'));
  assert.equal(wrong.status, 404);
  await anonymous.close();

  // Off: another new matching tender brings no e-mail.
  newTender(source, 2);
  await restart();
  assert.match(await alertJob(), /^alerts: 0 searches due, 0 e-mails/);
  assert.equal((await outbox()).length, before + 1);

  // The cabinet shows it off, renames it, turns it back on, and deletes it.
  const cabinet = await context.newPage();
  await cabinet.goto(`${BASE}/icabinet#saved-searches`);
  await cabinet.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await cabinet.inputValue('.saved-search [name="frequency"]'), 'off');
  await cabinet.fill('.saved-search [name="name"]', 'Нова назва');
  await cabinet.selectOption('.saved-search [name="frequency"]', 'daily');
  await cabinet.click('.saved-search form:has([value="update"]) button');
  await cabinet.waitForURL((url) => url.searchParams.get('searches') === 'updated');
  await cabinet.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await cabinet.textContent('.saved-search h3 a'), 'Нова назва');
  assert.equal(await cabinet.inputValue('.saved-search [name="frequency"]'), 'daily');
  await cabinet.click('.saved-search form:has([value="delete"]) button');
  await cabinet.waitForURL((url) => url.searchParams.get('searches') === 'deleted');
  await cabinet.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await cabinet.locator('.saved-search').count(), 0);
  assert.deepEqual(problems, []);
  assert.deepEqual(axe, [], 'axe-core violations');
  await context.close();
});

test('saved-search forms refuse a forged post, a bad field, and a visitor without a session', async () => {
  const context = await browser.newContext();
  const { page } = await logIn(context);
  // No anti-forgery token: 403, nothing saved.
  const forged = await page.request.post(`${BASE}/icabinet/searches`, {
    form: { action: 'save', register: 'tenders', query: '', name: 'x' },
    headers: { accept: 'application/json' },
  });
  assert.equal((await forged.json()).error.status, 403);
  // A bad register, with the page's token: refused naming the field.
  await page.goto(`${BASE}/icabinet`);
  await page.waitForSelector('html[data-hydrated="true"]');
  const csrf = await page.inputValue('input[name="_csrf"]');
  const bad = await page.request.post(`${BASE}/icabinet/searches`, {
    form: { _csrf: csrf, action: 'save', register: 'monitorings', query: '', name: 'x' },
    headers: { accept: 'application/json' },
  });
  const outcome = await bad.json();
  assert.equal(outcome.ok, false);
  assert.equal(outcome.field, 'register');
  const badQuery = await page.request.post(`${BASE}/icabinet/searches`, {
    form: { _csrf: csrf, action: 'save', register: 'tenders', query: 'keyword=<script>', name: 'x' },
    headers: { accept: 'application/json' },
  });
  assert.equal((await badQuery.json()).field, 'query');
  assert.equal(await page.locator('.saved-search').count(), 0);
  await context.close();
  // The users API without the job's key: no list of searches, no delivery.
  const due = await fetch(`${UPSTREAM}/api/alerts/due`, { headers: { authorization: 'Bearer not-the-key-at-all' } });
  assert.equal(due.status, 401);
});

test('with alerts enabled, the portal runs the job on its timer: one e-mail, then none', async () => {
  const timerEnv = { ...ENV, PORTAL_ALERTS_ENABLED: 'true', PORTAL_ALERTS_INTERVAL_SECONDS: '10' };
  await portal.stop();
  portal = await startPortal(timerEnv);
  const [summary] = (await json('/api/tenders?perPage=1&status[0]=complete'))['hydra:member'];
  const source = await json(`/api/tenders/${summary.id}`);
  // A word no tender has yet: the saved search matches nothing until the new tender comes.
  const word = `timer${randomBytes(4).toString('hex')}`;
  const context = await browser.newContext();
  const { page } = await logIn(context);
  await page.goto(`${BASE}/en/tenders?keyword=${word}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.click('.save-search summary');
  assert.equal(await page.inputValue('.save-search-form [name="name"]'), word, 'named after its keyword');
  await page.selectOption('.save-search-form [name="frequency"]', 'instant');
  await page.click('.save-search-form button');
  await page.waitForURL((url) => url.pathname === '/en/icabinet' && url.searchParams.get('searches') === 'saved');
  const before = (await outbox()).length;
  newTender({ ...source, title: `${source.title} ${word}`, title_en: `${source.title_en ?? source.title} ${word}` }, 3);
  await portal.stop();
  portal = await startPortal(timerEnv);
  let mails = await outbox();
  for (let i = 0; i < 60 && mails.length === before; i++) {
    await new Promise((r) => setTimeout(r, 500));
    mails = await outbox();
  }
  assert.equal(mails.length, before + 1, 'the timer mailed the new tender');
  assert.match(mails.at(-1).subject, /^New records for your saved search: \d+$/);
  // The timer's next run (10 s later) finds nothing new.
  await new Promise((r) => setTimeout(r, 12_000));
  assert.equal((await outbox()).length, before + 1);
  await context.close();
});
