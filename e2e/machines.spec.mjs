// What the portal serves to machines, read by real parsers: the sitemaps (an XML parser,
// the protocol's structure and limits, a sample of every sitemap's URLs fetched),
// robots.txt (a robots.txt parser with Google's matching), the Atom feed of a filtered
// search (a feed parser, against the upstream's own first 50 results), and the CSV and
// OCDS exports (a CSV parser against the API's rows; the OCDS 1.1.5 release-package
// schema, vendored in e2e/vendor/ocds-1.1.5, for tenders of every method type, plans and
// contracts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import robotsParser from 'robots-parser';
import Parser from 'rss-parser';
import { parse as parseCsv } from 'csv-parse/sync';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';

const BASE = process.env.BASE_URL;
const UPSTREAM = process.env.UPSTREAM_URL;
// Sitemaps and feeds name the configured public origin; the spec's portal listens elsewhere.
const PUBLIC_ORIGIN = 'http://127.0.0.1:8080';
const local = (url) => (url.startsWith(PUBLIC_ORIGIN) ? BASE + url.slice(PUBLIC_ORIGIN.length) : url);

const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['sitemap', 'url', 'xhtml:link'].includes(name) });
const asArray = (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * `fetch`, sent once more on a closed kept-alive connection. Validating a whole export
 * blocks this process's event loop for seconds; past the server's idle or head timer the
 * connection is closed meanwhile, and fetch, seeing the close only when the loop runs
 * again, sends into it ("other side closed"). A GET is safe to send again, on a new
 * connection, as browsers do.
 */
async function fetchGet(url, init) {
  try {
    return await fetch(url, init);
  } catch (e) {
    if (e?.cause?.code !== 'UND_ERR_SOCKET') throw e;
    return fetch(url, init);
  }
}

async function get(path, headers = {}) {
  const response = await fetchGet(local(path.startsWith('http') ? path : BASE + path), { headers, redirect: 'manual' });
  return { response, text: await response.text() };
}

async function api(path) {
  const response = await fetchGet(UPSTREAM + path);
  assert.equal(response.status, 200, path);
  return response.json();
}

/** Every member of an upstream search, page by page (100 a page). */
async function allMembers(path) {
  const out = [];
  for (let page = 1; ; page++) {
    const found = await api(`${path}${path.includes('?') ? '&' : '?'}page=${page}&perPage=100`);
    out.push(...found['hydra:member']);
    if (page >= found['hydra:view'].lastPage) return { members: out, total: found['hydra:totalItems'] };
  }
}

test('the sitemap index and every sitemap follow the protocol, and their URLs answer 200', async () => {
  const { response, text } = await get('/sitemap.xml');
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^application\/xml/);
  assert.equal(XMLValidator.validate(text), true);
  const index = xmlParser.parse(text).sitemapindex;
  assert.equal(index['@xmlns'], 'http://www.sitemaps.org/schemas/sitemap/0.9');
  const sitemaps = index.sitemap;
  assert.ok(sitemaps.length >= 5 && sitemaps.length <= 50_000, `${sitemaps.length} sitemaps`);
  const names = sitemaps.map((s) => new URL(s.loc).pathname);
  for (const kind of ['tenders', 'plans', 'contracts', 'market-products', 'market-categories', 'market-profiles', 'market-classifications']) {
    assert.ok(names.some((n) => n.startsWith(`/sitemaps/${kind}`)), `a ${kind} sitemap is listed`);
  }
  // The listing's counts: every public tender's month is there.
  const summary = await api('/api/listing');
  const months = summary.tenders.map((m) => m.month);
  assert.ok(months.length > 0);
  for (const month of months) assert.ok(names.includes(`/sitemaps/tenders-${month}.xml`), month);

  let checked = 0;
  const seen = new Set();
  for (const entry of sitemaps) {
    assert.ok(entry.loc.startsWith(`${PUBLIC_ORIGIN}/sitemaps/`), entry.loc);
    if (entry.lastmod !== undefined) assert.match(entry.lastmod, W3C_DATETIME);
    const { response: r, text: body } = await get(entry.loc);
    assert.equal(r.status, 200, entry.loc);
    assert.ok(Buffer.byteLength(body) <= 50 * 1024 * 1024, `${entry.loc} within 50 MB`);
    assert.equal(XMLValidator.validate(body), true, entry.loc);
    const set = xmlParser.parse(body).urlset;
    assert.equal(set['@xmlns'], 'http://www.sitemaps.org/schemas/sitemap/0.9');
    assert.equal(set['@xmlns:xhtml'], 'http://www.w3.org/1999/xhtml');
    const urls = set.url;
    assert.ok(urls.length > 0 && urls.length <= 50_000, `${entry.loc}: ${urls.length} URLs`);
    for (const url of urls) {
      assert.ok(!seen.has(url.loc), `${url.loc} listed once`);
      seen.add(url.loc);
      assert.ok(url.loc.startsWith(`${PUBLIC_ORIGIN}/`), url.loc);
      // Percent-encoded: nothing a URL may not hold raw.
      assert.doesNotMatch(url.loc, /[^A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]/, url.loc);
      if (url.lastmod !== undefined) assert.match(url.lastmod, W3C_DATETIME);
      const links = Object.fromEntries(url['xhtml:link'].map((l) => [l['@hreflang'], l['@href']]));
      assert.deepEqual(Object.keys(links).sort(), ['en', 'uk', 'x-default']);
      assert.ok(links.uk === url.loc || links.en === url.loc, `${url.loc} is one of its alternates`);
      assert.equal(new URL(links.en).pathname, new URL(links.uk).pathname === '/' ? '/en' : `/en${new URL(links.uk).pathname}`);
    }
    // A sample of each sitemap's pages: first, last and a few between.
    const step = Math.max(1, Math.floor(urls.length / 4));
    for (let i = 0; i < urls.length; i += step) {
      for (const loc of new Set([urls[i].loc, urls[urls.length - 1].loc])) {
        const page = await fetchGet(local(loc), { redirect: 'manual' });
        await page.arrayBuffer();
        assert.equal(page.status, 200, `${loc} (in ${entry.loc})`);
        checked++;
      }
    }
  }
  assert.ok(checked > 40, `${checked} URLs fetched`);
});

