// Following a tender, end to end, on a portal of this spec's own (its own users and
// history databases, the follows' mail job every 5 s): a visitor without a login follows
// a tender with its address and JavaScript off, confirms by the letter's link, the feed
// changes the tender (the development API: a later deadline, a new question), and
// - the tender page's History says what changed, with JavaScript off, linking to it;
// - the follower gets exactly one e-mail, which names the change and links to it, with
//   the one-click unsubscribe headers;
// - the tender's Atom feed parses with a real feed parser and lists the change; its
//   calendar parses with a real calendar parser and carries the new deadline with a
//   higher SEQUENCE;
// - the e-mail's unsubscribe link ends the follow: the next change mails nothing;
// - a follow posted from another site is refused; a logged-in buyer follows with one
//   click, sees what changed since the last look on the first screen, and the cabinet
//   lists the follow with its last change.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import ICAL from 'ical.js';
import Parser from 'rss-parser';
import { launch } from './browser.mjs';
import { startPortal } from './portal.mjs';

const PORT = 18490;
const UPSTREAM_PORT = 18491;
const BASE = `http://127.0.0.1:${PORT}`;
const UPSTREAM = `http://127.0.0.1:${UPSTREAM_PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'portal-follow-'));
const ENV = {
  PORT: String(PORT),
  UPSTREAM_PORT: String(UPSTREAM_PORT),
  UPSTREAM_DEV: '1',
  UPSTREAM_USERS_DB: join(dir, 'users.sqlite3'),
  PORTAL_CLIENT_FEATURES_CABINET: 'true',
  PORTAL_CLIENT_PUBLIC_ORIGIN: BASE,
  PORTAL_ALERTS_KEY: randomBytes(24).toString('base64url'),
  PORTAL_FOLLOWS_INTERVAL_SECONDS: '5',
  UPSTREAM_JWT_SECRET: randomBytes(32).toString('hex'),
  PORTAL_SERVER_SESSION_SECRET: randomBytes(32).toString('hex'),
  RUST_LOG: 'warn',
};

let browser;
let portal;
before(async () => {
  portal = await startPortal(ENV);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const squash = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

async function json(path) {
  const r = await fetch(UPSTREAM + path);
  assert.equal(r.status, 200, path);
  return r.json();
}
const outbox = async () => (await json('/dev/outbox'))['hydra:member'];

async function eventually(f, what, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) assert.fail(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Publishes a merge patch of a tender as its next version, as the feed would bring it. */
async function publish(id, patch) {
  const r = await fetch(`${UPSTREAM}/dev/cdb/tenders/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  assert.equal(r.status, 200, await r.clone().text());
  return (await r.json()).data;
}

/** Open tenders with a submission deadline, oldest first (no other spec of this portal changes them). */
async function openTenders(n) {
  const list = await json(`/api/tenders?status[]=active.tendering&sortOrder=dateCreated.asc&perPage=${n}`);
  const out = [];
  for (const t of list['hydra:member']) {
    const full = (await json(`/cdb/api/2.5/tenders/${t.id}`)).data;
    if (full.tenderPeriod?.endDate) out.push(full);
  }
  return out;
}

const later = (iso, hours) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString().replace('Z', '+00:00');

