/**
 * The forms' exchange with the portal's own endpoints (`server/src/form.rs`, which
 * writes `FormOutcome` from the Rust type of the same name; `contract.fixture.json`
 * holds one with every field, checked on both sides):
 * the same form a browser without JavaScript posts, sent as JSON by the hydrated app,
 * which reads the outcome back instead of a redirect or a new page.
 */
import type { SessionSummary } from '../contract';

/** Why a form was refused: the status and its text (SPEC §8), and the wait when throttled. */
export interface FormError {
  status: number;
  statusText: string;
  retryAfter: number | null;
  /** The anti-forgery token did not fit (an old page, another site). */
  forgery?: boolean;
  /** The pending second-factor login expired. */
  expired?: boolean;
}

/** The answer to a form, as JSON to the app or as the page data's `form` entry without JavaScript. */
export interface FormOutcome {
  ok: boolean;
  /** The next step of a login: the one-time code, or back to the password. */
  step?: '2fa' | 'login';
  /** Where to go next (an app path). */
  location?: string;
  session?: SessionSummary | null;
  csrf?: string;
  /** The one-time page that hands a new login over to the old portal. */
  handover?: string;
  /** The old portal's logout address, for the browser to call. */
  oldPortalLogout?: string;
  /** Required fields that were empty. */
  missing?: string[];
  /** What the visitor typed (never a password), to fill the form again. */
  values?: Record<string, string>;
  /** The field the refusal names. */
  field?: string;
  /** A new account's e-mail (registration). */
  registered?: string;
  /** The new account's address must be confirmed by the link mailed to it. */
  confirm?: boolean;
  /** A recovery e-mail was asked for (the same answer whether or not the address exists). */
  sent?: boolean;
  /** The cart after a change (`CartOutcome` reads it). */
  cart?: unknown;
  /** The CPV codes an account now follows (the cabinet). */
  saved?: string[];
  /** The saved search after a change, or null. */
  search?: unknown;
  /**
   * A follow form's result (a record's or a buyer's page): the confirmation link was
   * mailed (a visitor without a login), the record is followed, or no longer.
   */
  follow?: { state: 'confirmSent' | 'following' | 'unfollowed' };
  /**
   * With a 429 of the follow form: the bound reached. Of the address: its follows
   * (`follows`; `address` when unnamed), those waiting for their confirmation
   * (`pending`), the confirmation letters of the hour (`letters`); or the requests of
   * one client (`client`).
   */
  limit?: 'follows' | 'pending' | 'letters' | 'address' | 'client';
  error?: FormError;
}

const UNREACHABLE: FormOutcome = { ok: false, error: { status: 0, statusText: '', retryAfter: null } };

/**
 * Posts a form's fields as JSON and reads the outcome; a network failure is an outcome
 * too. `T`: the outcome of a form that says more (the cart's, with its cart).
 */
export async function sendForm<T extends FormOutcome = FormOutcome>(path: string, fields: Record<string, string>): Promise<T> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(fields),
      credentials: 'same-origin',
    });
    return (await response.json()) as T;
  } catch {
    return UNREACHABLE as T;
  }
}

/** A new anti-forgery token for this visitor (its cookie set on the way). */
export async function fetchCsrf(): Promise<string> {
  try {
    const answer = (await (await fetch('/__csrf', { credentials: 'same-origin' })).json()) as { csrf?: string };
    return answer.csrf ?? '';
  } catch {
    return '';
  }
}

/** The fields of a submitted form, as strings. */
export function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') fields[key] = value;
  });
  return fields;
}

/**
 * Asks the old portal to end its session (the browser's own); errors are ignored. A
 * keep-alive request: it completes even when the page is left (or closed) meanwhile.
 */
export function oldPortalLogout(url: string): Promise<void> {
  return fetch(url, { mode: 'no-cors', credentials: 'include', keepalive: true }).then(
    () => undefined,
    () => undefined,
  );
}

/** The old portal's logout address (SPEC §7: `noRedirect=1` and a random `rand`). */
export function oldPortalLogoutUrl(oldSite: string): string {
  return `${oldSite.replace(/\/+$/, '')}/cabinet/logout?noRedirect=1&rand=${Math.random().toString(36).slice(2)}`;
}

/**
 * This browser had a session here that no logout of this app ended. A page without a
 * session while it is set means the session ended on its own (a refused refresh, a
 * revoked token): the old portal's is ended too (issue 29, item 21).
 */
const HAD_SESSION = 'portal.hadSession';
export const hadSession = (): boolean => {
  try {
    return localStorage.getItem(HAD_SESSION) === '1';
  } catch {
    return false;
  }
};
export const markHadSession = (had: boolean): void => {
  try {
    if (had) localStorage.setItem(HAD_SESSION, '1');
    else localStorage.removeItem(HAD_SESSION);
  } catch {
    // Storage refused: nothing to end later.
  }
};

/** The hand-over under way (or the last one, settled): what the old portal's answers wait for. */
let handingOver: Promise<void> = Promise.resolve();

/** Settles once the hand-over under way, if any, has finished or failed. */
export const handOverSettled = (): Promise<void> => handingOver;

/**
 * Opens the hand-over page in a hidden frame: it posts the new login to the old portal
 * (SPEC §7), whose answer is the frame's second load. Resolves then, or after
 * `timeoutMs` (a failure is ignored, SPEC §8). Nobody waits for it before moving on
 * (issue 29, item 19): the frame hangs from `document.body`, outside React's tree, so it
 * outlives the app's navigations and finishes or fails on its own.
 */
export function handOver(url: string, timeoutMs = 3000): Promise<void> {
  handingOver = new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.title = 'handover';
    let loads = 0;
    const done = () => {
      clearTimeout(timer);
      frame.remove();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    frame.addEventListener('load', () => {
      loads += 1;
      if (loads >= 2) done();
    });
    frame.src = url;
    document.body.appendChild(frame);
  });
  return handingOver;
}

/** This browser tab handed its session to the old portal (the app's login, or once here). */
const HANDED_OVER = 'portal.handedOver';
export const handedOver = (): boolean => {
  try {
    return sessionStorage.getItem(HANDED_OVER) === '1';
  } catch {
    return false;
  }
};
export const markHandedOver = (handed = true): void => {
  try {
    if (handed) sessionStorage.setItem(HANDED_OVER, '1');
    else sessionStorage.removeItem(HANDED_OVER);
  } catch {
    // Storage refused: the next page asks again.
  }
};
