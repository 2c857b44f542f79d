/**
 * Translations for components: one context read per component. react-i18next's
 * `useTranslation` looked up the instance, checked every namespace was loaded and
 * made a fixed `t` in each component on each render: a tenth of a 404 page's render
 * on the server, and the same work again while the browser hydrates. Here the
 * provider makes the page's fixed `t` once. The language of a page never changes
 * while it is open (another language is another URL, loaded as a page), and the
 * translations are in memory before the first render on both sides.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { i18n, TFunction } from 'i18next';
import { NAMESPACE } from './index';

interface Translation {
  t: TFunction;
  i18n: i18n;
}

const TranslationContext = createContext<Translation | null>(null);

/** Gives the components under it the fixed `t` of `i18n`'s language. */
export function TranslationProvider({ i18n, children }: { i18n: i18n; children: ReactNode }) {
  const value = useMemo(() => ({ i18n, t: i18n.getFixedT(i18n.language, NAMESPACE) }), [i18n]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

/** The page's `t` (and its i18next instance). */
export function useTranslation(): Translation {
  const value = useContext(TranslationContext);
  if (!value) throw new Error('useTranslation: no TranslationProvider above this component');
  return value;
}
