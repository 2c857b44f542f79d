/**
 * The page footer (SPEC §2.2): info pages, the agreement PDF of the current language,
 * social links, the copyright line and the support address.
 */
import { AppLink } from '../AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import { usePageState } from '../../state';
import { SupportEmail } from '../SupportEmail/SupportEmail';
import { ExternalLink } from '../ExternalLink/ExternalLink';
import { Suspense, lazy } from 'react';
import { TestMode as TestModeOnServer } from '../TestMode/render.server';

// Only a configuration with test mode has the switch: the browser loads it then (the
// server renders it in place).
const TestMode = __SERVER__ ? TestModeOnServer : lazy(() => import('../TestMode/TestMode'));

/** The platform's public pages: a social network page, a messaging channel, a video channel. */
export const SOCIAL_LINKS = [
  {
    key: 'facebook',
    href: 'https://www.facebook.com/dzo.com.ua',
    icon: 'M13.5 21v-8h2.7l.4-3.1h-3.1V7.9c0-.9.3-1.5 1.6-1.5h1.7V3.6c-.3 0-1.3-.1-2.4-.1-2.4 0-4 1.4-4 4.1v2.3H7.7V13h2.7v8h3.1z',
  },
  {
    key: 'telegram',
    href: 'https://t.me/dzo_com_ua',
    icon: 'M20.7 4.3 2.9 11.2c-1.2.5-1.2 1.2-.2 1.5l4.6 1.4 1.7 5.4c.2.6.4.8.9.8.4 0 .6-.2.9-.4l2.2-2.1 4.6 3.4c.8.5 1.4.2 1.6-.8l3-14.2c.3-1.2-.5-1.8-1.5-1.9zM8.6 13.9l9.6-6.1c.5-.3.9-.1.5.2l-8.1 7.3-.3 3.5-1.7-4.9z',
  },
  {
    key: 'youtube',
    href: 'https://www.youtube.com/@dzo_com_ua',
    icon: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3-5.2 3z',
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const { config, language } = usePageState();
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <nav className="footer-links" aria-label={t('footer.label')}>
          <ul>
            <li>
              <AppLink to="/info/tariffs">{t('footer.tariffs')}</AppLink>
            </li>
            <li>
              <ExternalLink href={`${config.assetBase}docs/agreement-${language}.pdf`}>{t('footer.agreement')}</ExternalLink>
            </li>
            <li>
              <AppLink to="/info/regulations">{t('footer.regulations')}</AppLink>
            </li>
            <li>
              <AppLink to="/info/search-help">{t('footer.searchHelp')}</AppLink>
            </li>
            <li>
              <AppLink to="/info/red-flags">{t('footer.redFlags')}</AppLink>
            </li>
            <li>
              <AppLink to="/info/contacts">{t('footer.contacts')}</AppLink>
            </li>
          </ul>
        </nav>
        <ul className="social-links" aria-label={t('footer.social')}>
          {SOCIAL_LINKS.map((s) => (
            <li key={s.key}>
              <ExternalLink href={s.href} aria-label={t(`footer.${s.key}`)}>
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  <path d={s.icon} fill="currentColor" />
                </svg>
              </ExternalLink>
            </li>
          ))}
        </ul>
        <div className="footer-legal">
          <SupportEmail className="footer-support" i18nKey="footer.support" />
          {/* The year is the one allowed server/client difference (only across New Year). */}
          <p className="copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          {config.features.testMode && (
            <Suspense fallback={null}>
              <TestMode />
            </Suspense>
          )}
        </div>
      </div>
    </footer>
  );
}
