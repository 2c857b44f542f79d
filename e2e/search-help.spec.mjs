// Search that helps: the searched words marked in results, a record's id opening the
// record (with and without JavaScript), an organisation's code offering its pages,
// grouped numbers that never break, region names in English under /en.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, open, upstream } from './browser.mjs';

const get = async (path) => {
  const response = await fetch(BASE + path, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

test('the searched words are marked in the results', async () => {
  const { html } = await get('/tenders?keyword=%D0%BF%D0%B0%D0%BB%D0%B8%D0%B2%D0%BE');
  const titles = [...html.matchAll(/<h3 class="tender-card-title">(.*?)<\/h3>/g)].map((m) => m[1]);
  assert.ok(titles.length > 0, 'results');
  assert.ok(titles.some((t) => /<mark>паливо<\/mark>|<mark>Паливо<\/mark>/i.test(t)), titles.slice(0, 3).join('\n'));
  // Nothing is marked without a keyword.
  assert.ok(!(await get('/tenders')).html.includes('<mark>'));
});

test("a record's id opens the record; an organisation's code offers its pages", async () => {
  const tender = (await upstream('/api/tenders?perPage=1'))['hydra:member'][0];
  const plan = (await upstream('/api/plans?perPage=1'))['hydra:member'][0];
  const contract = (await upstream('/api/contracts?perPage=1'))['hydra:member'][0];
  for (const [path, to] of [
    [`/tenders?keyword=${tender.tenderID}`, `/tenders/${tender.tenderID}`],
    [`/en/tenders?keyword=${tender.id}`, `/en/tenders/${tender.tenderID}`],
    [`/?keyword=${plan.planID}`, `/plans/${plan.planID}`],
    [`/plans?keyword=${contract.contractID}`, `/contracts/${contract.contractID}`],
  ]) {
    const answer = await get(path);
    assert.equal(answer.status, 302, path);
    assert.equal(answer.location, to, path);
  }
  // An id its register does not have is searched for, not opened.
  assert.equal((await get('/tenders?keyword=UA-2000-01-01-000000-a')).status, 200);

  const code = tender.procuringEntity.identifier.id.trim();
  const { html } = await get(`/tenders?keyword=${code}`);
  assert.match(html, new RegExp(`<ul class="organisation-offer"><li><a href="/buyers/${code}"`), 'the buyer page is offered');

  // With JavaScript, the form goes straight to the record.
  const { page, context, problems } = await open(browser, '/tenders');
  await page.fill('#keyword', plan.planID);
  await Promise.all([page.waitForURL(`**/plans/${plan.planID}`), page.press('#keyword', 'Enter')]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('grouped numbers do not break, and regions read in English under /en', async () => {
  const { html } = await get('/en/tenders');
  assert.match(html, /Lviv Oblast/, 'the region facet in English');
  assert.ok(!html.includes('>Львівська область<'), 'no Ukrainian region label');
  const counts = [...html.matchAll(/class="result-count"[^>]*>([^<]*)</g)].map((m) => m[1]);
  assert.ok(counts.length === 1 && /\d\u00a0\d{3}/.test(counts[0]), `a count grouped with a no-break space: ${counts}`);
});
