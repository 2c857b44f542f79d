// The tender timeline, its countdown and its calendar file, in real Chromium against the
// portal: the server's HTML names the current deadline in Kyiv time without a clock; after
// hydration (no warnings) "now" is marked and a countdown to the next deadline ticks; the
// `.ics` the page links parses with a real iCalendar parser (ical.js) and holds the
// tender's own instants, as the upstream's `/api/tenders/<id>` has them. The tenders are
// the API-documentation examples of ../shared (scripts/e2e.sh passes their folder as
// API_DOC_TENDERS): skipped when absent, except under CI, where their absence fails.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { BASE, launch, open, upstream } from './browser.mjs';

const dir = process.env.API_DOC_TENDERS;
const present = Boolean(dir) && existsSync(dir);
const skip = !present && !process.env.CI && 'API_DOC_TENDERS is unset or missing: scripts/e2e.sh sets it from ../shared/data';
const example = (file) => {
  const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return doc.data ?? doc;
};
// Ongoing procedures whose tenderID no other example shares (their page is theirs alone).
const ONGOING = ['active.enquiries', 'active.tendering', 'active.pre-qualification', 'active.pre-qualification.stand-still', 'active.auction', 'active.qualification', 'active.qualification.stand-still', 'active.awarded'];

let browser;
before(async () => {
  if (present) browser = await launch();
});
after(() => browser?.close());

const squash = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
const ms = (iso) => Date.parse(iso);
/** An instant in whole seconds, as iCalendar writes it. */
const sec = (iso) => Math.floor(ms(iso) / 1000) * 1000;

/** The moments a tender's countdown may count to: stage ends, auction starts. */
function deadlines(tender) {
  const at = [tender.enquiryPeriod?.endDate, tender.enquiryPeriod?.clarificationsUntil, tender.tenderPeriod?.endDate, tender.complaintPeriod?.endDate,
    tender.qualificationPeriod?.endDate, tender.awardPeriod?.endDate, tender.auctionPeriod?.startDate, ...(tender.lots ?? []).map((l) => l.auctionPeriod?.startDate)];
  return at.filter(Boolean);
}

/** A tender's period as the calendar's UID names it (`<id>-<stage>[-<lot id>]@host`), spans of several records made one. */
function expectedPeriod(tender, key, lotId) {
  const span = (periods) => {
    const starts = periods.map((p) => p?.startDate).filter(Boolean).sort((a, b) => ms(a) - ms(b));
    const ends = periods.map((p) => p?.endDate).filter(Boolean).sort((a, b) => ms(a) - ms(b));
    return { startDate: starts[0], endDate: ends.at(-1) };
  };
  switch (key) {
    case 'clarificationsUntil':
      return { endDate: tender.enquiryPeriod.clarificationsUntil };
    case 'auctionPeriod':
      return lotId ? tender.lots.find((l) => l.id === lotId).auctionPeriod : tender.auctionPeriod?.startDate ? tender.auctionPeriod : tender.lots.find((l) => l.auctionPeriod).auctionPeriod;
    case 'qualificationStandStill':
      return span(tender.qualifications.filter((q) => q.status !== 'cancelled').map((q) => q.complaintPeriod));
    case 'awardStandStill':
      return span(tender.awards.filter((a) => a.status !== 'cancelled' && (!lotId || a.lotID === lotId)).map((a) => a.complaintPeriod));
    case 'cancellationComplaintPeriod':
      return span(tender.cancellations.filter((c) => c.status !== 'unsuccessful').map((c) => c.complaintPeriod));
    default:
      return tender[key];
  }
}

