/**
 * The head's tags: what the server writes (share cards, head links, JSON-LD that cannot
 * close its script) and what a client navigation changes of them, on a small stand-in of
 * the document's head (the tests run without a DOM).
 */
import { describe, expect, it } from 'vitest';
import { applyHead, headHtml, type Head } from './head';

const head = (over: Partial<Head> = {}): Head => ({
  title: 'Газ «А» & Б | Публічні закупівлі',
  description: 'Закупівля UA-1: Газ. Замовник: "Школа".',
  canonical: 'https://portal.test/tenders/UA-1',
  alternates: [
    { hreflang: 'uk', href: 'https://portal.test/tenders/UA-1' },
    { hreflang: 'en', href: 'https://portal.test/en/tenders/UA-1' },
    { hreflang: 'x-default', href: 'https://portal.test/tenders/UA-1' },
  ],
  noindex: false,
  links: [{ rel: 'alternate', type: 'application/json', href: 'https://portal.test/tenders/UA-1.ocds.json?a=1&b="2"', title: 'UA-1 <OCDS>' }],
  share: { locale: 'uk_UA', alternateLocale: 'en_US', siteName: 'Публічні закупівлі', image: 'https://portal.test/assets/share-card-1.png', imageAlt: 'Логотип' },
  ...over,
});

describe('headHtml', () => {
  it('writes the share card: the page its own, the language the rest', () => {
    const html = headHtml(head());
    for (const tag of [
      '<meta property="og:title" content="Газ «А» &amp; Б | Публічні закупівлі">',
      '<meta property="og:description" content="Закупівля UA-1: Газ. Замовник: &quot;Школа&quot;.">',
      '<meta property="og:url" content="https://portal.test/tenders/UA-1">',
      '<meta property="og:type" content="website">',
      '<meta property="og:site_name" content="Публічні закупівлі">',
      '<meta property="og:locale" content="uk_UA">',
      '<meta property="og:locale:alternate" content="en_US">',
      '<meta property="og:image" content="https://portal.test/assets/share-card-1.png">',
      '<meta property="og:image:width" content="1200">',
      '<meta property="og:image:height" content="630">',
      '<meta property="og:image:alt" content="Логотип">',
      '<meta name="twitter:card" content="summary_large_image">',
      '<meta name="twitter:title" content="Газ «А» &amp; Б | Публічні закупівлі">',
      '<meta name="twitter:description" content="Закупівля UA-1: Газ. Замовник: &quot;Школа&quot;.">',
      '<meta name="twitter:image" content="https://portal.test/assets/share-card-1.png">',
    ]) {
      expect(html).toContain(tag);
    }
    expect(html.indexOf('<meta name="description"')).toBeLessThan(html.indexOf('<link rel="canonical"'));
  });

  it('writes the head links with escaped attributes, and no empty title', () => {
    expect(headHtml(head())).toContain(
      '<link rel="alternate" type="application/json" href="https://portal.test/tenders/UA-1.ocds.json?a=1&amp;b=&quot;2&quot;" title="UA-1 &lt;OCDS&gt;">',
    );
    const untitled = headHtml(head({ links: [{ rel: 'alternate', type: 'application/atom+xml', href: 'https://portal.test/tenders.atom' }] }));
    expect(untitled).toContain('<link rel="alternate" type="application/atom+xml" href="https://portal.test/tenders.atom">');
  });

  it('writes JSON-LD no value can break out of', () => {
    const html = headHtml(head({ jsonLd: { '@context': 'https://schema.org', '@type': 'Thing', name: '</script><script>alert(1)</script>\u2028' } }));
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1];
    expect(json).not.toContain('<');
    expect(JSON.parse(json).name).toBe('</script><script>alert(1)</script>\u2028');
  });
});

/** Just enough of a document's head for `applyHead`: elements with attributes, and simple attribute selectors (`=`, `^=`). */
class StandIn {
  attributes = new Map<string, string>();
  constructor(
    readonly tagName: string,
    private readonly list: StandIn[],
  ) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, String(value));
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  remove() {
    this.list.splice(this.list.indexOf(this), 1);
  }
}

function standInDocument(html: string) {
  const children: StandIn[] = [];
  const matches = (el: StandIn, selector: string) => {
    const [, tag, rest] = /^(\w+)(.*)$/.exec(selector.trim())!;
    return (
      el.tagName === tag &&
      [...rest.matchAll(/\[([\w:-]+)(?:(\^?)="([^"]*)")?\]/g)].every(([, k, prefix, v]) =>
        v === undefined ? el.attributes.has(k) : prefix ? (el.getAttribute(k) ?? '').startsWith(v) : el.getAttribute(k) === v,
      )
    );
  };
  const all = (selectors: string) => children.filter((el) => selectors.split(',').some((s) => matches(el, s)));
  const head = {
    children,
    appendChild: (el: StandIn) => (children.push(el), el),
    querySelector: (s: string) => all(s)[0] ?? null,
    querySelectorAll: (s: string) => all(s),
  };
  const doc = { title: '', head, createElement: (tag: string) => new StandIn(tag, children) };
  // The server's head, element by element (void elements and scripts only).
  for (const m of html.matchAll(/<(meta|link|script)([^>]*)>/g)) {
    const el = doc.createElement(m[1]);
    for (const a of m[2].matchAll(/([\w:-]+)="([^"]*)"/g)) el.setAttribute(a[1], a[2]);
    children.push(el);
  }
  return doc;
}

const content = (doc: ReturnType<typeof standInDocument>, selector: string) => (doc.head.querySelector(selector) as StandIn | null)?.getAttribute('content');

describe('applyHead', () => {
  it("makes the links and the alternates the new page's, and drops the old share card and JSON-LD", () => {
    const first = head({ jsonLd: { '@context': 'https://schema.org', '@type': 'Thing' } });
    const doc = standInDocument(headHtml(first));
    const next = head({
      title: 'Тендери | Публічні закупівлі',
      description: 'Пошук тендерів',
      canonical: 'https://portal.test/tenders?status[0]=complete',
      alternates: [{ hreflang: 'uk', href: 'https://portal.test/tenders?status[0]=complete' }],
      links: [{ rel: 'alternate', type: 'application/atom+xml', href: 'https://portal.test/tenders.atom?status[0]=complete', title: 'Тендери: стрічка Atom' }],
      noindex: true,
    });
    applyHead(doc as unknown as Document, next);
    expect(doc.title).toBe(next.title);
    expect(content(doc, 'meta[name="description"]')).toBe(next.description);
    // The share card described the page before: crawlers read the server's, so it goes.
    expect(doc.head.querySelectorAll('meta[property^="og:"],meta[name^="twitter:"]')).toHaveLength(0);
    expect((doc.head.querySelector('link[rel="canonical"]') as StandIn).getAttribute('href')).toBe(next.canonical);
    const links = doc.head.querySelectorAll('link[rel="alternate"][type]') as StandIn[];
    expect(links.map((l) => Object.fromEntries(l.attributes))).toEqual(next.links);
    expect(doc.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
    expect(doc.head.querySelector('meta[name="robots"]')).not.toBeNull();

    applyHead(doc as unknown as Document, head({ links: [] }));
    expect(doc.head.querySelectorAll('link[rel="alternate"][type]')).toHaveLength(0);
    expect(doc.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
