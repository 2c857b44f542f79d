import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { FetchSpec, RenderInput } from '../contract';

export type Params = Record<string, string | undefined>;

/** What guards, loaders and meta functions see about the request. */
export interface RouteContext {
  params: Params;
  query: URLSearchParams;
  input: Pick<RenderInput, 'session' | 'config' | 'language' | 'data'>;
}

export type Redirect = { redirect: string; status: 301 | 302 };

export type GuardResult = Redirect | { error: number } | null;

export type PageComponent = ComponentType<{ route: PageRoute }>;

/** A page that loads as its own chunk in the browser (the server bundle has them all). */
export interface SplitPage {
  load: () => Promise<{ default: PageComponent }>;
}

/**
 * A page's route module (`pages/<Name>/route.ts`): everything the server and the browser
 * decide about the page apart from its path, which the route table gives it.
 */
export interface PageModule {
  /** Page name; translation keys live under `pages.<name>`, split chunks are named by it. */
  name: string;
  /** The component, or the loader of its chunk for a page split from the main bundle. */
  page: PageComponent | SplitPage;
  /** Decides before any data is fetched: redirect, error page, or go on. */
  guard?: (ctx: RouteContext) => GuardResult;
  /** Upstream requests whose answers the page needs (the server prefetches them). */
  fetches?: (ctx: RouteContext) => FetchSpec[];
  /**
   * Answers without which the page cannot render: one that failed decides the error
   * page (`failureStatus`). Any other answer that fails leaves its part of the page out.
   */
  required?: string[];
  /** Redirect decided once the data is there (e.g. a tender's 32-hex id to its tenderID). */
  redirectFromData?: (ctx: RouteContext) => Redirect | null;
  /** The path of the canonical link when it is not the request's (e.g. a tender's section sub-path). */
  canonicalPath?: (ctx: RouteContext) => string | null;
  /** The normalised query string kept in the canonical link (search pages). */
  canonicalQuery?: (ctx: RouteContext) => string;
  /** Structured data for the head (`application/ld+json`). */
  jsonLd?: (ctx: RouteContext, canonical: string) => object | null;
  /**
   * Title and description. Default: `pages.<name>.title` and `.description`, with the
   * route's params interpolated (`{{id}}`), so a page without data-derived meta needs
   * none; a `meta` that answers null (its data is missing) falls back to it.
   */
  meta?: (ctx: RouteContext, t: TFunction) => { title: string; description: string } | null;
  /** HTTP status of a successful render (404 for the catch-all). */
  status?: number;
  noindex?: boolean;
}

/** One entry of the route table: a module under a path (relative to the language base). */
export interface PageRoute extends PageModule {
  path: string;
}
