/**
 * The contract of documents for machines (sitemaps, feeds, exports): the server calls the
 * bundle's `machine(request, answer)` step by step (`renderer::RendererPool::machine`,
 * `server/src/machine.rs`). The first step gets no answer and names the first upstream
 * request (`next`); each later step gets the answer to the previous step's `next` as
 * text, adds its part of the document, and names the next request or none (the end).
 * The headers (status, type, validators) are those of the step that read the first
 * answer, or of the first step when it needs none. The Rust side of these shapes is
 * `MachineRequest` and `Step` in `renderer/src/contract.rs`; `contract.fixture.json`
 * holds one of each, which both sides read (a field renamed on one side only fails).
 */
import type { TFunction } from 'i18next';
import type { ClientConfig } from '../config';
import type { FetchSpec, Language } from '../contract';

export interface MachineRequest {
  /** The path and query asked for, e.g. `/en/tenders.atom?status%5B0%5D=complete`. */
  url: string;
  config: ClientConfig;
  /** When the request arrived (ISO 8601). */
  now: string;
  /** What the previous step carried over (`Step.state`); null on the first step. */
  state: unknown;
}

/** A step's answer: its headers (from the step that sets them), the text it adds, and what comes next. */
export interface Step {
  /** 200, or 404 when the address names no document (the server then serves its 404 page). */
  status: number;
  contentType?: string;
  /** `Content-Disposition: attachment` with this file name (exports). */
  filename?: string;
  /**
   * The steps' text is the rows of a workbook's one sheet of this name (one JSON array
   * of cells a line, `csv.ts`): the server collects them and answers the XLSX file.
   */
  sheet?: string;
  cacheControl?: string;
  /** A strong validator of the document (the server adds its release to it). */
  etag?: string;
  /** When the document last changed (ISO 8601). */
  lastModified?: string;
  text: string;
  next?: FetchSpec | null;
  state?: unknown;
}

/** What every document's steps are given. */
export interface Context {
  request: MachineRequest;
  language: Language;
  t: TFunction;
  /** The public origin without a trailing slash. */
  origin: string;
  query: URLSearchParams;
}

/** One kind of document: its first step (no answer yet) and the steps after it. */
export interface MachineDocument {
  first: (context: Context) => Step;
  step: (context: Context, answer: unknown) => Step;
}

export const notFound = (): Step => ({ status: 404, text: '' });

/** Text for XML content and attribute values. */
export const xml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string)
    // Characters XML 1.0 does not allow (control characters a record may carry).
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

/** A short hash of a text (53 bits, hex): validators of documents. */
export function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

/** An instant as RFC 3339 in UTC, or undefined when it is not a date. */
export function instant(iso: unknown): string | undefined {
  if (typeof iso !== 'string' || !iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The latest of some instants (RFC 3339 UTC strings compare as text). */
export const latest = (instants: Array<string | undefined>): string | undefined =>
  instants.reduce<string | undefined>((a, b) => (b && (!a || b > a) ? b : a), undefined);