test('sitemaps answer conditional requests with 304', async () => {
  for (const path of ['/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/market-products.xml']) {
    const { response } = await get(path);
    const etag = response.headers.get('etag');
    const modified = response.headers.get('last-modified');
    assert.ok(etag, `${path} has an ETag`);
    assert.match(response.headers.get('cache-control'), /max-age=\d+/);
    assert.equal((await get(path, { 'if-none-match': etag })).response.status, 304, path);
    assert.equal((await get(path, { 'if-none-match': '"other"' })).response.status, 200, path);
    if (modified) assert.equal((await get(path, { 'if-modified-since': modified })).response.status, 304, path);
  }
  const month = (await api('/api/listing')).tenders[0].month;
  const path = `/sitemaps/tenders-${month}.xml`;
  const etag = (await get(path)).response.headers.get('etag');
  assert.equal((await get(path, { 'if-none-match': etag })).response.status, 304);
  // Names that are no sitemap.
  for (const bad of ['/sitemaps/tenders.xml', '/sitemaps/tenders-2026-13.xml', '/sitemaps/tenders-1999-01.xml', '/sitemaps/market-products-1.xml', '/sitemaps/nothing.xml', '/en/sitemap.xml']) {
    assert.equal((await get(bad)).response.status, 404, bad);
  }
});

