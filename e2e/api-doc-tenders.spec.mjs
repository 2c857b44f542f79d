// Every API-documentation tender of ../shared (all methods and statuses) renders its
// tender page with status 200, hydrates, and logs no console error. scripts/e2e.sh finds
// the folder (../shared/data beside the project or $PORTAL_SHARED_DATA) and passes it as
// API_DOC_TENDERS. Skipped when absent, except under CI, where its absence fails.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, open } from './browser.mjs';

const dir = process.env.API_DOC_TENDERS;
const present = Boolean(dir) && existsSync(dir);
const files = present ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
const missing =
  `API_DOC_TENDERS ${dir ? `(${dir}) does not exist` : 'is unset'}: scripts/e2e.sh sets it to ` +
  'openprocurement-api/tenders of ../shared/data beside the project or of $PORTAL_SHARED_DATA';
let browser;
before(async () => {
  if (files.length) browser = await launch();
});
after(() => browser?.close());

test('every API-documentation tender renders its page', { skip: !present && !process.env.CI && missing }, async () => {
  assert.ok(present, `shared data missing (CI is set, so this fails instead of skipping): ${missing}`);
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
