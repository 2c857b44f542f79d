// A real multi-lot tender with awards, in real Chromium: every section its data has
// is on the page, visible, and names what the data names (lots, items, documents,
// bids, awards); the contents links and the section sub-paths lead to the sections.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, upstream } from './browser.mjs';

// Real Prozorro tender from the prozorro-mcp data: 4 lots, 4 awards, 5 bids, 19 documents.
const TENDER_ID = 'UA-2026-09-09-014105-a';
let browser;
let tender;
before(async () => {
  browser = await launch();
  tender = await upstream(`/api/tenders/${TENDER_ID}`);
});
after(() => browser?.close());

const squash = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

test('every section of a real multi-lot tender with awards is visible and shows its data', async () => {
  assert.ok(tender.lots.length >= 2 && tender.awards.length >= 2 && tender.bids.length >= 2, 'a multi-lot tender with awards');
  const { page, context, response, problems } = await open(browser, `/tenders/${TENDER_ID}`);
  assert.equal(response.status(), 200);
  assert.equal(squash(await page.textContent('h1')), squash(tender.title));

  const expected = ['organizer', 'config', 'timeline', 'lots', 'items', 'documents', 'bids', 'awards'];
  for (const key of ['questions', 'complaints', 'qualifications', 'contracts', 'cancellations', 'features', 'criteria']) {
    if (Array.isArray(tender[key]) && tender[key].length) expected.push(key);
  }
  for (const id of expected) {
    const section = page.locator(`section#${id}`);
    assert.equal(await section.count(), 1, `section ${id}`);
    await section.scrollIntoViewIfNeeded();
    assert.ok(await section.isVisible(), `section ${id} visible`);
  }
  // The table of contents lists the data sections, each linking to its anchor.
  const toc = await page.$$eval('.tender-toc a', (as) => as.map((a) => a.getAttribute('href')));
  for (const id of expected.filter((id) => id !== 'organizer' && id !== 'config')) assert.ok(toc.includes(`#${id}`), `contents link #${id}`);

  const text = async (id) => squash(await page.textContent(`section#${id}`));
  const lots = await text('lots');
  for (const lot of tender.lots) assert.ok(lots.includes(squash(lot.title)), `lot ${lot.title}`);
  const items = await text('items');
  for (const item of tender.items) assert.ok(items.includes(squash(item.description)), `item ${item.description}`);
  const documents = await text('documents');
  for (const doc of tender.documents) assert.ok(documents.includes(squash(doc.title)), `document ${doc.title}`);
  const bids = await text('bids');
  for (const bid of tender.bids) assert.ok(bids.includes(squash(bid.tenderers[0].name)), `bidder ${bid.tenderers[0].name}`);
  const awardRows = await page.$$eval('section#awards tbody tr', (rows) => rows.map((r) => r.textContent.replace(/\s+/g, ' ')));
  assert.equal(awardRows.length, tender.awards.length);
  for (const award of tender.awards) {
    const lot = tender.lots.find((l) => l.id === award.lotID);
    assert.ok(
      awardRows.some((row) => row.includes(squash(award.suppliers[0].name)) && (!lot || row.includes(squash(lot.title)))),
      `award of ${award.suppliers[0].name} on ${lot?.title}`,
    );
  }
  assert.ok(squash(await page.textContent('section#organizer')).includes(tender.procuringEntity.identifier.id));

  await page.click('.tender-toc a[href="#awards"]');
  await page.waitForFunction(() => location.hash === '#awards');
  assert.ok(await page.locator('section#awards h2').isVisible());
  assert.deepEqual(problems, []);
  await context.close();
});

test('a section sub-path opens the page at that section, with the tender as canonical', async () => {
  const { page, context, response, problems } = await open(browser, `/tenders/${TENDER_ID}/awards`, { reducedMotion: 'reduce' });
  assert.equal(response.status(), 200);
  const canonical = await page.getAttribute('link[rel="canonical"]', 'href');
  assert.ok(canonical.endsWith(`/tenders/${TENDER_ID}`), canonical);
  await page.waitForFunction(() => {
    const box = document.querySelector('section#awards')?.getBoundingClientRect();
    return box && box.top < window.innerHeight && box.bottom > 0;
  });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a monitoring of a real tender shows its decision, dialogue and conclusion, linked from the tender', async () => {
  // Derived in the embedded upstream for a real tender (upstream/API.md).
  const [tenderID, monitoringID] = ['UA-2026-09-15-005918-a', 'UA-M-2026-10-26-000003'];
  const monitoring = await upstream(`/api/monitorings/${monitoringID}`);
  const { page, context, problems } = await open(browser, `/tenders/${tenderID}`);
  const link = page.locator(`section#monitorings a[href="/tenders/${tenderID}/monitorings/${monitoringID}"]`);
  await Promise.all([page.waitForURL(`**/monitorings/${monitoringID}`), link.click()]);
  await page.waitForSelector('#monitoring-title');
  assert.ok((await page.textContent('#monitoring-title')).includes(monitoringID));
  const sections = ['decision', 'conclusion', ...(monitoring.posts?.length ? ['dialogue'] : [])];
  for (const id of sections) assert.ok(await page.locator(`section#${id}`).isVisible(), id);
  if (monitoring.posts?.length) {
    const dialogue = squash(await page.textContent('section#dialogue'));
    for (const post of monitoring.posts) assert.ok(dialogue.includes(squash(post.description)), post.id);
  }
  assert.ok(squash(await page.textContent('section#decision')).includes(squash(monitoring.decision.description)));
  // Client navigation set the monitoring's own title.
  assert.ok((await page.title()).includes(monitoringID));
  assert.deepEqual(problems, []);
  await context.close();
});