test('robots.txt keeps crawlers out of private and endless pages and names the sitemap', async () => {
  const { response, text } = await get('/robots.txt');
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^text\/plain/);
  const robots = robotsParser(`${PUBLIC_ORIGIN}/robots.txt`, text);
  assert.deepEqual(robots.getSitemaps(), [`${PUBLIC_ORIGIN}/sitemap.xml`]);
  const ua = 'Googlebot';
  const tender = (await api('/api/tenders?perPage=1'))['hydra:member'][0].tenderID;
  const plan = (await api('/api/plans?perPage=1'))['hydra:member'][0].planID;
  const contract = (await api('/api/contracts?perPage=1'))['hydra:member'][0].contractID;
  const product = (await api('/api/products?perPage=1'))['hydra:member'][0].id;
  const category = (await api('/api/categories?perPage=1'))['hydra:member'][0].id;
  const allowed = [
    '/', '/en', '/tenders', '/plans', '/contracts', '/en/tenders', '/market', '/market/categories', '/market/products',
    `/tenders/${tender}`, `/en/tenders/${tender}`, `/plans/${plan}`, `/contracts/${contract}`, `/market/products/${product}`,
    `/market/category/${category}`, '/market/30190000-7', '/info/tariffs', '/sitemap.xml', '/sitemaps/pages.xml', '/tenders.atom',
  ];
  const disallowed = [
    '/__data?url=%2Ftenders', '/login', '/en/login', '/login/2fa', '/registration', '/en/registration', '/logout', '/icabinet',
    '/icabinet/profile', '/en/icabinet', '/market/cart', '/en/market/cart', '/js/sign', '/tenders?status%5B0%5D=complete',
    '/tenders?page=2', '/en/plans?keyword=x', `/market/category/${category}?page=2`, '/tenders.csv', '/tenders.csv?status%5B0%5D=complete',
    '/plans.ocds.json', `/tenders/${tender}.ocds.json`, `/tenders/${tender}.ics`,
  ];
  for (const path of allowed) assert.equal(robots.isAllowed(PUBLIC_ORIGIN + path, ua), true, `${path} crawlable`);
  for (const path of disallowed) assert.equal(robots.isAllowed(PUBLIC_ORIGIN + path, ua), false, `${path} not crawlable`);
});

/** A filter with enough results (more than a feed's 50) from the upstream's facets. */
async function busyStatus(register) {
  const facets = (await api(`/api/${register}?perPage=1`)).facets.status;
  return Object.entries(facets).sort((a, b) => b[1] - a[1])[0][0];
}

test('the Atom feed of a filtered search parses and lists exactly the first 50 results', async () => {
  const feeds = new Parser();
  for (const [register, key, language] of [['tenders', 'tenderID', 'uk'], ['plans', 'planID', 'en'], ['contracts', 'contractID', 'uk']]) {
    const status = await busyStatus(register);
    const query = `status%5B0%5D=${encodeURIComponent(status)}`;
    const prefix = language === 'en' ? '/en' : '';
    const page = await get(`${prefix}/${register}?${query}`);
    assert.equal(page.response.status, 200);
    // The page names its feed in its head and links it visibly.
    const head = page.text.slice(0, page.text.indexOf('</head>'));
    const alternate = /<link rel="alternate" type="application\/atom\+xml"[^>]*href="([^"]+)"/.exec(head);
    assert.ok(alternate, `${register}: the head names the feed`);
    const feedPath = `${prefix}/${register}.atom?${query}`;
    assert.equal(alternate[1].replaceAll('&amp;', '&'), PUBLIC_ORIGIN + feedPath);
    assert.ok(page.text.includes(`href="${feedPath.replaceAll('&', '&amp;')}"`), `${register}: a visible subscribe link`);

    const { response, text } = await get(feedPath);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type'), /^application\/atom\+xml/);
    const feed = await feeds.parseString(text);
    const expected = (await api(`/api/${register}?status[0]=${encodeURIComponent(status)}&perPage=50`))['hydra:member'];
    assert.equal(expected.length, 50);
    assert.equal(feed.items.length, 50, `${register}: 50 entries`);
    assert.deepEqual(
      feed.items.map((item) => decodeURIComponent(new URL(item.link).pathname.split('/').pop())),
      expected.map((m) => m[key] ?? m.id),
      `${register}: the search's first 50, in its order`,
    );
    for (const [i, item] of feed.items.entries()) {
      assert.ok(item.title, 'a title');
      assert.ok(item.id.startsWith('urn:uuid:') || item.id.startsWith('tag:'), item.id);
      assert.equal(item.id.replaceAll('-', '').replace('urn:uuid:', ''), expected[i].id.toLowerCase(), 'the id is the record\'s');
      assert.equal(new Date(item.isoDate ?? item.pubDate).getTime() > 0, true);
      assert.ok(item.summary?.length > 0 || item.contentSnippet?.length > 0, 'a summary');
    }
    assert.ok(new URL(feed.link).pathname.endsWith(`/${register}`), feed.link);
    // Stable: the same entries and validator on a second read.
    const again = await get(feedPath, { 'if-none-match': response.headers.get('etag') });
    assert.equal(again.response.status, 304);
  }
  // A tender feed summary names buyer, value, status and deadline.
  const { text } = await get('/tenders.atom?status%5B0%5D=active.tendering');
  const feed = await new Parser().parseString(text);
  if (feed.items.length) assert.match(text, /Замовник: .+\n.*Очікувана вартість: .+\n.*Статус: .+/);
});

