// Tables and charts on record pages at a phone's width (issue 46, item 2), in real
// Chromium at 320 and 375 px: on a real tender with many documents, awards and contracts,
// the contract with the most items, a plan with a budget breakdown, the buyer with the
// most tenders and the supplier with the most contracts, no table or chart is wider than
// its box and no cell is cut (a box may scroll only if a keyboard reaches it), no text is
// under 12 px (SVG text at the size it is drawn), each row is a card whose lines are
// labelled with their column's heading, an item's description has lines of words, not of
// a few letters, and no row heading breaks inside a word; axe finds no scroll box a
// keyboard cannot reach. The server's HTML does it without JavaScript; at 800 and 1366 px
// the tables are tables, and fit.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { BASE, UPSTREAM, launch, upstream } from './browser.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const RULES = ['scrollable-region-focusable', 'th-has-data-cells', 'td-headers-attr', 'aria-hidden-focus'];

let browser;
let tender;
const pages = {};

/** Every member of a search, page by page (at most `pages` pages). */
async function members(path, pages = 100) {
  const all = [];
  for (let page = 1; page <= pages; page++) {
    const answer = await upstream(`${path}${path.includes('?') ? '&' : '?'}perPage=100&page=${page}`);
    all.push(...answer['hydra:member']);
    if (page >= (answer['hydra:view']?.lastPage ?? page)) break;
  }
  return all;
}

before(async () => {
  browser = await launch();
  // The tenders with the most contracts in the contract register; of them the one with the
  // most documents, awards and contracts together: the longest tables a tender page has.
  const contracts = await members('/api/contracts?sortOrder=dateCreated.desc');
  const perTender = new Map();
  for (const c of contracts) if (c.tenderID) perTender.set(c.tenderID, (perTender.get(c.tenderID) ?? 0) + 1);
  let best = -1;
  for (const [id, count] of [...perTender].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    const response = await fetch(`${UPSTREAM}/api/tenders/${encodeURIComponent(id)}`);
    if (response.status !== 200) continue;
    const t = await response.json();
    const score = Math.min(count, t.awards?.length ?? 0, (t.documents?.length ?? 0) / 3);
    if (score > best) [best, tender] = [score, { ...t, contracts: count }];
  }
  assert.ok(tender.documents.length >= 8 && tender.awards.length >= 3 && tender.contracts >= 3, `a tender with many documents, awards and contracts: ${tender.tenderID}`);
  pages.tender = `/tenders/${tender.tenderID}`;
  // The contract with the most items (a unit price column beside them); with the
  // API-documentation records, the one with milestones and documents as well.
  const byItems = [...contracts].sort((a, b) => (b.numberOfItems ?? 0) - (a.numberOfItems ?? 0));
  pages.contract = `/contracts/${byItems[0].contractID}`;
  const milestoned = contracts.filter((c) => c.numberOfMilestones > 0).sort((a, b) => (b.numberOfDocuments ?? 0) - (a.numberOfDocuments ?? 0))[0];
  if (milestoned) pages.milestones = `/contracts/${milestoned.contractID}`;
  // A plan with a budget breakdown, the one with the most items.
  const plans = (await members('/api/plans?sortOrder=dateCreated.desc', 20)).filter((p) => p.budget?.breakdown?.length);
  plans.sort((a, b) => (b.items?.length ?? 0) - (a.items?.length ?? 0));
  if (plans.length) pages.plan = `/plans/${plans[0].planID}`;
  const buyers = await upstream('/api/aggregate/tenders?by=buyer&limit=1');
  pages.buyer = `/buyers/${buyers.groups[0].key}`;
  const suppliers = await upstream('/api/aggregate/contracts?by=supplier&limit=1');
  pages.supplier = `/suppliers/${suppliers.groups[0].key}`;
});
after(() => browser?.close());

async function visit(page, path) {
  const response = await page.goto(BASE + path, { waitUntil: 'load' });
  assert.equal(response.status(), 200, path);
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 10000 });
}

/**
 * What is wrong with the page's tables and charts at this width: a box wider than it
 * shows (unless it is a scroll box a keyboard reaches: focusable, a named region), a cell
 * whose content is cut, text under 12 px. `narrow`: each row must be a card whose cells
 * are labelled with their column's heading; else each table a table with its headings.
 */
