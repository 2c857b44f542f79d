/**
 * Generated page URLs for the fuzzing of issue 19: every route family of the table in
 * `routes/index.tsx`, with valid, hostile and random path segments and query strings.
 * A URL is built as the server hands it to the bundle (path and query, the language
 * prefix included), and sometimes as no browser would send it: raw Unicode and control
 * characters, `%` escapes that decode to nothing, dot segments, doubled slashes.
 */
import fc from 'fast-check';
import { CONTRACT_STATUSES, DATE_RANGES, METHOD_TYPES, PER_PAGE, PLAN_STATUSES, SORT_ORDERS, TENDER_STATUSES } from '../lib/filters';

const pick = <T,>(values: readonly T[]) => fc.constantFrom(...values);

/** Real-looking ids of every kind the routes take, and near misses. */
const hex32 = fc.stringMatching(/^[0-9a-f]{32}$/);
const tenderId = fc.stringMatching(/^UA-20\d\d-\d\d-\d\d-\d{6}-[a-c](\.2)?$/);
const planId = fc.stringMatching(/^UA-P-20\d\d-\d\d-\d\d-\d{6}-[a-c]$/);
const contractId = fc.stringMatching(/^UA-20\d\d-\d\d-\d\d-\d{6}-[a-c]-[a-c]\d$/);
const cpv = fc.stringMatching(/^\d{8}(-\d)?$/);
const catalogueId = fc.stringMatching(/^[\w.-]{1,24}$/);