test('the CSV export of a filtered search has exactly the rows of its result', async () => {
  const region = 'Львівська область';
  const method = 'aboveThreshold';
  const query = `procurementMethodType%5B0%5D=${method}&region%5B0%5D=${encodeURIComponent(region)}`;
  const { response, text } = await get(`/tenders.csv?${query}`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^text\/csv; charset=utf-8/);
  const disposition = response.headers.get('content-disposition');
  assert.match(disposition, /^attachment; filename="tenders_procurementMethodType-aboveThreshold_region-[^"]*_\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''/);
  assert.ok(decodeURIComponent(disposition.split("UTF-8''")[1]).includes('Львівська-область'), disposition);
  const bytes = Buffer.from(await (await fetchGet(`${BASE}/tenders.csv?${query}`)).arrayBuffer());
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a UTF-8 byte-order mark');
  assert.ok(new TextDecoder('utf-8', { fatal: true }).decode(bytes).includes('Львів'), 'UTF-8 Cyrillic');
  const rows = parseCsv(text.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true });
  const { members, total } = await allMembers(`/api/tenders?procurementMethodType[0]=${method}&region[0]=${encodeURIComponent(region)}`);
  assert.ok(total > 100, `${total} results`);
  assert.equal(rows.length, total);
  const idColumn = Object.keys(rows[0]).find((c) => rows.every((r) => /^[0-9a-f]{32}$/.test(r[c])));
  assert.ok(idColumn, 'a column of 32-hex ids');
  assert.deepEqual(rows.map((r) => r[idColumn]), members.map((m) => m.id));
  const linkColumn = Object.keys(rows[0]).find((c) => rows.every((r) => r[c].startsWith(`${PUBLIC_ORIGIN}/tenders/`)));
  assert.ok(linkColumn, 'a column of links to the tenders\' pages');
  // Plans and contracts too, in English.
  for (const register of ['plans', 'contracts']) {
    const status = await busyStatus(register);
    const csv = await get(`/en/${register}.csv?status%5B0%5D=${encodeURIComponent(status)}`);
    assert.equal(csv.response.status, 200);
    const found = await api(`/api/${register}?status[0]=${encodeURIComponent(status)}&perPage=1`);
    const parsed = parseCsv(csv.text.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true });
    assert.equal(parsed.length, Math.min(found['hydra:totalItems'], 10_000), register);
  }
});

