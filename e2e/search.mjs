// Helpers of the specs of the registers' search pages (tenders, plans, contracts).
import { BASE } from './browser.mjs';

/** The ids (tenderID, planID, contractID) of the results on a search page, in order. */
export const resultIds = (page) => page.$$eval('.tender-results .tender-id', (els) => els.map((e) => e.textContent));

/**
 * Searches as a visitor would, with JavaScript on or off: opens `path`, lets `fill` set
 * the form, submits it with the search button and answers the ids of the first page of
 * results. With JavaScript the page hydrates first, and the list is replaced only when
 * the new location's data has arrived (`/__data`); without it the form is a plain GET.
 */
export async function searchResults(browser, path, fill, { javaScriptEnabled }) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(BASE + path);
  if (javaScriptEnabled) await page.waitForSelector('html[data-hydrated="true"]');
  await fill(page);
  const submitted = [page.waitForURL(/\?/), page.click('.search-row button[type="submit"]')];
  if (javaScriptEnabled) submitted.push(page.waitForResponse((r) => r.url().includes('/__data')));
  await Promise.all(submitted);
  await page.waitForSelector('.tender-results');
  const ids = await resultIds(page);
  await context.close();
  return ids;
}