/** `%XX` escapes, valid or not, of ASCII, of UTF-8 bytes and of nothing at all. */
const escape = fc.oneof(
  fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`),
  pick(['%', '%%', '%G1', '%2', '%E0%A4%A', '%C0%AF', '%EF%BF%BF', '%F0%9F%98%80', '%ED%A0%80', '%00', '%2F', '%2e%2e', '%5B', '%5D']),
);

/** Text a person, a crawler or an attacker may type into a URL. */
const hostile = fc.oneof(
  { weight: 8, arbitrary: pick([
    '', ' ', '  x  ', '.', '..', '...', '/', '//', '\\', '//evil.example', 'http://evil.example', 'javascript:alert(1)',
    '</script><script>alert(1)</script>', '"\'><', '&', '=', '?', '#', '+', '%', '[]', '[0]', ']', '[', '{/x}', '{}',
    '\u0000', '\n', '\r\n', '\t', '\u2028', 'NaN', 'Infinity', '-0', '1e309', '0x10', '9'.repeat(400),
    'ремонт доріг', 'М\'ясо «Сир»', 'ünïcödé', '😀', 'a\u0301', 'UA-2026-10-08-011748-a', 'null', 'undefined', '__proto__', 'constructor',
  ]) },
  { weight: 6, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
  { weight: 6, arbitrary: fc.array(fc.oneof(escape, fc.string({ unit: 'binary-ascii', maxLength: 3 })), { maxLength: 6 }).map((parts) => parts.join('')) },
  // Around the lengths the codecs bound (32, 64, 100, 200 characters), in one- and
  // two-unit characters, and now and then past the 8 KB a request target may have (the server's 414).
  { weight: 6, arbitrary: fc.tuple(
    pick(['', 'a', ' ']), pick(['a', 'я', '😀', ' ', '%F0%9F%98%80']),
    fc.oneof(fc.integer({ min: 0, max: 210 }), pick([15, 16, 31, 32, 33, 49, 50, 63, 64, 65, 99, 100, 101, 199, 200, 201])),
    pick(['', 'b', 'я', '😀', ' ', '😀😀']),
  ).map(([head, unit, n, tail]) => head + unit.repeat(n) + tail) },
  { weight: 1, arbitrary: fc.tuple(pick(['a', '%41', 'я', '0']), fc.integer({ min: 100, max: 9000 })).map(([s, n]) => s.repeat(n)) },
);

/** A path segment: an id of some kind, or anything. */
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.oneof(tenderId, planId, contractId, hex32, cpv, catalogueId) },
  { weight: 2, arbitrary: hostile },
  { weight: 1, arbitrary: hostile.map(encodeURIComponent) },
);

const dateValue = fc.oneof(
  fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  pick(['2026-02-30', '2026-13-01', '0000-00-00', '9999-12-31', '2026-1-1', '2026-10-08T10:00:00+03:00', '08.10.2026']),
);

const numberValue = fc.oneof(
  fc.integer({ min: -10, max: 1e9 }).map(String),
  fc.double({ noNaN: false }).map(String),
  pick(['1 000,50', '1\u00a0000', '0', '-1', '1e5', '1.', '.5', '00012', '12345678901234567890', '1,2,3', '0.0000001', '1e-7']),
  fc.tuple(fc.integer({ min: 1, max: 320 }), fc.boolean()).map(([n, fraction]) => (fraction ? `0.${'0'.repeat(n)}1` : `1${'0'.repeat(n)}`)),
);

/** Values that may be right for some parameter. */
const plausible = fc.oneof(
  pick(TENDER_STATUSES), pick(PLAN_STATUSES), pick(CONTRACT_STATUSES), pick(METHOD_TYPES), pick(SORT_ORDERS),
  pick(['popularity.desc', 'dateModified.desc', 'title.asc', 'value.asc', 'value.desc', 'goods', 'works', 'services']),
  pick(['prepayment', 'postpayment', 'true', 'false', '1', '0', 'buyer', 'seller', 'cpe', 'UA', 'ua', 'GB']),
  pick(PER_PAGE).map(String), fc.integer({ min: 1, max: 1200 }).map(String), cpv, tenderId, hex32, catalogueId, dateValue, numberValue,
);

const value = fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: hostile });

/** Every parameter name a page reads, and a few it does not. */
const NAMES = [
  'keyword', 'status', 'procurementMethodType', 'classification', 'road', 'gmdn', 'inn', 'ccce_ua', 'organizer', 'supplier',
  'fundManager', 'funder', 'region', 'tags', 'typeSubjectProcurement', 'paymentType', 'planYear', 'tender_id',
  'valueAmount', 'valueBudget', 'valueSum', ...DATE_RANGES, 'hasActiveMonitoring', 'testMode', 'sortOrder', 'perPage', 'page',
  'open', 'userGroup', 'countryId', 'incorporationCountryId', 'market_classification', 'relatedCategoryId', 'relatedProfileIds',
  'searchId', 'lang', 'v', 'utm_source',
] as const;

const index = fc.oneof(fc.integer({ min: 0, max: 40 }).map(String), pick(['', '-1', '01', '99999', 'x', '1.5']));

/** A parameter name with what may follow it: `[]`, `[3]`, `[from]`, escaped brackets, junk. */
const key = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(pick(NAMES), fc.oneof(
    fc.constant(''), index.map((i) => `[${i}]`), pick(['[from]', '[to]', '%5B%5D', '%5B0%5D', '[', ']', '[][]', '[from][to]', '[0]x']),
  )).map(([name, suffix]) => name + suffix) },
  { weight: 2, arbitrary: fc.tuple(pick(['text', 'number', 'boolean']), index, pick(['requirement', 'values', 'value', 'minValue', 'maxValue', 'x']), fc.oneof(fc.constant(''), index.map((i) => `[${i}]`)))
    .map(([kind, i, field, j]) => `${kind}Requirements[${i}][${field}]${j}`) },
  { weight: 1, arbitrary: hostile },
);

/** A query string: pairs as a form sends them, with raw or escaped values, or noise. */
export const queryString = fc.oneof(
  { weight: 8, arbitrary: fc.array(fc.tuple(key, value, fc.boolean()), { maxLength: 14 }).map((pairs) =>
    pairs.map(([k, v, encoded]) => `${k}=${encoded ? encodeURIComponent(v) : v}`).join('&')) },
  { weight: 1, arbitrary: hostile },
  { weight: 1, arbitrary: fc.array(fc.oneof(key, pick(['&', '=', '&&', '=='])), { maxLength: 6 }).map((parts) => parts.join('')) },
);

const sub = (...parts: Array<fc.Arbitrary<string> | string>) =>
  fc.tuple(...parts.map((p) => (typeof p === 'string' ? fc.constant(p) : p))).map((xs) => xs.join(''));

/**
 * A path of every family of the route table, and paths no route takes. The searches and
 * the catalogue's lists, whose query strings the codecs read, come up most.
 */
export const pagePath = fc.oneof(
  { weight: 8, arbitrary: pick(['/', '/tenders', '/plans', '/contracts']) },
  { weight: 4, arbitrary: pick(['/market/categories', '/market/profiles', '/market/products']) },
  { weight: 3, arbitrary: sub('/market/', pick(['category/', 'profile/']), fc.oneof(catalogueId, segment)) },
  { weight: 2, arbitrary: pick(['', '/market', '/market/cart', '/market/category', '/market/profile', '/info/tariffs', '/info/contacts', '/info/search-help',
    '/info/red-flags', '/info/regulations', '/icabinet', '/login', '/login/2fa', '/login/forgot', '/registration', '/logout', '/js/sign', '/tenders/', '/TENDERS',
    '/en', '/en/', '/enx']) },
  { weight: 1, arbitrary: sub('/tenders/', fc.oneof(tenderId, hex32, segment)) },
  { weight: 1, arbitrary: sub('/tenders/', fc.oneof(tenderId, hex32, segment), '/', fc.oneof(pick(['awards', 'documents', 'monitorings', 'bids', '']), segment)) },
  { weight: 1, arbitrary: sub('/tenders/', fc.oneof(tenderId, segment), '/monitorings/', fc.oneof(hex32, segment), fc.oneof(fc.constant(''), segment.map((s) => `/${s}`))) },
  { weight: 1, arbitrary: sub('/tenders/external/', fc.oneof(hex32, segment)) },
  { weight: 1, arbitrary: sub('/plans/', fc.oneof(planId, hex32, segment)) },
  { weight: 1, arbitrary: sub('/contracts/', fc.oneof(contractId, hex32, segment)) },
  { weight: 1, arbitrary: sub('/market/', fc.oneof(cpv, segment)) },
  { weight: 1, arbitrary: sub('/market/', pick(['products/', 'prozorro-products/']), fc.oneof(hex32, segment)) },
  { weight: 2, arbitrary: sub('/', segment, fc.oneof(fc.constant(''), segment.map((s) => `/${s}`))) },
);

/**
 * A URL as the server passes it to `resolve`: the language prefix or not, a path, and
 * a query (sometimes an empty `?`); now and then doubled or trailing slashes.
 */
export const pageUrl = fc
  .tuple(fc.boolean(), pagePath, fc.option(queryString, { freq: 4 }), pick(['', '', '', '/', '//']))
  .map(([en, path, query, slash]) => {
    const p = path.startsWith('/') || path === '' ? path : `/${path}`;
    const withSlash = slash === '//' ? p.replace('/', '//') : p + slash;
    const full = (en ? `/en${withSlash === '/' ? '' : withSlash}` : withSlash) || '/';
    return query === null ? full : `${full}?${query}`;
  });