function inspect(narrow) {
  const problems = [];
  const name = (el) => `${el.closest('section[id]')?.id ?? '?'} ${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
  const reachable = (box) => box.tabIndex >= 0 && box.getAttribute('role') === 'region' && (box.getAttribute('aria-label') || box.getAttribute('aria-labelledby'));
  const main = document.querySelector('main') ?? document.body;
  const viewport = document.documentElement.clientWidth;
  const tables = [...main.querySelectorAll('table')];
  const charts = [...main.querySelectorAll('.org-chart, svg.org-chart')];
  for (const el of [...tables, ...charts]) {
    const box = el.tagName === 'TABLE' ? el.parentElement : el;
    const rect = box.getBoundingClientRect();
    if (rect.right > viewport + 1) problems.push(`${name(el)}: its box ends at ${Math.round(rect.right)} px, past the page's ${viewport}`);
    if (box.scrollWidth > box.clientWidth + 1 && !reachable(box)) problems.push(`${name(el)}: ${box.scrollWidth} px wide in a box of ${box.clientWidth}`);
  }
  // The headings of cards are there for screen readers only (a 1 px clipped box): not cut.
  const hidden = (cell) => (cell.closest('thead')?.getBoundingClientRect().height ?? 2) <= 1;
  for (const cell of tables.flatMap((t) => [...t.querySelectorAll('th, td')])) {
    if (cell.clientWidth > 0 && !hidden(cell) && cell.scrollWidth > cell.clientWidth + 1) problems.push(`${name(cell)} «${cell.textContent.slice(0, 40)}»: cut, ${cell.scrollWidth} px in ${cell.clientWidth}`);
  }
  for (const chart of charts) {
    const edge = chart.getBoundingClientRect().right;
    for (const part of chart.querySelectorAll('*')) {
      const r = part.getBoundingClientRect();
      if (r.width > 0 && r.right > edge + 1) problems.push(`${name(chart)}: «${part.textContent.slice(0, 40)}» runs out of the chart`);
    }
  }
  // Text as drawn: the computed size, times the scale of an SVG drawing it is in.
  const drawn = (el) => parseFloat(getComputedStyle(el).fontSize) * (el instanceof SVGElement && el.getScreenCTM ? Math.abs(el.getScreenCTM()?.a ?? 1) : 1);
  for (const root of [...tables, ...charts]) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode()); ) {
      const el = node.parentElement;
      if (!node.data.trim() || !el.getClientRects().length) continue;
      const size = drawn(el);
      if (size < 11.95) problems.push(`${name(root)}: «${node.data.trim().slice(0, 30)}» at ${size.toFixed(1)} px`);
    }
  }
  // A table's box decides (a container query): under 48rem cards, from 48rem a table.
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  for (const table of tables.filter((t) => t.closest('.table-fit'))) {
    const heads = [...(table.tHead?.rows[0]?.cells ?? [])].map((c) => c.textContent.trim());
    const cards = table.parentElement.clientWidth < 48 * rem;
    // On a phone every box is narrow; on a desktop a table in a narrower part of the page
    // (a contract change's documents) is cards too.
    if (narrow && !cards) problems.push(`${name(table)}: a box of ${table.parentElement.clientWidth} px on a phone`);
    if (cards) {
      if (getComputedStyle(table).display === 'table') problems.push(`${name(table)}: a table, not cards`);
      for (const row of table.querySelectorAll('tbody tr, tfoot tr')) {
        for (const cell of row.cells) {
          if (cell.tagName !== 'TD' || getComputedStyle(cell).display === 'none') continue;
          const label = getComputedStyle(cell, '::before').content;
          if (label !== JSON.stringify(`${heads[cell.cellIndex]}: `)) problems.push(`${name(table)}: a cell of «${heads[cell.cellIndex]}» is labelled ${label}`);
          if (!cell.textContent.trim()) problems.push(`${name(table)}: an empty cell of «${heads[cell.cellIndex]}» shows`);
        }
      }
    } else {
      if (getComputedStyle(table).display !== 'table') problems.push(`${name(table)}: not a table at a desktop's width`);
      if ((table.tHead?.getBoundingClientRect().height ?? 0) < 10) problems.push(`${name(table)}: its headings do not show`);
    }
  }
  return problems;
}

/**
 * The characters of `el` as laid out: for each text node, each character's line (the top
 * of its box; a collapsed space gets its neighbour's). `lines` is the text line by line.
 */
function layoutOf(el) {
  const nodes = [];
  const tops = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const lineOf = (top, height) => {
    let i = tops.findIndex((t) => Math.abs(t - top) < height / 2);
    if (i < 0) i = tops.push(top) - 1;
    return i;
  };
  for (let node; (node = walker.nextNode()); ) {
    if (!node.parentElement.getClientRects().length || node.parentElement.closest('.visually-hidden')) continue;
    const chars = [];
    for (let i = 0; i < node.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const r = range.getClientRects()[0];
      chars.push({ c: node.data[i], line: r && r.width > 0 ? lineOf(r.top, r.height) : null });
    }
    nodes.push(chars);
  }
  const order = tops.map((t, i) => [t, i]).sort((a, b) => a[0] - b[0]).map(([, i]) => i);
  const lines = order.map((line) => nodes.flat().filter((ch) => ch.line === line).map((ch) => ch.c).join(''));
  return { nodes, lines };
}

