// Issue 30, item 2: the largest paint comes with the first. On every page type, on a
// first visit (the cookie notice shown), the largest-contentful-paint candidates are
// recorded with a PerformanceObserver; none may appear after the bundle has hydrated the
// page (a candidate then means hydration painted server-rendered content again, or
// revealed content the server's HTML did not have). The CPU runs four times slower, as
// Lighthouse's mobile profile has it. Nor may a list of results or cards render again once
// it has hydrated (issue 46, item 6: a Market list's two dozen cards rendered anew right
// after hydration, a long task of its own): React's commits are watched through the hook
// its developer tools use, which the production build calls too. And the boot script
// adds the page's module preloads and entry one to a task, after the first paint.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, upstream } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

/** Every LCP candidate of a first visit, and when the page had hydrated (ms since navigation). */
async function firstVisit(path) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    window.__lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const el = e.element;
        window.__lcp.push({ at: e.startTime, size: e.size, element: el ? `${el.tagName.toLowerCase()}.${el.className}` : '(gone)', text: (el?.textContent ?? '').slice(0, 60) });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new MutationObserver(() => {
      if (document.documentElement.dataset.hydrated === 'true' && window.__hydrated === undefined) window.__hydrated = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    // Server-rendered elements that hydration takes out of the page (a client render in
    // their place would paint them again): every element removed from the root.
    window.__removed = [];
    new MutationObserver((records) => {
      for (const r of records) {
        for (const node of r.removedNodes) {
          if (node.nodeType === 1 && r.target.closest?.('#root')) window.__removed.push(`${node.tagName.toLowerCase()}.${node.className} in ${r.target.tagName.toLowerCase()}.${r.target.className}`);
        }
      }
    }).observe(document, { childList: true, subtree: true });
    // List items of results and catalogues that a commit after their hydration rendered
    // again: an element's fiber whose props are a new object (its parent rendered it).
    window.__rerendered = [];
    const ITEMS = 'ol#results > li, ul.catalogue > li';
    const walk = (fiber) => {
      for (let f = fiber; f; f = f.sibling) {
        if (typeof f.type === 'string' && f.alternate && f.memoizedProps !== f.alternate.memoizedProps && f.stateNode?.matches?.(ITEMS)) {
          window.__rerendered.push(`${f.stateNode.parentElement.tagName.toLowerCase()}.${f.stateNode.parentElement.className.replace(/ /g, '.')}`);
        }
        walk(f.child);
      }
    };
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      onScheduleFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      onCommitFiberRoot: (_id, root) => walk(root.current.child),
    };
  });
  try {
    const response = await page.goto(BASE + path, { waitUntil: 'load' });
    assert.equal(response.status(), 200, path);
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 20_000 });
    // Paints after hydration: give the page time to make any.
    await page.waitForTimeout(1500);
    const html = await response.text();
    return { ...(await page.evaluate(() => ({ lcp: window.__lcp, hydrated: window.__hydrated, removed: window.__removed, rerendered: window.__rerendered }))), html };
  } finally {
    await context.close();
  }
}

test('no page type paints a largest-contentful-paint candidate after it has hydrated, loses a server-rendered element, or renders its list again', async () => {
  const tender = (await upstream('/api/tenders?perPage=1&status%5B0%5D=complete'))['hydra:member'][0];
  const plan = (await upstream('/api/plans?perPage=1'))['hydra:member'][0];
  const contract = (await upstream('/api/contracts?perPage=1'))['hydra:member'][0];
  const product = (await upstream('/api/products?perPage=1'))['hydra:member'][0];
  const buyer = tender.procuringEntity.identifier.id;
  const paths = [
    '/', '/tenders', `/tenders/${tender.tenderID}`, `/plans/${plan.planID}`, `/contracts/${contract.contractID}`, '/en/contracts',
    '/market', '/market/products', `/market/products/${product.id}`, `/market/category/${product.relatedCategory}`, `/market/profile/${product.relatedProfiles[0]}`,
    '/market/categories', `/buyers/${buyer}`, '/info/tariffs', '/login',
  ];
  const late = [];
  for (const path of paths) {
    const visit = await firstVisit(path);
    assert.ok(visit.hydrated > 0, `${path}: hydrated`);
    assert.ok(visit.lcp.length > 0, `${path}: a largest paint`);
    for (const removed of visit.removed) late.push(`${path}: ${removed} removed`);
    const lists = new Map();
    for (const list of visit.rerendered) lists.set(list, (lists.get(list) ?? 0) + 1);
    for (const [list, n] of lists) late.push(`${path}: ${n} items of ${list} rendered again after hydration`);
    for (const candidate of visit.lcp) {
      if (candidate.at > visit.hydrated) late.push(`${path}: ${candidate.element} «${candidate.text}» at ${Math.round(candidate.at)} ms, hydrated at ${Math.round(visit.hydrated)} ms`);
    }
  }
  assert.deepEqual(late, [], 'largest-contentful-paint candidates after hydration, server-rendered elements removed, list items rendered again');
});

test('the boot script adds what the page loads one element a task, after the first paint, the entry last', async () => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    // A mutation observer's callback runs at the end of each task that changed the head
    // (its microtask checkpoint): one batch of records is one task's insertions.
    window.__batches = [];
    new MutationObserver((records) => {
      const added = records.flatMap((r) => [...r.addedNodes]).filter((n) => n.nodeType === 1 && r0(n));
      if (added.length) window.__batches.push({ at: performance.now(), added: added.map((n) => n.tagName === 'SCRIPT' ? `script ${n.src}` : `${n.rel} ${n.href}`) });
    }).observe(document, { childList: true, subtree: true });
    function r0(n) {
      return (n.tagName === 'LINK' && (n.rel === 'modulepreload' || n.id === '__i18n')) || (n.tagName === 'SCRIPT' && n.type === 'module' && n.src);
    }
  });
  try {
    await page.goto(`${BASE}/plans`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 20_000 });
    const { batches, metas, fcp } = await page.evaluate(() => ({
      batches: window.__batches,
      metas: [...document.querySelectorAll('meta[name^="portal:"]')].map((m) => new URL(m.content, location.href).href),
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
    const added = batches.flatMap((b) => b.added);
    // Everything the metas name, each once, and the entry the last.
    assert.equal(added.length, metas.length, JSON.stringify(added));
    assert.deepEqual(added.map((a) => a.split(' ')[1]).sort(), [...metas].sort());
    assert.match(added.at(-1), /^script .*entry-client-/);
    assert.ok(metas.length > 10, `${metas.length} elements`);
    // One to a task, none before the first paint.
    assert.deepEqual(batches.filter((b) => b.added.length > 1), [], 'tasks that added more than one');
    assert.ok(batches[0].at >= fcp, `first added at ${batches[0].at} ms, first paint at ${fcp} ms`);
  } finally {
    await context.close();
  }
});
