/**
 * The cookie notice banner, rendered by the server in the first HTML until the visitor
 * dismisses it (issue 30: on a first visit it was the largest text on the screen, and
 * painting it after mount made the largest paint wait for the whole bundle).
 *
 * The dismissal is the `cookie_notice` cookie, which the server reads on every request
 * (`page state.cookieNotice`). The button is a form post to `/cookie-notice` that
 * sets it and, without JavaScript, comes back to this page (`back`); with JavaScript the
 * same post asks for JSON and the notice goes away without a reload.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { localizedPath } from '../../lib/paths';
import { publishNoticeOffset } from '../../lib/noticeOffset';
import { usePageState } from '../../state';

/** Where the notice's form posts (the server's `notice.rs`). */
export const COOKIE_NOTICE_ACTION = '/cookie-notice';

export function CookieNotice() {
  const { t } = useTranslation();
  const { cookieNotice, language } = usePageState();
  const location = useLocation();
  const [show, setShow] = useState(!!cookieNotice);
  const ref = useRef<HTMLElement>(null);

  const dismiss = () => {
    setShow(false);
    // The cookie is the record; a failed post only means the notice comes back next page.
    void fetch(COOKIE_NOTICE_ACTION, { method: 'POST', headers: { Accept: 'application/json' } }).catch(() => undefined);
  };

  // Floating buttons (scroll to top) sit above the notice while it is shown. Its height
  // comes from the resize observer, which reports it on observing (no layout forced here).
  useEffect(() => {
    const el = ref.current;
    if (!show || !el) return;
    const publish = () => publishNoticeOffset(el.offsetHeight);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    if (observer) observer.observe(el);
    else publish();
    return () => {
      observer?.disconnect();
      publishNoticeOffset(null);
    };
  }, [show]);

  if (!show) return null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dismiss();
  };

  return (
    <section ref={ref} className="cookie-notice" data-testid="cookie-notice" aria-label={t('cookieNotice.label')}>
      <p>{t('cookieNotice.text')}</p>
      <form method="post" action={COOKIE_NOTICE_ACTION} onSubmit={submit}>
        <input type="hidden" name="back" value={localizedPath(language, location.pathname) + location.search} />
        <button type="submit" className="button button-primary">
          {t('cookieNotice.accept')}
        </button>
      </form>
    </section>
  );
}

export default CookieNotice;
