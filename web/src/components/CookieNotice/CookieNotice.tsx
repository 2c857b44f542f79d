/**
 * The cookie notice banner. Whether it was dismissed is known only in the browser, so
 * the server and the first client render show nothing; it appears after mount.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';

/** localStorage key remembering that the notice was dismissed. */
export const COOKIE_NOTICE_KEY = 'cookieNoticeDismissed';

function dismissed(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_NOTICE_KEY) === 'true';
  } catch {
    return false; // storage disabled: show the notice, it just will not be remembered
  }
}

export function CookieNotice() {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);

  const ref = useRef<HTMLElement>(null);

  useEffect(() => setShow(!dismissed()), []);

  // Floating buttons (scroll to top) sit above the notice while it is shown.
  useEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!show || !el) return;
    const publish = () => root.style.setProperty('--cookie-notice-offset', `${el.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--cookie-notice-offset');
    };
  }, [show]);

  if (!show) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(COOKIE_NOTICE_KEY, 'true');
    } catch {
      // storage disabled: hide for this page view only
    }
    setShow(false);
  };

  return (
    <section ref={ref} className="cookie-notice" data-testid="cookie-notice" aria-label={t('cookieNotice.label')}>
      <p>{t('cookieNotice.text')}</p>
      <button type="button" className="button button-primary" onClick={dismiss}>
        {t('cookieNotice.accept')}
      </button>
    </section>
  );
}