/** Parses a calendar with ical.js and checks every event against the tender's own dates. */
function checkCalendar(text, tender) {
  assert.ok(text.includes('\r\n') && !/[^\r]\n/.test(text), 'CRLF line ends');
  for (const line of text.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, `folded at 75 octets: ${line}`);
  const calendar = new ICAL.Component(ICAL.parse(text));
  assert.equal(calendar.name, 'vcalendar');
  assert.equal(calendar.getFirstPropertyValue('version'), '2.0');
  assert.ok(calendar.getFirstPropertyValue('prodid'));
  assert.equal(calendar.getFirstPropertyValue('calscale'), 'GREGORIAN');
  assert.equal(calendar.getFirstPropertyValue('method'), 'PUBLISH');
  const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  assert.ok(events.length > 0, 'events');
  const keys = [];
  for (const event of events) {
    const uid = /^([0-9a-f]{32})-([A-Za-z]+)(?:-([0-9a-f]{32}))?@[^@]+$/.exec(event.uid);
    assert.ok(uid, `UID ${event.uid}`);
    assert.equal(uid[1], tender.id);
    const [, , key, lotId] = uid;
    keys.push(key + (lotId ?? ''));
    const period = expectedPeriod(tender, key, lotId);
    const start = period.startDate ?? period.endDate;
    assert.equal(event.startDate.toJSDate().getTime(), sec(start), `${event.uid} starts at ${start}`);
    assert.equal(event.startDate.zone.tzid, 'UTC', `${event.uid} in UTC`);
    // A period is an event spanning it; a single moment ends as it starts.
    const end = period.endDate && sec(period.endDate) > sec(start) ? period.endDate : start;
    assert.equal(event.endDate.toJSDate().getTime(), sec(end), `${event.uid} ends at ${end}`);
    assert.equal(event.component.getFirstPropertyValue('dtstamp').toJSDate().getTime(), sec(tender.dateModified), 'DTSTAMP is dateModified');
    assert.ok(event.summary.includes(tender.tenderID), event.summary);
    assert.match(event.description, /за київським часом|Kyiv time/);
  }
  assert.equal(new Set(keys).size, keys.length, 'one event a stage');
  return { calendar, events, keys };
}

/** Clicks the page's calendar link and answers the downloaded file's name and text. */
async function downloadCalendar(page, label) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: label }).click()]);
  return { filename: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

test('the page names the next deadline in Kyiv time with the time left and now, and counts down after hydration', { skip }, async (t) => {
  assert.ok(present, 'shared data missing (CI is set)');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const all = files.map(example);
  const unique = all.filter((o) => all.filter((p) => p.tenderID === o.tenderID).length === 1 && ONGOING.includes(o.status));
  const future = unique.find((o) => o.status === 'active.tendering' && ms(o.tenderPeriod?.endDate) > Date.now() + 60_000);
  // The examples' dates are fixed: once they are all past, the next test's "ended" is what remains.
  if (!future) return t.skip('no example tender is tendering with a bid deadline still to come');
  const tender = await upstream(`/api/tenders/${future.tenderID}`);

  // The server's HTML, at the moment it renders: the next deadline still to come, with its
  // date and time in Kyiv and the time left, and "now" in the list (issue 29, item 10).
  const html = await (await fetch(`${BASE}/tenders/${tender.tenderID}`)).text();
  const first = deadlines(tender).filter((d) => ms(d) > Date.now()).sort((a, b) => ms(a) - ms(b))[0];
  const kyiv = new Intl.DateTimeFormat('uk-UA', { timeZone: 'Europe/Kyiv', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(first));
  assert.match(html, new RegExp(`<p class="tender-countdown"><strong>(?:Закінчення|Початок) етапу «[^»]+»: ${kyiv.replace(/\./g, '\\.')} \\(за київським часом\\)</strong><span role="timer">`), `server names ${kyiv}`);
  assert.ok(html.includes('timeline-now'), 'the server marks now');

  const { page, context, problems } = await open(browser, `/tenders/${tender.tenderID}`);
  const timeline = page.locator('section#timeline');
  await timeline.scrollIntoViewIfNeeded();
  const items = await timeline.locator('ol.tender-timeline > li').allTextContents();
  assert.ok(items.some((i) => squash(i).startsWith('Подання пропозицій')), 'the bid submission stage is listed');
  // "Now" is marked after hydration, before the first deadline still to come.
  const now = timeline.locator('li.timeline-now');
  await now.waitFor();
  assert.equal(await now.count(), 1);
  const timer = timeline.locator('[role="timer"]');
  await timer.waitFor();
  const ticking = squash(await timer.textContent());
  const next = deadlines(tender).filter((d) => ms(d) > Date.now()).sort((a, b) => ms(a) - ms(b))[0];
  const m = /^(?:(\d+) \S+ )?(\d\d):(\d\d):(\d\d) до (закінчення|початку) етапу «(.+)»$/.exec(ticking);
  assert.ok(m, `countdown text: ${ticking}`);
  const left = (Number(m[1] ?? 0) * 86400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4])) * 1000;
  assert.ok(Math.abs(ms(next) - Date.now() - left) < 5000, `counts down to ${next}: ${ticking}`);
  await page.waitForFunction((before) => document.querySelector('#timeline [role="timer"]')?.textContent.trim() !== before, ticking, { timeout: 5000 });
  assert.notEqual(squash(await timer.textContent()), ticking, 'the countdown ticks');
  assert.deepEqual(problems, [], 'no hydration warnings or errors');

  // The calendar link downloads the tender's calendar, which parses and holds its instants.
  const { filename, text } = await downloadCalendar(page, 'Додати строки до календаря (.ics)');
  assert.equal(filename, `${tender.tenderID}.ics`);
  const { keys } = checkCalendar(text, tender);
  for (const key of ['enquiryPeriod', 'tenderPeriod', 'clarificationsUntil']) assert.ok(keys.includes(key), key);
  await context.close();
});

