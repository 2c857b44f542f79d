/**
 * Renders a component the way the server does (i18n, router with the language
 * basename, page state) for the component tests, which assert on the HTML.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { TranslationProvider } from '../i18n/react';
import { createI18n } from '../i18n';
import { PageStateContext, type PageState } from '../state';
import type { ClientConfig } from '../config';
import type { Fetched, Language, SessionSummary } from '../contract';
import uk from '../../../locales/uk/dzo.json';
import en from '../../../locales/en/dzo.json';

export const translations = { uk, en };

export const testConfig: ClientConfig = {
  publicOrigin: 'https://portal.test',
  assetBase: '/newdzo/',
  defaultLanguage: 'uk',
  languages: ['uk', 'en'],
  supportEmail: 'support@portal.test',
  contacts: {
    phone: '+380 44 000 00 01',
    address: { uk: '01001, м. Київ, вул. Тестова, 1', en: '1 Testova St, Kyiv, 01001, Ukraine' },
    hours: { uk: 'Пн–Пт, 9:00–18:00', en: 'Mon–Fri, 9:00–18:00' },
  },
  tagManagerId: '',
  endpoints: {
    search: 'https://search.test',
    users: 'https://users.test',
    translations: '/locales',
    procurement: 'https://prozorro.test',
    auctions: 'https://auctions.test',
    oldSite: 'https://old.portal.test',
    files: 'https://files.test',
    news: 'https://news.portal.test',
    callback: 'https://callback.test',
    messages: 'https://messages.test',
    cdb: 'https://cdb.test/api/2.5',
  },
  features: { tagManager: false, cabinet: false, testMode: false, logCharacteristicMismatch: false, prices: true },
};

const resources = { uk: { dzo: uk }, en: { dzo: en } };
const instances = { uk: createI18n('uk', resources), en: createI18n('en', resources) };

export interface RenderOptions {
  language?: Language;
  session?: SessionSummary | null;
  /** The full URL as the server sees it, with the /en prefix for English. */
  url?: string;
  /** Prefetched upstream answers, as the server passes them. */
  data?: Record<string, Fetched>;
  /** The anti-forgery token of the page's forms. */
  csrf?: string;
  /** The moment the server renders at (epoch ms; default `TEST_NOW`). */
  now?: number;
  /** Whether the page shows the cookie notice (default: dismissed). */
  cookieNotice?: boolean;
}

/** The moment tests render at unless they name one: noon in Kyiv on the snapshot's day. */
export const TEST_NOW = Date.parse('2026-10-12T12:00:00+03:00');

export function render(node: ReactNode, { language = 'uk', session = null, url, data = {}, csrf, now = TEST_NOW, cookieNotice = false }: RenderOptions = {}): string {
  const state: PageState = { language, config: testConfig, session, data, now, cookieNotice, error: null, ...(csrf ? { csrf } : {}) };
  return renderToString(
    <TranslationProvider i18n={instances[language]}>
      <StaticRouter basename={language === 'en' ? '/en' : '/'} location={url ?? (language === 'en' ? '/en' : '/')}>
        <PageStateContext.Provider value={state}>{node}</PageStateContext.Provider>
      </StaticRouter>
    </TranslationProvider>,
  );
}

/** A translation of the test language, for assertions (`tr('uk', 'menu.about')`). */
export function tr(language: Language, key: string, options?: Record<string, unknown>): string {
  return instances[language].t(key, options) as string;
}

/** The HTML text React would produce for `s` (entities escaped as renderToString does). */
export function html(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

export interface FoundLink {
  href: string | null;
  attrs: Record<string, string>;
  /** The text content, tags stripped and entities left as rendered. */
  text: string;
}

/** The `<a>` elements of rendered HTML, in document order. */
export function links(markup: string): FoundLink[] {
  return [...markup.matchAll(/<a(\s[^>]*)?>([\s\S]*?)<\/a>/g)].map((m) => {
    const attrs: Record<string, string> = {};
    for (const a of (m[1] ?? '').matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) attrs[a[1].toLowerCase()] = a[2] ?? '';
    return { href: attrs.href ?? null, attrs, text: m[2].replace(/<[^>]+>/g, '').trim() };
  });
}

/** The first link whose text or aria-label contains `label`. */
export function link(markup: string, label: string): FoundLink {
  const found = links(markup).find((l) => l.text.includes(html(label)) || (l.attrs['aria-label'] ?? '').includes(html(label)));
  if (!found) throw new Error(`no link labelled ${label} in ${markup}`);
  return found;
}
