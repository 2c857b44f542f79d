/**
 * Whole pages through the server bundle's own `render`, as the server calls it, for URLs
 * whose path would make a link to another host (`/en//evil.com` switched to uk was
 * `//evil.com`): no link, form, canonical, alternate or redirect of the page may start
 * with `//` or `/\` (browsers read `\` as `/`). The server redirects such paths too; the
 * bundle must be safe on its own. And no page carries a `style` attribute: the
 * Content-Security-Policy allows no inline styles.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import './entry-server';
import fixture from './contract.fixture.json';
import uk from '../../locales/uk/dzo.json';
import en from '../../locales/en/dzo.json';
import type { ClientConfig } from './config';
import type { RenderInput, RenderOutput } from './contract';
import { splitLanguage } from './lib/paths';
import { routes } from './routes';
import { loadAllPages } from './routes/split';

const portal = (globalThis as unknown as { __portal: { init: (json: string) => void; render: (input: RenderInput) => RenderOutput } }).__portal;
const config = fixture.input.config as ClientConfig;

beforeAll(async () => {
  portal.init(JSON.stringify({ uk, en }));
  // The split pages: in V8 they load within the microtask checkpoint after init; here
  // they are modules vitest loads, so wait for all of them.
  await loadAllPages(routes, ['uk', 'en']);
});

function render(url: string, session: RenderInput['session'] = null): RenderOutput {
  const { language } = splitLanguage(url.split('?')[0]);
  return portal.render({ url, language, config, session, data: {}, csrf: 'token' });
}

/** Every URL the page writes: href, action, src, and the redirect's Location. */
function written([, redirect, head, body]: RenderOutput): string[] {
  const html = head + body;
  const attrs = [...html.matchAll(/\s(?:href|action|src|formaction)="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  return redirect === null ? attrs : [...attrs, redirect];
}
const offSite = (url: string) => /^[\\/][\\/]/.test(url.replace(/[\t\n\r]/g, '')) && !url.startsWith(config.publicOrigin);

const EVIL = [
  '/en//evil.com',
  '//evil.com',
  '/en/\\evil.com',
  '/%2F%2Fevil.com',
  '/en/%2F%2Fevil.com',
  '//',
  '//?page=2',
  '/en//?keyword=x',
  '///evil.com/tenders',
  '/\\/evil.com?x=1',
  '/login?from=%2F%2Fevil.com',
  '/en/login?from=%2F%5Cevil.com',
  '/login?from=https%3A%2F%2Fevil.com%2F',
];

describe('pages of evil paths write only links of this site', () => {
  for (const url of EVIL) {
    it(url, () => {
      for (const session of [null, fixture.input.session as RenderInput['session']]) {
        const out = render(url, session);
        const urls = written(out);
        expect(urls.length, 'the page writes links').toBeGreaterThan(session ? 0 : 5);
        expect(urls.filter(offSite), `${url}: ${out[0]}`).toEqual([]);
        // Absolute ones (canonical, alternates) are of the configured origin.
        for (const u of urls.filter((x) => /^[a-z]+:/i.test(x) && x.includes(config.publicOrigin.replace(/^https?:/, '')))) {
          expect(new URL(u).origin).toBe(config.publicOrigin);
        }
      }
    });
  }

  it('the language switch of /en//evil.com goes to /evil.com, not //evil.com', () => {
    const [, , , body] = render('/en//evil.com');
    expect(/<a href="([^"]*)" hreflang="uk"/i.exec(body)?.[1]).toBe('/evil.com');
    expect(/<a href="([^"]*)" hreflang="en"/i.exec(body)?.[1]).toBe('/en/evil.com');
  });

  it('the login form sends back only a path of this site', () => {
    expect(render('/login?from=%2F%2Fevil.com')[3]).toContain('name="origin" value="/evil.com"');
    expect(render('/login?from=https%3A%2F%2Fevil.com%2F')[3]).toContain('name="origin" value=""');
    expect(render('/login?from=%2Ftenders%3Fpage%3D2')[3]).toContain('name="origin" value="/tenders?page=2"');
  });
});

describe('no inline styles in server HTML', () => {
  const PAGES = [
    '/',
    '/tenders',
    '/en/plans',
    '/contracts',
    '/market',
    '/market/products',
    '/login',
    '/registration',
    '/info/contacts',
    '/info/tariffs', // Markdown tables with aligned columns
    '/en/info/tariffs',
    '/info/regulations',
    '/no/such/page',
  ];
  for (const url of PAGES) {
    it(url, () => {
      const [status, , head, body] = render(url);
      expect(status).toBeGreaterThanOrEqual(200);
      expect(head + body).not.toMatch(/\sstyle="/i);
    });
  }
});

describe("the server's render speaks of dates for the input's moment", () => {
  it('says the time left to the deadline at `now`, whenever the isolate started', () => {
    const now = Date.parse('2026-10-12T09:00:00+03:00');
    const tender = {
      id: 'f'.repeat(32),
      tenderID: 'UA-2026-10-12-000001-a',
      title: 'Поточний ремонт',
      status: 'active.tendering',
      dateModified: '2026-10-12T08:00:00+03:00',
      tenderPeriod: { startDate: '2026-10-12T08:00:00+03:00', endDate: '2026-10-12T12:00:00+03:00' },
    };
    const data = { tender: { ok: true as const, body: tender } };
    const at = (moment: number) => portal.render({ url: `/tenders/${tender.tenderID}`, language: 'uk', config, session: null, data, now: moment })[3] as string;
    expect(at(now)).toContain('<span class="deadline-note deadline-left">залишилось 3 год</span>');
    expect(at(now + 4 * 3_600_000)).toContain('<span class="deadline-note deadline-passed">строк минув</span>');
  });
});
