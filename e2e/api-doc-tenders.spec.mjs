// Every API-documentation tender of ../shared (all methods and statuses) renders its
// tender page with status 200, hydrates, and logs no console error. Skipped when the
// folder is absent.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, open } from './browser.mjs';

const dir = process.env.API_DOC_TENDERS;
const files = dir ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
let browser;
before(async () => {
  if (files.length) browser = await launch();
});
after(() => browser?.close());

test('every API-documentation tender renders its page', { skip: files.length === 0 && 'no ../shared/data/openprocurement-api/tenders' }, async () => {
  assert.ok(files.length >= 21, `${files.length} files`);
  for (const file of files) {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const tender = doc.data ?? doc;
    const { page, context, response, problems } = await open(browser, `/tenders/${tender.tenderID}`);
    assert.equal(response.status(), 200, file);
    assert.ok((await page.title()).includes(tender.tenderID), `${file}: title names the tender`);
    assert.equal(await page.textContent('h1').then((h) => h.trim().length > 0), true, `${file}: heading`);
    assert.deepEqual(problems, [], `${file}: console problems`);
    await context.close();
  }
});
