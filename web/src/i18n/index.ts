/** i18next set-up shared by the server isolate and the browser: namespace `dzo`, uk fallback. */
import i18next, { type i18n, type Resource, type TFunction } from 'i18next';
import type { Language } from '../contract';

export const NAMESPACE = 'dzo';
export const FALLBACK: Language = 'uk';

/** Options shared by both sides; the retry numbers are SPEC §9's. */
export const baseOptions = {
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  fallbackLng: FALLBACK,
  supportedLngs: ['uk', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
  showSupportNotice: false,
} as const;

/**
 * A synchronous instance over resources already in memory (server, tests). Its built-in
 * formatters (`{{x, number}}`) keep no cache: i18next keys that cache by the whole options
 * object, values included, with no bound, for the life of the isolate. (No translation
 * uses one today; `memo.ts` keeps results, within its bounds.)
 */
export function createI18n(language: Language, resources: Resource): i18n {
  const instance = i18next.createInstance();
  void instance.init({ ...baseOptions, lng: language, resources, initAsync: false, cacheInBuiltFormats: false });
  return instance;
}

/** The language a fixed `t` (`useTranslation`'s or `getFixedT`'s) renders in. */
export function languageOf(t: TFunction): Language {
  return (t as unknown as { lng?: string }).lng === 'en' ? 'en' : 'uk';
}