test('an ongoing tender whose deadlines are all past says so after hydration; its calendar holds them', { skip }, async () => {
  const file = readdirSync(dir).find((f) => f.startsWith('REAL_') && f.includes('active.tendering'));
  const tender = await upstream(`/api/tenders/${example(file).tenderID}`);
  assert.ok(ms(tender.tenderPeriod.endDate) < Date.now(), 'its bid deadline passed');
  const { page, context, problems } = await open(browser, `/tenders/${tender.tenderID}`);
  const countdown = page.locator('section#timeline .tender-countdown');
  await page.waitForFunction(() => !document.querySelector('#timeline .tender-countdown strong'));
  assert.equal(squash(await countdown.textContent()), 'Усі строки закупівлі минули');
  assert.equal(await page.locator('#timeline [role="timer"]').count(), 0);
  // Every stage is past, so "now" comes last.
  assert.equal(await page.locator('#timeline ol > li:last-child').getAttribute('class'), 'timeline-now');
  assert.deepEqual(problems, []);
  const { filename, text } = await downloadCalendar(page, 'Додати строки до календаря (.ics)');
  assert.equal(filename, `${tender.tenderID}.ics`);
  assert.deepEqual(checkCalendar(text, tender).keys.sort(), ['clarificationsUntil', 'complaintPeriod', 'enquiryPeriod', 'tenderPeriod']);
  await context.close();
});

test('calendars of multi-lot tenders with stand-stills hold their instants, the same bytes each download', { skip }, async () => {
  for (const file of ['closeFrameworkAgreementUA__complete.json', 'esco__cancelled.json', 'aboveThreshold__active.tendering.json', 'aboveThresholdEU__active.pre-qualification.stand-still.json']) {
    const tender = await upstream(`/api/tenders/${example(file).id}`);
    const response = await fetch(`${BASE}/tenders/${tender.id}.ics`);
    assert.equal(response.status, 200, file);
    assert.equal(response.headers.get('content-type'), 'text/calendar; charset=utf-8');
    assert.match(response.headers.get('content-disposition'), new RegExp(`attachment; filename="?${tender.tenderID}\\.ics`));
    const text = await response.text();
    const { keys } = checkCalendar(text, tender);
    if (tender.awards?.some((a) => a.complaintPeriod)) assert.ok(keys.some((k) => k.startsWith('awardStandStill')), `${file}: award stand-still`);
    if (tender.qualifications?.length) assert.ok(keys.includes('qualificationStandStill'), `${file}: pre-qualification stand-still`);
    // Stable: the same body and validator again, and a 304 for the validator.
    const again = await fetch(`${BASE}/tenders/${tender.id}.ics`);
    assert.equal(await again.text(), text, `${file}: same bytes`);
    const etag = again.headers.get('etag');
    assert.ok(etag);
    assert.equal((await fetch(`${BASE}/tenders/${tender.id}.ics`, { headers: { 'if-none-match': etag } })).status, 304);
  }
  const en = await (await fetch(`${BASE}/en/tenders/${example('competitiveOrdering__active.tendering.json').tenderID}.ics`)).text();
  const events = new ICAL.Component(ICAL.parse(en)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  assert.ok(events.some((e) => e.summary.startsWith('Bid submission: tender ')), 'English texts under /en');
  assert.ok(events.every((e) => e.component.getFirstPropertyValue('url').includes('/en/tenders/')));
  // No dates, no calendar; no tender, no calendar.
  assert.equal((await fetch(`${BASE}/tenders/${example('reporting__active.json').id}.ics`)).status, 404);
  assert.equal((await fetch(`${BASE}/tenders/UA-1999-01-01-000000-a.ics`)).status, 404);
});
