// Every route of the table, in both languages, in real Chromium: right status,
// hydration with no console error or warning.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, open } from './browser.mjs';

const routes = JSON.parse(readFileSync(new URL('./routes.json', import.meta.url), 'utf8'));
let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

for (const language of ['uk', 'en']) {
  test(`every route loads and hydrates cleanly (${language})`, async () => {
    const context = await browser.newContext();
    try {
      for (const route of routes) {
        const path = language === 'en' ? (route.path === '/' ? '/en' : `/en${route.path}`) : route.path;
        const page = await context.newPage();
        const problems = [];
        page.on('console', (m) => {
          // A 404 document is reported by Chromium itself as a failed resource.
          if (route.status === 404 && m.text().includes('status of 404')) return;
          if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
        const response = await page.goto(process.env.BASE_URL + path, { waitUntil: 'load' });
        await page.waitForSelector('html[data-hydrated="true"]', { timeout: 10000 });
        const finalStatus = route.location ? 200 : route.status;
        assert.equal(response.status(), finalStatus, path);
        if (route.location) {
          const expected = language === 'en' ? (route.location === '/' ? '/en' : `/en${route.location}`) : route.location;
          assert.equal(new URL(page.url()).pathname, expected, `${path} redirects`);
        }
        assert.ok((await page.title()).length > 0, `${path} has a title`);
        assert.deepEqual(problems, [], `${path}: console problems`);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });
}
