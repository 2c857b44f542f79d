/**
 * What a page's route module (`pages/<Name>/route.ts`) declares and what it is given: the
 * route table (`routes/index.tsx`) and the pages both use these types, so they live
 * here, in a leaf that imports neither (`lib/guards.ts` and `lib/recordAddress.ts` hold
 * the decisions several route modules share).
 */
import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { FetchSpec, Language, RenderInput } from '../contract';

export type Params = Record<string, string | undefined>;

/** What guards, loaders and meta functions see about the request. */
export interface RouteContext {
  params: Params;
  query: URLSearchParams;
  input: Pick<RenderInput, 'session' | 'config' | 'language' | 'data'>;
}

export type Redirect = { redirect: string; status: 301 | 302 };

/**
 * A guard's or the data's verdict: a redirect, or an error page with the portal's HTTP
 * status (`error`) and the code that failed (`shown`: an upstream's own status, when it
 * differs), or nothing.
 */
export type GuardResult = Redirect | { error: number; shown?: number } | null;

export type PageComponent = ComponentType<{ route: PageRoute }>;

/** Title and description of a page, from its data (`meta`). */
export type Meta = (ctx: RouteContext, t: TFunction) => { title: string; description: string } | null;
/** Structured data for the head (`application/ld+json`) from a page's data, at its canonical URL. */
export type JsonLd = (ctx: RouteContext, canonical: string) => object | null;

/** A machine-readable version of a page (an Atom feed, OCDS JSON), linked from its head. */
export interface HeadLink {
  rel: 'alternate';
  /** Its media type (`application/atom+xml`). */
  type: string;
  /** Absolute. */
  href: string;
  title?: string;
}

/**
 * What the chunk of a split page exports: the component (default), and the page's
 * `meta`, `jsonLd` and `links` when it has any. They live in the chunk, not in the route
 * module, because only the head needs them and the head of a split page is computed once
 * its chunk is there (the server loads every chunk at start; the browser, after a
 * navigation, waits for it): so their code, and what it imports, loads with the page
 * instead of with every page. `jsonLd` and `links` are given the page's canonical URL,
 * its fixed `t` and its route (a chunk may serve several, like the searches').
 */
export interface PageChunk {
  default: PageComponent;
  meta?: Meta;
  /**
   * Structured data for the head (`application/ld+json`), its trail included
   * (`lib/jsonld.ts`). Only the server writes JSON-LD: a chunk exports it as
   * `__SERVER__ ? jsonLd : undefined`, which keeps its code out of the browser's bundle.
   */
  jsonLd?: (ctx: RouteContext, canonical: string, t: TFunction, route: PageRoute) => object | null;
  /** The page's machine-readable versions (`<link rel="alternate" type=…>`). */
  links?: (ctx: RouteContext, canonical: string, t: TFunction, route: PageRoute) => HeadLink[];
  /** The canonical query (`RouteModule.canonicalQuery`), for a page whose codec is in its chunk. */
  canonicalQuery?: (ctx: RouteContext, route: PageRoute) => string;
  /**
   * The client's script files of this chunk beyond the entry's (`assets/chunk-….js`),
   * for the head's module preloads. Only the server bundle has it: `web/build.mjs` adds
   * it to every module the server bundle imports dynamically.
   */
  preload?: string[];
}

/**
 * A page that loads as its own chunk in the browser (the server bundle has them all).
 * `load` is given the page's language, for a page whose chunk differs by language (an
 * info page's text); most ignore it: `{ load: () => import('./Page') }`.
 */
export interface SplitPage {
  load: (language: Language) => Promise<PageChunk>;
}

/**
 * A page's route module (`pages/<Name>/route.ts`): everything the server and the browser
 * decide about the page apart from its path, which the route table gives it. Route
 * modules are in the main bundle, so in the first load of every page (within the budget
 * `web/scripts/budget.mjs` checks): they hold what must be decided before the page's
 * chunk is there (guard, fetches, required answers, redirect, canonical link), and what
 * only renders or describes the page stays in its chunk.
 */
export interface RouteModule {
  /** Page name; translation keys live under `pages.<name>`, split chunks are named by it. */
  name: string;
  /**
   * The loader of the page's chunk (`{ load: () => import('./Page') }`): the usual
   * form, so that the page's code loads with it and not with every page. A component
   * (in the main bundle) only for pages every visit may need at once (the 404 page) or
   * that hold next to nothing (stubs, redirects).
   */
  page: PageComponent | SplitPage;
  /** Decides before any data is fetched: redirect, error page, or go on. */
  guard?: (ctx: RouteContext) => GuardResult;
  /**
   * Upstream requests whose answers the page needs (the server prefetches them). Only the
   * server computes them; the browser asks only whether a page has any (its data comes
   * from `/__data`), so a route module may keep them, and the code they import, out of
   * the browser's main bundle: `fetches: __SERVER__ ? fetchesOf : FETCHED_BY_THE_SERVER`.
   */
  fetches?: (ctx: RouteContext) => FetchSpec[];
  /**
   * Answers without which the page cannot render: one that failed decides the error
   * page (`failureStatus`). Any other answer that fails leaves its part of the page out.
   */
  required?: string[];
  /**
   * Redirect decided once the data is there (e.g. a tender's 32-hex id to its tenderID),
   * or the error page the data calls for (an organisation no record names: 404).
   */
  redirectFromData?: (ctx: RouteContext) => Redirect | { error: number } | null;
  /** The path of the canonical link when it is not the request's (e.g. a tender's section sub-path). */
  canonicalPath?: (ctx: RouteContext) => string | null;
  /** The normalised query string kept in the canonical link (search pages). */
  canonicalQuery?: (ctx: RouteContext) => string;
  /**
   * Title and description. Default: `pages.<name>.title` and `.description`, with the
   * route's params interpolated (`{{id}}`), so a page without data-derived meta needs
   * none; a `meta` that answers null (its data is missing) falls back to it. A split
   * page exports its `meta` and `jsonLd` from its chunk instead (`PageChunk`), which
   * keeps their code out of the main bundle; the chunk's take precedence.
   */
  meta?: Meta;
  /** Structured data for the head (`application/ld+json`); a split page's is best in its chunk. */
  jsonLd?: JsonLd;
  /** HTTP status of a successful render (404 for the catch-all). */
  status?: number;
  noindex?: boolean;
  /**
   * The page has state-changing forms (login, registration, cabinet): the server renders
   * it with the visitor's anti-forgery token (`input.csrf`) and never shares it.
   */
  forms?: boolean;
}

/** One entry of the route table: a module under a path (relative to the language base). */
export interface PageRoute extends RouteModule {
  path: string;
}

/** The browser's `fetches` of a page whose fetches only the server's bundle computes. */
export const FETCHED_BY_THE_SERVER = (): FetchSpec[] => [];
