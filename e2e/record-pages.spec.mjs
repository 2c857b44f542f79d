// Plan and contract pages in real Chromium: every API-documentation plan and contract
// renders with status 200 and no console problem; a real plan and a real contract show
// the sections their records have; from a tender with an active award a visitor reaches
// its contract and comes back in two clicks; a contract page's head preloads its chunk
// and a client navigation gives it the title its first load has; unknown ids are 404 pages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASE, launch, open, upstream } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const examples = (dir) =>
  dir ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8'))]) : [];
const sectionIds = (page) => page.$$eval('main section[id]', (els) => els.map((e) => e.id));

for (const [kind, dir, idOf] of [
  ['plans', process.env.API_DOC_PLANS, (d) => d.planID],
  ['contracts', process.env.API_DOC_CONTRACTS, (d) => d.contractID],
]) {
  const skip = !dir && !process.env.CI && `no API-documentation ${kind} folder`;
  test(`every API-documentation ${kind.slice(0, -1)} renders its page`, { skip }, async () => {
    const files = examples(dir);
    assert.ok(files.length >= 6, `${files.length} files in ${dir}`);
    for (const [file, doc] of files) {
      const id = idOf(doc.data ?? doc);
      const { page, context, response, problems } = await open(browser, `/${kind}/${id}`);
      assert.equal(response.status(), 200, file);
      assert.ok((await page.title()).includes(id), `${file}: the title names ${id}`);
      assert.ok((await page.textContent('h1')).trim().length > 0, `${file}: heading`);
      assert.deepEqual(problems, [], `${file}: console problems`);
      await context.close();
    }
  });
}

test('a real plan shows the sections its record has', async () => {
  const { 'hydra:member': [summary] } = await upstream('/api/plans?perPage=1&page=3');
  const plan = await upstream(`/api/plans/${summary.planID}`);
  const { page, context, problems } = await open(browser, `/plans/${plan.planID}`);
  const ids = await sectionIds(page);
  assert.ok(ids.includes('budget') === Boolean(plan.budget), `budget: ${ids}`);
  assert.ok(ids.includes('classification') === Boolean(plan.classification), `classification: ${ids}`);
  assert.ok(ids.includes('tender') === Boolean(plan.tender), `tender: ${ids}`);
  assert.ok(ids.includes('buyer') === Boolean(plan.procuringEntity || plan.buyers?.length), `buyer: ${ids}`);
  const text = await page.textContent('main');
  assert.ok(text.includes(plan.procuringEntity.identifier.id), 'the buyer identifier');
  assert.ok(text.includes(plan.classification.id), 'the CPV code');
  assert.deepEqual(problems, []);
  await context.close();
});

test('from a tender with an active award to its contract and back, two clicks', async () => {
  const { 'hydra:member': [contract] } = await upstream('/api/contracts?status[0]=active&perPage=1&page=3');
  const { page, context, problems } = await open(browser, `/tenders/${contract.tenderID}`);
  await page.click(`#contracts a[href="/contracts/${contract.contractID}"]`);
  await page.waitForURL(`${BASE}/contracts/${contract.contractID}`);
  await page.waitForSelector('#origin');
  const ids = await sectionIds(page);
  for (const id of ['origin', 'buyer', 'suppliers']) assert.ok(ids.includes(id), `${id}: ${ids}`);
  assert.ok((await page.textContent('main')).includes(contract.suppliers[0].identifier.id));
  await page.click(`#origin a[href="/tenders/${contract.tenderID}"]`);
  await page.waitForURL(`${BASE}/tenders/${contract.tenderID}`);
  await page.waitForSelector('#contracts');
  assert.deepEqual(problems, []);
  await context.close();
});

test("a contract page's head preloads its chunk, and reached on the client it gets the same title", async () => {
  const { 'hydra:member': [contract] } = await upstream('/api/contracts?status[0]=active&perPage=1&page=3');
  const path = `/contracts/${contract.contractID}`;
  const preloads = (page) => page.$$eval('link[rel="modulepreload"]', (links) => links.map((l) => l.getAttribute('href')));
  // The 404 page preloads the entry's chunks only; the contract page its own chunk besides.
  const missing = await open(browser, '/contracts/nonsense');
  const entryChunks = await preloads(missing.page);
  await missing.context.close();
  const direct = await open(browser, path);
  const own = (await preloads(direct.page)).filter((href) => !entryChunks.includes(href));
  assert.ok(own.length > 0, 'the page chunk is preloaded');
  const loaded = await direct.page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  for (const href of own) assert.ok(loaded.includes(href), `${href} is loaded`);
  // The title comes from the contract itself (the chunk's meta), not the default with the id.
  const title = await direct.page.title();
  assert.ok(contract.title && title.includes(contract.title.slice(0, 20)), title);
  await direct.context.close();
  const { page, context, problems } = await open(browser, `/tenders/${contract.tenderID}`);
  await page.click(`#contracts a[href="${path}"]`);
  await page.waitForURL(BASE + path);
  await page.waitForFunction((t) => document.title === t, title);
  assert.deepEqual(problems, []);
  await context.close();
});

test('unknown plan and contract ids are 404 pages', async () => {
  for (const path of ['/plans/UA-P-2000-01-01-000000-a', '/plans/nonsense', '/contracts/UA-2000-01-01-000000-a-c1', '/en/contracts/nonsense']) {
    const { context, response } = await open(browser, path);
    assert.equal(response.status(), 404, path);
    await context.close();
  }
});
