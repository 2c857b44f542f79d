/**
 * The route table of SPEC §2.1. The server asks this bundle (`plan`) which route a
 * URL matches; it keeps no copy of the table.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import TenderList from '../pages/TenderList/TenderList';
import { tenderDescription, tenderJsonLd, tenderTitle } from '../pages/Tender/meta';
import type { Tender as TenderData } from '../pages/Tender/types';
import Stub from '../pages/Stub/Stub';
import type { Monitoring as MonitoringData } from '../pages/Monitoring/types';
import { externalTenderOf } from '../pages/ExternalTender/data';
import { splitPage } from './split';
// Styles of split pages stay in the main stylesheet: no unstyled flash while a chunk loads.
import '../pages/Tender/Tender.css';

const Tender = splitPage('tender', () => import('../pages/Tender/Tender'));
const Monitoring = splitPage('monitoring', () => import('../pages/Monitoring/Monitoring'));
const ExternalTender = splitPage('externalTender', () => import('../pages/ExternalTender/ExternalTender'));
import NotFound from '../pages/NotFound/NotFound';
import type { GuardResult, PageRoute, RouteContext } from './types';
import { parseFilters, searchApiPath, serializeFilters } from '../lib/filters';
import { LABELS_MAX_AGE, labelFetches } from '../lib/classifiers';
import type { FetchSpec } from '../contract';
import { codeLabel } from '../lib/enums';

const filtersOf = (ctx: RouteContext) => parseFilters(ctx.query, { allowTestMode: ctx.input.config.features.testMode });

/** Home and /tenders: the tender search with its state in the URL. */
const search = {
  page: TenderList,
  fetches: (ctx: RouteContext): FetchSpec[] => {
    const filters = filtersOf(ctx);
    return [
      { key: 'tenders', service: 'search', path: searchApiPath(filters) },
      // Names of the codes in the URL (SPEC §7 searchId[] / id[] lookups) and the short lists.
      ...labelFetches(filters),
      { key: 'tags', service: 'search', path: '/api/tags?page=1&perPage=100', maxAge: LABELS_MAX_AGE },
      { key: 'funders', service: 'search', path: '/api/tender_funders?page=1&perPage=100', maxAge: LABELS_MAX_AGE },
    ];
  },
  required: ['tenders'],
  canonicalQuery: (ctx: RouteContext) => serializeFilters(filtersOf(ctx)),
};

const tenderOf = (ctx: RouteContext): TenderData | null => {
  const entry = ctx.input.data.tender;
  return entry?.ok ? (entry.body as TenderData) : null;
};

const monitoringOf = (ctx: RouteContext): MonitoringData | null => {
  const entry = ctx.input.data.monitoring;
  return entry?.ok && entry.body && typeof entry.body === 'object' ? (entry.body as MonitoringData) : null;
};

/** The tenderID of the monitored tender: the fetched tender's when it is that tender. */
const monitoringTenderId = (ctx: RouteContext): string | undefined => {
  const m = monitoringOf(ctx);
  const tender = tenderOf(ctx);
  if (tender?.tenderID && (!m?.tender_id || tender.id === m.tender_id)) return tender.tenderID;
  return m?.tenderID;
};

const HEX_ID = /^[0-9a-f]{32}$/i;
/** A tenderID: `UA-2026-09-10-009952-a`, second stages of a dialogue `…-a.2`. */
const TENDER_ID = /^UA-\d{4}-\d{2}-\d{2}-\d{6}(-[a-z]{1,2}(\.\d{1,2})?)?$/i;
/** Either form of a tender's id; anything else cannot name a tender. */
export const isTenderId = (id: string | undefined): boolean => !!id && (HEX_ID.test(id) || TENDER_ID.test(id));

const toRoot = (): GuardResult => ({ redirect: '/', status: 302 });
const loggedInGoesHome = (ctx: RouteContext): GuardResult => (ctx.input.session ? toRoot() : null);

