/** The page state the server rendered with; the client hydrates from the same object. */
import { createContext, useContext } from 'react';
import type { RenderInput } from './contract';

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