const schemaDir = new URL('./vendor/ocds-1.1.5/', import.meta.url);
const releaseSchema = JSON.parse(readFileSync(new URL('release-schema.json', schemaDir), 'utf8'));
const packageSchema = JSON.parse(readFileSync(new URL('release-package-schema.json', schemaDir), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema(releaseSchema, releaseSchema.id);
const validatePackage = ajv.compile(packageSchema);
const valid = (doc, what) => assert.ok(validatePackage(doc), `${what}: ${ajv.errorsText(validatePackage.errors?.slice(0, 5))}`);

test('OCDS exports validate against the release-package schema for every method type, plans and contracts', async () => {
  // The whole register (under the 10,000 window here): every method type of the data.
  const found = await api('/api/tenders?perPage=1');
  assert.ok(found['hydra:totalItems'] <= 10_000);
  const methods = Object.keys(found.facets.procurementMethodType).sort();
  assert.ok(methods.length >= 10, methods.join());
  const { response, text } = await get('/tenders.ocds.json');
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^application\/json/);
  assert.match(response.headers.get('content-disposition'), /\.ocds\.json"/);
  const doc = JSON.parse(text);
  valid(doc, 'tenders');
  assert.equal(doc.releases.length, found['hydra:totalItems']);
  assert.deepEqual([...new Set(doc.releases.map((r) => r.tender?.procurementMethodDetails))].sort(), methods, 'every method type');
  assert.ok(doc.releases.every((r) => r.ocid.startsWith('ocds-be6bcu-')));
  // A filtered export holds that search's records, in its order.
  const query = 'procurementMethodType%5B0%5D=priceQuotation&sortOrder=valueAmount.desc';
  const filtered = JSON.parse((await get(`/en/tenders.ocds.json?${query}`)).text);
  valid(filtered, 'filtered');
  const { members } = await allMembers('/api/tenders?procurementMethodType[0]=priceQuotation&sortOrder=valueAmount.desc');
  assert.deepEqual(filtered.releases.map((r) => r.tender.id), members.map((m) => m.id));
  for (const register of ['plans', 'contracts']) {
    const { response: r, text: body } = await get(`/${register}.ocds.json`);
    assert.equal(r.status, 200, register);
    const package_ = JSON.parse(body);
    valid(package_, register);
    assert.equal(package_.releases.length, Math.min((await api(`/api/${register}?perPage=1`))['hydra:totalItems'], 10_000), register);
  }
  // An empty result has no package (one needs a release).
  assert.equal((await get('/tenders.ocds.json?keyword=zzzzzzzzzzzzqqqq')).response.status, 404);
});

test('a tender page names its OCDS release package, which validates', async () => {
  const tenders = (await api('/api/tenders?perPage=3'))['hydra:member'];
  for (const t of tenders) {
    const page = await get(`/tenders/${t.tenderID}`);
    const link = /<link rel="alternate" type="application\/json"[^>]*href="([^"]+)"/.exec(page.text);
    assert.ok(link, `${t.tenderID}: the head names its OCDS`);
    const { response, text } = await get(link[1].replaceAll('&amp;', '&'));
    assert.equal(response.status, 200, link[1]);
    const doc = JSON.parse(text);
    valid(doc, t.tenderID);
    assert.equal(doc.releases.length, 1);
    assert.equal(doc.releases[0].ocid, `ocds-be6bcu-${t.tenderID}`);
  }
  assert.equal((await get('/tenders/UA-2000-01-01-000000-a.ocds.json')).response.status, 404);
});

test('a record page answers a revisit with its validator with 304', async () => {
  const t = (await api('/api/tenders?perPage=1'))['hydra:member'][0];
  for (const path of [`/tenders/${t.tenderID}`, `/en/tenders/${t.tenderID}`]) {
    const first = await get(path);
    const etag = first.response.headers.get('etag');
    const modified = first.response.headers.get('last-modified');
    assert.ok(etag, `${path}: an ETag`);
    assert.equal(new Date(modified).getTime(), Math.floor(new Date(t.dateModified).getTime() / 1000) * 1000, 'Last-Modified is the record\'s dateModified');
    const again = await get(path, { 'if-none-match': etag });
    assert.equal(again.response.status, 304);
    assert.equal(again.text, '');
    // The date alone is weaker than the tag (the release, the cookie notice, the other
    // answers): a page answers it in full (issue 42, item 4).
    assert.equal((await get(path, { 'if-modified-since': modified })).response.status, 200);
    assert.equal((await get(path, { 'if-none-match': '"stale"' })).response.status, 200);
  }
});