test('a follower without a login confirms, reads the change on the page, gets one e-mail, the feed and the calendar, and unsubscribes', async () => {
  const [tender] = await openTenders(3);
  assert.ok(tender, 'an open tender with a deadline');
  const email = `follower-${Date.now().toString(36)}@example.com`;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    // The form is in the server's HTML and works without JavaScript.
    await page.goto(`${BASE}/tenders/${tender.tenderID}`, { waitUntil: 'load' });
    const form = page.locator('form[action*="follow"]').filter({ has: page.locator('input[name="email"]') }).first();
    assert.equal(await form.count(), 1, 'a follow form with an e-mail field');
    // Folded behind its button on the first screen (a <details>: no JavaScript needed).
    const fold = page.locator('#follow summary');
    if ((await fold.count()) > 0 && !(await form.isVisible())) await fold.first().click();
    await form.locator('input[name="email"]').fill(email);
    await Promise.all([
      page.waitForURL((u) => u.pathname.endsWith('/follow'), { waitUntil: 'load' }),
      form.locator('button[type="submit"], input[type="submit"]').first().click(),
    ]);
    const said = squash(await page.textContent('body'));
    assert.match(said, /підтвердж/i, 'the page says a confirmation was sent');

    // The confirmation letter's link confirms; the page never shows another address.
    const letter = await eventually(async () => (await outbox()).find((m) => m.to === email), 'the confirmation letter', 10_000);
    const link = letter.body.match(/https?:\/\/\S+\/follow\/confirm\?token=\S+/)?.[0];
    assert.ok(link, letter.body);
    const confirmed = await page.goto(link, { waitUntil: 'load' });
    assert.equal(confirmed.status(), 200);
    assert.ok(squash(await page.textContent('main')).includes(tender.tenderID) || squash(await page.textContent('main')).includes(tender.title), 'the confirmation names the tender');
    assert.equal((await page.content()).includes(email), false, 'no address on the confirmation page');

    // The feed changes the tender: a later deadline and a new question.
    const mailsBefore = (await outbox()).length;
    const newEnd = later(tender.tenderPeriod.endDate, 72);
    const question = { id: `q${Date.now()}`, title: 'Чи можна запропонувати <b>аналог</b>?', description: 'Уточніть, будь ласка.', date: new Date().toISOString() };
    await publish(tender.id, { tenderPeriod: { ...tender.tenderPeriod, endDate: newEnd }, questions: [...(tender.questions ?? []), question] });

    // The History, with JavaScript off: newest first, the moved deadline and the question, linked.
    await page.goto(`${BASE}/tenders/${tender.tenderID}`, { waitUntil: 'load' });
    const history = page.locator('#history');
    assert.equal(await history.count(), 1, 'a History section');
    const text = squash(await history.textContent());
    assert.match(text, /Чи можна запропонувати <b>аналог<\/b>\?/, `the question's title, escaped: ${text}`);
    assert.match(text, /строк|термін/i, text);
    const hrefs = await history.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.ok(hrefs.some((h) => h?.includes(`question-${question.id}`)), hrefs.join(' '));
    for (const h of hrefs.filter((x) => x?.startsWith('#'))) {
      assert.equal(await page.locator(`[id="${decodeURIComponent(h.slice(1))}"]`).count() >= 1, true, `${h} is on the page`);
    }

    // Exactly one e-mail, within a round or two of the job.
    const mail = await eventually(async () => (await outbox()).slice(mailsBefore).find((m) => m.to === email), 'the change e-mail');
    await new Promise((r) => setTimeout(r, 12_000));
    const mine = (await outbox()).slice(mailsBefore).filter((m) => m.to === email);
    assert.equal(mine.length, 1, 'exactly one e-mail');
    assert.ok(mail.subject && !/^\s*$/.test(mail.subject), 'a subject');
    assert.ok(mail.body.includes(tender.tenderID), 'it names the tender');
    assert.match(mail.body, /аналог/, 'it names the question');
    assert.ok(mail.body.includes(`${BASE}/tenders/${tender.tenderID}#`), 'it links straight to the change');
    const unsubscribe = mail.headers?.['List-Unsubscribe'];
    assert.match(unsubscribe ?? '', /^<http:\/\/127\.0\.0\.1:\d+\/follow\/unsubscribe\?token=[\w-]+>$/);
    assert.equal(mail.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');

    // The Atom feed the page names, through a real feed parser.
    const feedHref = await page.getAttribute('head link[rel="alternate"][type="application/atom+xml"]', 'href');
    assert.ok(feedHref?.includes(tender.tenderID), feedHref);
    const feedResponse = await fetch(new URL(feedHref, BASE));
    assert.equal(feedResponse.status, 200);
    const feed = await new Parser().parseString(await feedResponse.text());
    assert.ok(feed.items.length >= 2, 'the changes are entries');
    assert.ok(feed.items.some((i) => i.title.includes('Чи можна запропонувати <b>аналог</b>?')), feed.items.map((i) => i.title).join(' | '));
    assert.ok(feed.items.every((i) => i.link.startsWith(`${BASE}/tenders/${tender.tenderID}`)));

    // The calendar, through a real calendar parser: the new deadline, a higher SEQUENCE.
    const ics = await (await fetch(`${BASE}/tenders/${tender.tenderID}.ics`)).text();
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
    const deadline = events.find((e) => e.getFirstPropertyValue('uid').includes('-tenderPeriod'));
    assert.ok(deadline, ics);
    const end = deadline.getFirstPropertyValue('dtend') ?? deadline.getFirstPropertyValue('dtstart');
    assert.equal(end.toJSDate().getTime(), Math.floor(Date.parse(newEnd) / 1000) * 1000, 'the new deadline');
    assert.ok(Number(deadline.getFirstPropertyValue('sequence')) >= 1, 'a higher SEQUENCE');

    // The e-mail's unsubscribe link ends the follow, and the next change mails nothing.
    const bodyLink = mail.body.match(/https?:\/\/\S+\/follow\/unsubscribe\?token=[\w-]+/g);
    assert.ok(bodyLink?.length, mail.body);
    const gone = await page.goto(bodyLink[bodyLink.length - 1], { waitUntil: 'load' });
    assert.equal(gone.status(), 200);
    const after = (await outbox()).length;
    await publish(tender.id, { tenderPeriod: { ...tender.tenderPeriod, endDate: later(newEnd, 24) } });
    await new Promise((r) => setTimeout(r, 12_000));
    assert.equal((await outbox()).slice(after).filter((m) => m.to === email).length, 0, 'no e-mail after unsubscribing');
  } finally {
    await context.close();
  }
});

