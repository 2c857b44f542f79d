// Registration and recovery as a person meets them (issue 29, item 22): the country list
// starts with Ukraine and is sorted by name in the interface language (in the server's
// HTML, sorted by its V8); "I have a code" is on the recovery page from the start; the
// recovery letter links to the portal's form with the code filled in.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, launch, letterTo, open, pageConfig } from './browser.mjs';

const uk = JSON.parse(readFileSync(new URL('../locales/uk/dzo.json', import.meta.url), 'utf8'));

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the country list starts with Ukraine, then goes by name in the interface language', async () => {
  for (const [path, language] of [['/registration', 'uk'], ['/en/registration', 'en']]) {
    const { context, page } = await open(browser, path, { javaScriptEnabled: false });
    const options = await page.$$eval('#registration-countryId option', (os) => os.map((o) => [o.value, o.textContent.trim()]).filter(([v]) => v));
    assert.ok(options.length > 100, `${options.length} countries`);
    assert.equal(options[0][0], 'UA', `${language}: Ukraine first`);
    const names = options.slice(1).map(([, name]) => name);
    const collator = new Intl.Collator(language, { sensitivity: 'base' });
    assert.deepEqual(names, [...names].sort(collator.compare), `${language}: sorted by name`);
    await context.close();
  }
});

test('the recovery letter links to the form with the code filled in; "I have a code" is always there', async () => {
  const { context, page, problems } = await open(browser, '/login/forgot');
  const haveCode = page.getByRole('link', { name: uk.account.recovery.haveCode });
  assert.equal(await haveCode.count(), 1, 'before asking for a code');
  // A seed account: asking for a code changes nothing until the code is used.
  const who = 'seller@example.com';
  await page.fill('#login-email', who);
  await page.click('.account-form button[type=submit]');
  await page.waitForSelector('.form-note');
  assert.equal(await haveCode.count(), 1, 'after asking for a code');
  const letter = await letterTo(who);
  const link = letter.body.match(/https?:\/\/\S+\/login\/new-password\?code=[\w-]+/)?.[0];
  assert.ok(link, letter.body);
  const target = new URL(link);
  assert.equal(target.origin, (await pageConfig()).publicOrigin.replace(/\/+$/, ''), "the link is this portal's");
  const code = target.searchParams.get('code');
  await page.goto(BASE + target.pathname + target.search);
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await page.inputValue('#login-code'), code);
  assert.deepEqual(problems, []);
  await context.close();
});
