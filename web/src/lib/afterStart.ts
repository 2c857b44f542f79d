/**
 * What the browser entry starts beside hydration and nobody waits for, in a chunk of its
 * own (not in every page's first load): web vitals to the server's log, and the tag
 * manager when configured.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { ClientConfig } from '../config';

export default function afterStart(config: ClientConfig): void {
  const send = (metric: Metric) => {
    const body = JSON.stringify({ name: metric.name, value: metric.value, id: metric.id, rating: metric.rating, path: location.pathname });
    if (!navigator.sendBeacon?.('/__vitals', new Blob([body], { type: 'application/json' }))) {
      void fetch('/__vitals', { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true });
    }
  };
  onCLS(send);
  onINP(send);
  onLCP(send);
  onTTFB(send);
  onFCP(send);

  if (config.features.tagManager && config.tagManagerId) {
    const w = window as unknown as { dataLayer: unknown[] };
    w.dataLayer = w.dataLayer || [];
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(config.tagManagerId)}`;
    document.head.appendChild(script);
  }
}
