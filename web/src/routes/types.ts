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

export type GuardResult =
  | { redirect: string; status: 301 | 302 }
  | { error: number }
  | null;

/** One entry of the route table: the only place routes are defined (server and client). */
export interface PageRoute {
  /** Page name; translation keys live under `pages.<name>`. */
  name: string;
  /** react-router path relative to the language base, no leading slash. */
  path: string;
  page: ComponentType<{ route: PageRoute }>;
  /** Decides before any data is fetched: redirect, error page, or go on. */
  guard?: (ctx: RouteContext) => GuardResult;
  /** Upstream requests whose answers the page needs (the server prefetches them). */
  fetches?: (ctx: RouteContext) => FetchSpec[];
  /** Data keys without which the page cannot render: a missing one becomes its error page (404 stays 404, upstream failures 503). */
  required?: string[];
  /** Redirect decided once the data is there (e.g. a tender's 32-hex id to its tenderID). */
  redirectFromData?: (ctx: RouteContext) => { redirect: string; status: 301 | 302 } | null;
  /** The path of the canonical link when it is not the request's (e.g. a tender's section sub-path). */
  canonicalPath?: (ctx: RouteContext) => string | null;
  /** The normalised query string kept in the canonical link (search pages). */
  canonicalQuery?: (ctx: RouteContext) => string;
  /** Structured data for the head (`application/ld+json`). */
  jsonLd?: (ctx: RouteContext, canonical: string) => object | null;
  /** Title and description; default: `pages.<name>.title` / `.description`. */
  meta?: (ctx: RouteContext, t: TFunction) => { title: string; description: string };
  /** HTTP status of a successful render (404 for the catch-all). */
  status?: number;
  noindex?: boolean;
}
