/**
 * The cookie notice's height while it is shown, for what floats above it and for focus
 * and fragment scrolling (issue 46, item 3). The notice publishes it; the root element
 * reads it as `--cookie-notice-offset` (registered as not inherited in `styles.css`) and
 * the scroll-to-top button subscribes here.
 *
 * The property was inherited: setting it on the root made the browser compute every
 * element's style again, 22-27 ms of one task on this machine right after hydration
 * (90-110 ms at Lighthouse's 4 × slowdown, issue 46, item 6). Not inherited, it changes
 * the root's style alone.
 */
type Listener = (px: number | null) => void;

let current: number | null = null;
const listeners = new Set<Listener>();

/** The notice's height in pixels, or null once it is gone. */
export function publishNoticeOffset(px: number | null): void {
  if (px === current) return;
  current = px;
  const root = document.documentElement.style;
  if (px === null) root.removeProperty('--cookie-notice-offset');
  else root.setProperty('--cookie-notice-offset', `${px}px`);
  for (const listener of listeners) listener(px);
}

/** Calls `listener` with the height now and on every change; returns the unsubscription. */
export function onNoticeOffset(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => {
    listeners.delete(listener);
  };
}