test('a follow from another site is refused, and a logged-in buyer follows with one click and sees what changed', async () => {
  const [, tender] = await openTenders(3);
  // Another site's page posting the form: refused by the browser's own word.
  const forged = await fetch(`${BASE}/tenders/${tender.tenderID}/follow`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    body: `target=${tender.id}&email=victim%40example.com`,
    redirect: 'manual',
  });
  assert.equal(forged.status, 403);

  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${BASE}/login`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.fill('#login-email', 'buyer@example.com');
    await page.fill('#login-password', 'buyer-password-1');
    await page.click('.account-form button[type=submit]');
    await page.waitForSelector('.user-menu');
    await page.goto(`${BASE}/tenders/${tender.tenderID}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const form = page.locator('#follow form[action*="follow"]').first();
    assert.equal(await form.locator('input[name="email"]').count(), 0, 'no address asked of a logged-in buyer');
    await Promise.all([
      page.waitForURL((u) => u.pathname.endsWith('/follow'), { waitUntil: 'load' }),
      form.locator('button[type="submit"]').first().click(),
    ]);
    assert.match(squash(await page.textContent('#follow')), /стежите|Ви стежите/i);
    await publish(tender.id, { tenderPeriod: { ...tender.tenderPeriod, endDate: later(tender.tenderPeriod.endDate, 48) } });
    await page.goto(`${BASE}/tenders/${tender.tenderID}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    // The first screen says what changed since the last look.
    const since = page.locator('.follow-changes, [data-follow-changes]');
    assert.ok((await since.count()) >= 1, 'a note of what changed since the last look');
    const box = await since.first().boundingBox();
    assert.ok(box && box.y < 900, `on the first screen (${box?.y})`);
    await page.goto(`${BASE}/icabinet`);
    await page.waitForSelector('#follows');
    const listed = squash(await page.textContent('#follows'));
    assert.ok(listed.includes(tender.tenderID) || listed.includes(squash(tender.title)), listed);
  } finally {
    await context.close();
  }
});