export const routes: PageRoute[] = [
  { name: 'home', path: '', ...search },
  { name: 'tenderList', path: 'tenders', ...search },
  {
    name: 'externalTender',
    path: 'tenders/external/:tenderId',
    page: ExternalTender,
    fetches: ({ params }) => [{ key: 'external', service: 'cdb', path: `/tenders/${encodeURIComponent(params.tenderId ?? '')}` }],
    required: ['external'],
    meta: (ctx, t) => {
      const entry = ctx.input.data.external;
      const tender = entry?.ok ? externalTenderOf(entry.body) : null;
      if (!tender) {
        return {
          title: t('pages.externalTender.title', { id: ctx.params.tenderId }),
          description: t('pages.externalTender.description', { id: ctx.params.tenderId }),
        };
      }
      return { title: t('pages.externalTender.titleOf', { title: tenderTitle(tender, t) }), description: tenderDescription(tender, t) };
    },
    jsonLd: (ctx, canonical) => {
      const entry = ctx.input.data.external;
      const tender = entry?.ok ? externalTenderOf(entry.body) : null;
      return tender ? tenderJsonLd(tender, canonical) : null;
    },
  },
  {
    name: 'monitoring',
    path: 'tenders/:tenderId/monitorings/:id/*',
    page: Monitoring,
    fetches: ({ params }) => [
      { key: 'monitoring', service: 'search', path: `/api/monitorings/${encodeURIComponent(params.id ?? '')}` },
      { key: 'tender', service: 'search', path: `/api/tenders/${encodeURIComponent(params.tenderId ?? '')}` },
    ],
    required: ['monitoring'],
    // One address per monitoring: its monitoring_id under its own tender's tenderID.
    redirectFromData: (ctx) => {
      const m = monitoringOf(ctx);
      const tenderID = monitoringTenderId(ctx);
      if (!m?.monitoring_id || !tenderID) return null;
      if (ctx.params.id === m.monitoring_id && ctx.params.tenderId === tenderID) return null;
      const rest = ctx.params['*'] ? `/${ctx.params['*']}` : '';
      return { redirect: `/tenders/${encodeURIComponent(tenderID)}/monitorings/${encodeURIComponent(m.monitoring_id)}${rest}`, status: 301 };
    },
    canonicalPath: (ctx) => {
      const m = monitoringOf(ctx);
      const tenderID = monitoringTenderId(ctx);
      return m?.monitoring_id && tenderID ? `/tenders/${encodeURIComponent(tenderID)}/monitorings/${encodeURIComponent(m.monitoring_id)}` : null;
    },
    meta: (ctx, t) => {
      const m = monitoringOf(ctx);
      const id = m?.monitoring_id ?? ctx.params.id;
      const tenderId = monitoringTenderId(ctx) ?? ctx.params.tenderId;
      const title = t('pages.monitoring.title', { id, tenderId });
      if (!m) return { title, description: t('pages.monitoring.description', { id, tenderId }) };
      const tender = tenderOf(ctx);
      return {
        title,
        description: t('pages.monitoring.summary', {
          id,
          tenderId,
          status: m.status ? codeLabel(t, 'monitoring.status', m.status) : '',
          tenderTitle: tender?.title ?? '',
        }),
      };
    },
  },
  {
    name: 'monitoringsRedirect',
    path: 'tenders/:id/monitorings',
    page: Stub,
    guard: ({ params }) => ({ redirect: `/tenders/${encodeURIComponent(params.id ?? '')}`, status: 301 }),
  },
  {
    name: 'tender',
    path: 'tenders/:id/*',
    page: Tender,
    // An id of neither form is a 404 without asking the platform (crawlers try many).
    guard: ({ params }) => (isTenderId(params.id) ? null : { error: 404 }),
    fetches: ({ params }) => [
      { key: 'tender', service: 'search', path: `/api/tenders/${encodeURIComponent(params.id ?? '')}` },
      { key: 'monitorings', service: 'search', path: `/api/tenders/${encodeURIComponent(params.id ?? '')}/monitorings` },
    ],
    required: ['tender'],
    // The tenderID is the canonical form; the 32-hex id answers 301 to it.
    redirectFromData: ({ params, input }) => {
      const tender = input.data.tender;
      const tenderID = tender?.ok ? (tender.body as { tenderID?: string }).tenderID : undefined;
      if (!tenderID || !HEX_ID.test(params.id ?? '') || tenderID === params.id) return null;
      const rest = params['*'] ? `/${params['*']}` : '';
      return { redirect: `/tenders/${encodeURIComponent(tenderID)}${rest}`, status: 301 };
    },
    // Section sub-paths (/tenders/{id}/awards) show the same page: one canonical URL.
    canonicalPath: (ctx) => {
      const tender = tenderOf(ctx);
      return tender?.tenderID ? `/tenders/${encodeURIComponent(tender.tenderID)}` : null;
    },
    meta: (ctx, t) => {
      const tender = tenderOf(ctx);
      if (!tender) return { title: t('pages.tender.title', { id: ctx.params.id }), description: t('pages.tender.description', { id: ctx.params.id }) };
      return { title: tenderTitle(tender, t), description: tenderDescription(tender, t) };
    },
    jsonLd: (ctx, canonical) => {
      const tender = tenderOf(ctx);
      return tender ? tenderJsonLd(tender, canonical) : null;
    },
  },
  { name: 'planList', path: 'plans', page: Stub },
  {
    name: 'plan',
    path: 'plans/:id',
    page: Stub,
    meta: ({ params }, t) => ({
      title: t('pages.plan.title', { id: params.id }),
      description: t('pages.plan.description', { id: params.id }),
    }),
  },
  { name: 'contractList', path: 'contracts', page: Stub },
  { name: 'market', path: 'market', page: Stub },
  { name: 'categoryList', path: 'market/categories', page: Stub },
  { name: 'categoryRedirect', path: 'market/category', page: Stub, guard: () => ({ redirect: '/market', status: 301 }) },
  {
    name: 'category',
    path: 'market/category/:categoryId',
    page: Stub,
    meta: ({ params }, t) => ({
      title: t('pages.category.title', { id: params.categoryId }),
      description: t('pages.category.description', { id: params.categoryId }),
    }),
  },
  { name: 'profileRedirect', path: 'market/profile', page: Stub, guard: () => ({ redirect: '/market', status: 301 }) },
  { name: 'profileList', path: 'market/profiles', page: Stub },
  {
    name: 'profile',
    path: 'market/profile/:profileId',
    page: Stub,
    meta: ({ params }, t) => ({
      title: t('pages.profile.title', { id: params.profileId }),
      description: t('pages.profile.description', { id: params.profileId }),
    }),
  },
  { name: 'productList', path: 'market/products', page: Stub },
  {
    name: 'product',
    path: 'market/products/:id',
    page: Stub,
    meta: ({ params }, t) => ({
      title: t('pages.product.title', { id: params.id }),
      description: t('pages.product.description', { id: params.id }),
    }),
  },
  {
    name: 'prozorroProduct',
    path: 'market/prozorro-products/:id',
    page: Stub,
    meta: ({ params }, t) => ({
      title: t('pages.prozorroProduct.title', { id: params.id }),
      description: t('pages.prozorroProduct.description', { id: params.id }),
    }),
  },
  {
    name: 'cart',
    path: 'market/cart/*',
    page: Stub,
    noindex: true,
    guard: ({ input }) => (!input.session || input.session.type === 'seller' ? { error: 404 } : null),
  },
  {
    name: 'classification',
    path: 'market/:classificationId',
    page: Stub,
    meta: ({ params }, t) => ({
      title: t('pages.classification.title', { id: params.classificationId }),
      description: t('pages.classification.description', { id: params.classificationId }),
    }),
  },
  { name: 'tariffs', path: 'info/tariffs', page: Stub },
  { name: 'contacts', path: 'info/contacts', page: Stub },
  { name: 'regulations', path: 'info/regulations', page: Stub },
  {
    name: 'cabinet',
    path: 'icabinet/*',
    page: Stub,
    noindex: true,
    guard: ({ input }) => (!input.config.features.cabinet || !input.session ? toRoot() : null),
  },
  { name: 'login', path: 'login/*', page: Stub, guard: loggedInGoesHome },
  { name: 'registration', path: 'registration/*', page: Stub, guard: loggedInGoesHome },
  { name: 'logout', path: 'logout', page: Stub, noindex: true },
  { name: 'sign', path: 'js/sign', page: Stub, noindex: true },
  { name: 'notFound', path: '*', page: NotFound, status: 404, noindex: true },
];

/** react-router route objects for matching; elements are attached in `App`. */
export const routeObjects: RouteObject[] = routes.map((route) => ({ path: route.path, handle: route }));

export interface Match {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

/** Matches a path that has already lost its language prefix. */
// matchRoutes ranks the whole table on every call; the server matches each URL
// twice per request (plan, render). Matches are kept per path, in a bounded map.
const matched = new Map<string, Match>();
const MAX_MATCHED = 5000;

export function matchPage(pathname: string): Match {
  const known = matched.get(pathname);
  if (known) return known;
  const found = matchRoutes(routeObjects, pathname);
  const last = found?.[found.length - 1];
  const match = last
    ? { route: last.route.handle as PageRoute, params: Object.freeze({ ...last.params }) }
    : { route: routes[routes.length - 1], params: Object.freeze({}) };
  if (matched.size >= MAX_MATCHED) matched.clear();
  matched.set(pathname, match);
  return match;
}
