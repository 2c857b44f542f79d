/**
 * The render contract between the Rust server and this bundle.
 * Its serde mirror is `renderer/src/contract.rs`; change both together.
 */
import type { ClientConfig } from './config';

export type Language = 'uk' | 'en';

/** What the server knows about the visitor; `null` when logged out. */
export interface SessionSummary {
  /** As the user's account says (the users API's `/api/users/profile`), never read from a token or a cookie. */
  email: string;
  type: 'buyer' | 'seller' | 'cpe';
  name: string;
  /** The products in a buyer's cart when the page was made (the header counts them without JavaScript). */
  cartCount?: number;
}

/**
 * Why an upstream request brought no usable answer: nothing answered, it answered too
 * late, or its answer is not JSON.
 */
export type Failure = 'unreachable' | 'timeout' | 'invalid';

/**
 * One upstream answer fetched by the server before rendering: its JSON, the HTTP status
 * of an error answer, or why there is no answer.
 */
export type Fetched = { ok: true; body: unknown } | { ok: false; status: number } | { ok: false; failure: Failure };

/**
 * Input of both `resolve` and `render`. The same object minus `url` (the page state:
 * `error` included) is embedded in the page so the client hydrates with identical state.
 */
export interface RenderInput {
  /** Path and query without the language prefix handling done: e.g. `/en/tenders?page=2`. */
  url: string;
  language: Language;
  config: ClientConfig;
  session: SessionSummary | null;
  /** Prefetched upstream answers, keyed as the route's `fetches` named them. */
  data: Record<string, Fetched>;
  /**
   * The anti-forgery token that forms send back (`_csrf`): set on pages with forms and
   * on every page of a session (the header's logout form). Not a credential.
   */
  csrf?: string | null;
  /**
   * The moment the server rendered at (epoch ms): what a page says of deadlines (passed
   * or not, the time left) is said for it, and the browser hydrates with the same moment
   * before it reads its own clock (`lib/clock.ts`).
   */
  now?: number;
  /**
   * Whether the page shows the cookie notice: the visitor has not dismissed it (the
   * `cookie_notice` cookie). The server renders the notice, so it is in the first HTML.
   */
  cookieNotice?: boolean;
  /** When set, the error page for this code is rendered whatever the route. */
  error?: number | null;
}

/** A request the server makes before rendering. `service` names a config endpoint. */
export interface FetchSpec {
  key: string;
  /** `redFlags`: no endpoint; the red flags the server computes on the tender answered to `after`. */
  service: 'search' | 'users' | 'cdb' | 'redFlags';
  path: string;
  /** Seconds the server may reuse the answer for other requests (lists that rarely change). */
  maxAge?: number;
  /** A JSON body: the server POSTs it (calls the platform defines as POST that only read). */
  body?: unknown;
  /**
   * The key of another fetch whose answer this one's path is made from: each
   * `{/json/pointer}` in `path` is that answer's value there (the server fills it in,
   * percent-encoded, once that answer is in). When that answer failed or lacks the
   * value, this fetch is not made and reads as a 404.
   */
  after?: string;
  /**
   * The page's record: its `dateModified` (with the other answers and the release)
   * makes the page's validator, so an unchanged record's page answers `304` to a
   * conditional request without a render (record pages seen anonymously).
   */
  validator?: boolean;
  /**
   * Documents for machines: a later step that can do without this answer reads `null`
   * when it fails, instead of the document being cut (the calendar's events' count).
   */
  optional?: boolean;
}

/** What `resolve` answers: the route's decisions that need no data. */
export interface Resolution {
  /** Redirect target (a path) and status, decided before any data is fetched. */
  redirect: { location: string; status: 301 | 302 } | null;
  fetches: FetchSpec[];
  /** The page has state-changing forms: the server renders it with an anti-forgery token. */
  forms: boolean;
}

/** `renderHead` answers the first three fields of `render`; `renderBody` then the html. */
/** The fourth field names the prepared body for `renderBody` (0 for a redirect). */
export type HeadOutput = [status: number, redirect: string | null, head: string, body: number];

/** `render` answers a 4-tuple so the server reads it without a JSON round trip. */
export type RenderOutput = [status: number, redirect: string | null, head: string, html: string];