/** Row headings of the page's tables broken inside a word of at most 20 letters; items' descriptions with lines of under 10 letters. */
function wording() {
  const problems = [];
  const letter = /[\p{L}\p{N}]/u;
  const letters = (s) => (s.match(/[\p{L}\p{N}]/gu) ?? []).length;
  for (const th of document.querySelectorAll('main tbody th')) {
    const { nodes, lines } = layoutOf(th);
    for (const chars of nodes) {
      for (let i = 1; i < chars.length; i++) {
        const [a, b] = [chars[i - 1], chars[i]];
        if (!letter.test(a.c) || !letter.test(b.c) || a.line === null || b.line === null || a.line === b.line) continue;
        let [from, to] = [i - 1, i];
        while (from > 0 && letter.test(chars[from - 1].c)) from--;
        while (to < chars.length - 1 && letter.test(chars[to + 1].c)) to++;
        const word = chars.slice(from, to + 1).map((ch) => ch.c).join('');
        if (word.length <= 20) problems.push(`${th.closest('section[id]')?.id}: «${word}» broken inside the word`);
      }
    }
    if (th.closest('section#items')) {
      const short = lines.slice(0, -1).filter((l) => letters(l) < 10);
      if (short.length) problems.push(`items: «${th.textContent.slice(0, 50)}» has lines of ${short.map((l) => `«${l.trim()}»`).join(', ')}`);
    }
  }
  return problems;
}

/** axe's violations of the rules about tables and scroll boxes on the page as it is. */
async function axe(page, label) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate((rules) => window.axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] }), RULES);
  return found.violations.flatMap((v) => v.nodes.map((n) => `${label}: ${v.id} ${JSON.stringify(n.target)}`));
}

for (const width of [320, 375]) {
  test(`at ${width} px every table of a record page is cards that fit, every chart fits, no text under 12 px`, async () => {
    const context = await browser.newContext({ viewport: { width, height: 812 }, bypassCSP: true });
    const page = await context.newPage();
    const found = [];
    for (const [kind, path] of Object.entries(pages)) {
      await visit(page, path);
      const label = `${kind} ${path} at ${width} px`;
      found.push(...(await page.evaluate(inspect, true)).map((p) => `${label}: ${p}`));
      found.push(...(await page.evaluate(`(() => { const layoutOf = ${layoutOf}; return (${wording})(); })()`)).map((p) => `${label}: ${p}`));
      found.push(...(await axe(page, label)));
      if (kind === 'tender') {
        // The tender's long tables are there, each row a card as wide as the box.
        for (const id of ['documents', 'items', 'awards', 'contracts']) {
          const [boxWidth, cardWidths] = await page.$eval(`section#${id} table`, (table) => [table.parentElement.clientWidth, [...table.querySelectorAll('tbody tr')].map((tr) => tr.getBoundingClientRect().width)]);
          assert.ok(cardWidths.length > 0, `${id}: rows`);
          for (const w of cardWidths) if (Math.abs(w - boxWidth) > 1) found.push(`${label}: ${id}: a row ${Math.round(w)} px wide in a box of ${boxWidth}`);
        }
      }
    }
    await context.close();
    assert.deepEqual(found, [], found.join('\n'));
  });
}

test('without JavaScript the server’s HTML shows the same cards and charts at 375 px', async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
  const page = await context.newPage();
  const found = [];
  for (const path of [pages.tender, pages.buyer]) {
    await page.goto(BASE + path, { waitUntil: 'load' });
    found.push(...(await page.evaluate(inspect, true)).map((p) => `${path}: ${p}`));
  }
  await context.close();
  assert.deepEqual(found, [], found.join('\n'));
});

// 800 px: the narrowest box (48rem) where the tables are tables, the buyer's seven columns too.
for (const width of [800, 1366]) {
  test(`at ${width} px the tables are tables with their headings, and fit`, async () => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const found = [];
    for (const [kind, path] of Object.entries(pages)) {
      await visit(page, path);
      const label = `${kind} ${path} at ${width} px`;
      found.push(...(await page.evaluate(inspect, false)).map((p) => `${label}: ${p}`));
      found.push(...(await axe(page, label)));
    }
    // A chart's label is beside its bar, not above it.
    await visit(page, pages.buyer);
    const [label, track] = await page.$$eval('#years .org-chart > .org-chart-row:first-child > *', (els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().toJSON()));
    assert.ok(track.left >= label.right && track.top < label.bottom, 'the label beside its bar');
    await context.close();
    assert.deepEqual(found, [], found.join('\n'));
  });
}
