/**
 * The page header (SPEC §2.2): logo, common menu, language switch, and either the
 * login and registration links or the user menu with logout. On narrow screens the
 * menu folds behind a toggle; it starts closed on the server and on the client.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../contract';
import { usePageState } from '../../state';
import { fragmentTarget, localizedPath, sitePath, switchLanguageUrl } from '../../lib/paths';
import { Dropdown } from '../Dropdown/Dropdown';
import { ExternalLink } from '../ExternalLink/ExternalLink';
import { SessionAccount as SessionAccountOnServer } from './render.server';

// Only a page of a session has the user menu, the cart entry and the logout form: the
// browser loads them then (the server renders them in place).
const SessionAccount = __SERVER__ ? SessionAccountOnServer : lazy(() => import('./SessionAccount'));

/** Each language is named in itself, whatever the interface language (a switch convention). */
const LANGUAGES: Array<{ code: Language; short: string; name: string }> = [
  { code: 'uk', short: 'УКР', name: 'Українська' },
  { code: 'en', short: 'ENG', name: 'English' },
];

/** Where Login sends the user back to; never to the login or registration pages themselves. */
export function loginHref(path: string, search: string): string {
  // The way back is a path of this site, whatever the current URL's path held.
  const pathname = sitePath(path);
  if (pathname === '/' && !search) return '/login';
  if (/^\/(login|registration)(\/|$)/.test(pathname)) return '/login';
  return `/login?from=${encodeURIComponent(pathname + search)}`;
}

function Logo() {
  const { t } = useTranslation();
  const { session, config } = usePageState();
  const content = (
    <>
      <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#1f5fbf" />
        <path d="M9 23V9h7a7 7 0 0 1 0 14H9zm4-4h3a3 3 0 0 0 0-6h-3v6z" fill="#fff" />
      </svg>
      <span className="logo-text">{t('site.name')}</span>
    </>
  );
  // Logged in, the logo leads to the old site's home (the cabinet lives there).
  if (session) {
    return (
      <a className="logo" href={config.endpoints.oldSite}>
        {content}
      </a>
    );
  }
  return (
    <AppLink className="logo" to="/#search">
      {content}
    </AppLink>
  );
}

/**
 * Client navigations to a fragment (`/#search`, a part of the same page) do not scroll by
 * themselves; the page frame also scrolls to top. (A new page's part: `HeadSync`.)
 */
function useScrollToSearch() {
  const location = useLocation();
  useEffect(() => {
    if (!location.hash) return;
    // After this commit's effects, including the frame's scroll to top on navigation.
    const frame = requestAnimationFrame(() => fragmentTarget(location.hash)?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.hash]);
}

function LanguageSwitch() {
  const { t } = useTranslation();
  const { language } = usePageState();
  const location = useLocation();
  // useLocation() has no language prefix; the switch needs the full current URL.
  const current = localizedPath(language, location.pathname);
  return (
    <ul className="lang-switch" aria-label={t('header.languageSwitch')}>
      {LANGUAGES.map((lang) => (
        <li key={lang.code}>
          <a
            href={switchLanguageUrl(current, location.search, lang.code)}
            // The part of the page read now (a fragment the server never sees) goes along.
            onClick={(event) => {
              event.currentTarget.hash = window.location.hash;
            }}
            hrefLang={lang.code}
            lang={lang.code}
            // The visible abbreviation stays the link's name (label in name, WCAG 2.5.3); the full name is its description.
            title={lang.name}
            aria-current={lang.code === language ? 'true' : undefined}
          >
            {lang.short}
          </a>
        </li>
      ))}
    </ul>
  );
}

function MainMenu() {
  const { t } = useTranslation();
  const { config } = usePageState();
  const oldSite = config.endpoints.oldSite.replace(/\/+$/, '');
  return (
    <nav className="main-menu" aria-label={t('menu.label')}>
      <ul>
        <li>
          <ExternalLink href={`${oldSite}/about`}>{t('menu.about')}</ExternalLink>
        </li>
        <li>
          <Dropdown label={t('menu.useful')}>
            <ul>
              <li>
                <ExternalLink href={`${oldSite}/instructions`}>{t('menu.instructions')}</ExternalLink>
              </li>
              <li>
                <ExternalLink href={`${oldSite}/legislation`}>{t('menu.legislation')}</ExternalLink>
              </li>
              <li>
                <ExternalLink href={config.endpoints.news}>{t('menu.news')}</ExternalLink>
              </li>
            </ul>
          </Dropdown>
        </li>
        <li>
          <AppLink to="/info/contacts">{t('menu.contacts')}</AppLink>
        </li>
      </ul>
    </nav>
  );
}

function Account() {
  const { t } = useTranslation();
  const { session } = usePageState();
  const location = useLocation();
  if (session) {
    return (
      <Suspense fallback={null}>
        <SessionAccount session={session} />
      </Suspense>
    );
  }
  return (
    <div className="account">
      <AppLink to={loginHref(location.pathname, location.search)}>{t('header.login')}</AppLink>
      <AppLink className="button button-primary" to="/registration">
        {t('header.registration')}
      </AppLink>
    </div>
  );
}

export function Header() {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  useScrollToSearch();
  useEffect(() => setOpen(false), [location.key]);
  // Escape closes the open menu and gives the focus back to its button (WAI-ARIA's
  // disclosure pattern), wherever in the menu the focus was.
  useEffect(() => {
    if (!open) return undefined;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [open]);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <div className="container header-inner">
        <Logo />
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="menu-toggle-icon" aria-hidden="true" />
          {t('header.menu')}
        </button>
        <div id="site-menu" className={open ? 'header-menu is-open' : 'header-menu'}>
          <MainMenu />
          <div className="header-actions">
            <LanguageSwitch />
            <Account />
          </div>
        </div>
      </div>
    </header>
  );
}
