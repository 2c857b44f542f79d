/**
 * The boot script, inline at the end of every page (the server's document shell,
 * `server/templates/shell.html`, allowed by its hash in the Content-Security-Policy).
 * The web build minifies it into the client manifest (`boot`), where the server reads it.
 *
 * Nothing but the HTML and the stylesheet is downloaded before the page has painted:
 * a slow link gives its first seconds to them (Lighthouse's largest paint counts every
 * request started before it). Once the page has painted its first content and finished
 * loading (its stylesheet), then after one more frame, this asks for what the head's
 * `portal:*` metas name: the translations (`<link id="__i18n" rel="preload">`, which the
 * entry reads), the module preloads, then the entry, a few to a task. A page that is not
 * visible (a background tab paints nothing) starts at once, and three seconds after the
 * end of the body it starts whatever happened.
 */
((d: Document, w: Window) => {
  let started = false;
  let painted = false;
  let loaded = d.readyState === 'complete';

  /** The content of every `<meta name="portal:NAME">`, in order. */
  const each = (name: string, use: (url: string) => void) => {
    const metas = d.querySelectorAll<HTMLMetaElement>(`meta[name="portal:${name}"]`);
    for (let i = 0; i < metas.length; i++) use(metas[i].content);
  };

  // Each element added costs the main thread a few milliseconds on a slow phone (a
  // module preload starts its fetch there): a first load's 30-odd of them in one task
  // blocked it for 60-250 ms at Lighthouse's 4 × slowdown; three to a task still made
  // tasks of 12-18 ms on a loaded machine (50-70 ms at 4 ×). One goes in each task; the
  // next task is a message to itself, which, unlike a nested timeout, no browser delays.
  const PER_TASK = 1;
  const go = () => {
    if (started) return;
    started = true;
    const head = d.head;
    const queue: HTMLElement[] = [];
    each('i18n', (url) => {
      const link = d.createElement('link');
      link.id = '__i18n';
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
      link.href = url;
      queue.push(link);
    });
    each('preload', (url) => {
      const link = d.createElement('link');
      link.rel = 'modulepreload';
      link.href = url;
      queue.push(link);
    });
    each('entry', (url) => {
      const script = d.createElement('script');
      script.type = 'module';
      script.src = url;
      queue.push(script);
    });
    let next = 0;
    const channel = new MessageChannel();
    const add = () => {
      for (const end = Math.min(next + PER_TASK, queue.length); next < end; next++) head.appendChild(queue[next]);
      if (next < queue.length) channel.port2.postMessage(0);
      else channel.port1.close();
    };
    channel.port1.onmessage = add;
    add();
  };

  const ready = () => {
    if (painted && loaded) requestAnimationFrame(() => setTimeout(go, 0));
  };

  if (d.visibilityState !== 'visible') return go();
  setTimeout(go, 3000);
  if (!loaded) {
    w.addEventListener('load', () => {
      loaded = true;
      ready();
    });
  }
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length) {
        painted = true;
        observer.disconnect();
        ready();
      }
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing: start after the load.
    painted = true;
    ready();
  }
})(document, window);

export {};
