/**
 * The scroll-to-top button (SPEC §2.2, §9). It is rendered hidden on the server and on
 * the first client render (the scroll position is unknown there), then follows scrolling.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { onNoticeOffset } from '../../lib/noticeOffset';

/** The button appears once the page is scrolled further than this many pixels. */
export const SCROLL_TOP_THRESHOLD = 77;

/** Moves focus to the top of the page without scrolling to it (the caller scrolls). */
export function focusTop(): void {
  const target = document.querySelector<HTMLElement>('.skip-link') ?? document.querySelector<HTMLElement>('main h1');
  if (!target) return;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

export function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  // Above the cookie notice while it is shown (its height, `lib/noticeOffset.ts`).
  const [noticeOffset, setNoticeOffset] = useState<number | null>(null);
  useEffect(() => onNoticeOffset(setNoticeOffset), []);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  const toTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // Focus leaves the button first: the button hides at 77 px on the way up, and a
    // focused element that hides cuts Chromium's smooth scroll short (it stopped at about
    // 57 px with the header off-screen). The skip link is the page's first stop, where a
    // keyboard or screen-reader user expects to be at the top; the heading if it is absent.
    focusTop();
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <button
      type="button"
      className="scroll-to-top"
      data-testid="scroll-to-top"
      aria-label={t('scrollToTop.label')}
      hidden={!visible}
      style={noticeOffset === null ? undefined : { bottom: 16 + noticeOffset }}
      onClick={toTop}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M12 5l-7 7 1.4 1.4L11 8.8V20h2V8.8l4.6 4.6L19 12z" fill="currentColor" />
      </svg>
    </button>
  );
}

export default ScrollToTop;
