/** The page state the server rendered with; the client hydrates from the same object. */
import { createContext, useContext } from 'react';
import type { RenderInput, SessionSummary } from './contract';

export type PageState = Omit<RenderInput, 'url'> & {
  /** The location (path and query, no language base) whose data `data` holds. */
  loadedFor?: string;
};

export const PageStateContext = createContext<PageState | null>(null);

export function usePageState(): PageState {
  const state = useContext(PageStateContext);
  if (!state) throw new Error('page state is missing: render inside <App>');
  return state;
}

/** What the account forms change in the page state after hydration (no reload). */
export interface Account {
  /** After a login: the visitor's summary and the token of its forms. */
  signedIn(session: SessionSummary | null, csrf?: string): void;
  /** After a logout: the token of the visitor's forms from now on (the server gives a
   * logged-out visitor a new one; the session's one fits nothing any more). */
  signedOut(csrf?: string): void;
  /** The anti-forgery token fetched for a page with forms reached by navigation. */
  setCsrf(csrf: string): void;
}

const noAccount: Account = { signedIn: () => undefined, signedOut: () => undefined, setCsrf: () => undefined };

/** The server render has no account to change: its forms post without JavaScript. */
export const AccountContext = createContext<Account>(noAccount);

export const useAccount = (): Account => useContext(AccountContext);
