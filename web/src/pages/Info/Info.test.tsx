import { beforeAll, describe, expect, it } from 'vitest';
import { TOC_MIN_ENTRIES, telHref } from './Info';
import { contacts, redFlags, regulations, searchHelp, tariffs } from './route';
import { infoChunks, type InfoChunk, type InfoContent, type InfoPage } from './content.gen';
import { html, links, render, testConfig, tr } from '../../components/test-utils';
import type { Language } from '../../contract';
import type { RouteModule, SplitPage } from '../../lib/routeModule';

const languages: Language[] = ['uk', 'en'];
const paths: Record<string, string> = {
  tariffs: 'info/tariffs', contacts: 'info/contacts', regulations: 'info/regulations', searchHelp: 'info/search-help', redFlags: 'info/red-flags',
};

/** Each page's chunk in each language, loaded as the browser loads it. */
const chunks = new Map<string, InfoChunk>();
const infoContent = {} as Record<InfoPage, Record<Language, InfoContent>>;
beforeAll(async () => {
  for (const name of Object.keys(infoChunks) as InfoPage[]) {
    for (const language of languages) {
      const chunk = await infoChunks[name][language]();
      chunks.set(`${name}.${language}`, chunk);
      (infoContent[name] ??= {} as Record<Language, InfoContent>)[language] = chunk.content;
    }
  }
});

function page(module: RouteModule, language: Language): string {
  const path = paths[module.name];
  const Page = chunks.get(`${module.name}.${language}`)!.default;
  return render(<Page route={{ ...module, path }} />, { language, url: `${language === 'en' ? '/en' : ''}/${path}` });
}

/** Every id in the markup, with repeats (so duplicates show). */
const ids = (markup: string): string[] => [...markup.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);

/** The markup of the table of contents, or null. */
const tocOf = (markup: string): string | null => /<nav class="info-toc"[\s\S]*?<\/nav>/.exec(markup)?.[0] ?? null;

describe('info pages', () => {
  for (const language of languages) {
    describe(language, () => {
      it('tariffs: a table of the fees with headers, the confirmed figures, unconfirmed ones marked and the source named', () => {
        const out = page(tariffs, language);
        expect(out).toContain(`<h1 id="page-title" class="page-title">${html(tr(language, 'pages.tariffs.title'))}</h1>`);
        const table = /<div class="table-scroll" role="region" tabindex="0" aria-labelledby="([^"]+)"><table>([\s\S]*?)<\/table>/.exec(out);
        expect(table, 'the fee table sits in a labelled, focusable scroll region').not.toBeNull();
        expect(ids(out)).toContain(table![1]);
        const cells = table![2].replace(/\u00a0/g, ' '); // numbers keep together with no-break spaces
        expect(cells.match(/<th scope="col"/g)).toHaveLength(3);
        const fees = language === 'uk' ? ['17 грн', '119 грн', '340 грн', '510 грн', '1 700 грн'] : ['UAH 17', 'UAH 119', 'UAH 340', 'UAH 510', 'UAH 1,700'];
        for (const fee of fees) expect(cells).toContain(`>${fee}<`);
        expect(cells).toContain(language === 'uk' ? 'не підтверджено' : 'not confirmed');
        // The source: the act's name, number and date.
        if (language === 'uk') {
          expect(out).toContain('постановою Кабінету Міністрів України від 24 лютого 2016 р. № 166');
          expect(out).toContain('Про затвердження Порядку функціонування електронної системи закупівель');
        } else {
          expect(out).toContain('Resolution No. 166 of the Cabinet of Ministers of Ukraine of 24 February 2016');
        }
        expect(out).toContain('href="https://zakon.rada.gov.ua/laws/show/166-2016-%D0%BF"');
      });

      it('regulations: a table of contents whose every link points at a heading of the page', () => {
        const out = page(regulations, language);
        const nav = tocOf(out);
        expect(nav).not.toBeNull();
        expect(nav).toContain('aria-labelledby="info-toc-title"');
        expect(nav).toContain(`<h2 id="info-toc-title" class="info-toc-title">${html(tr(language, 'info.toc'))}</h2>`);
        const targets = links(nav!).map((l) => l.href ?? '');
        const { toc } = infoContent.regulations[language];
        expect(targets).toHaveLength(toc.length);
        expect(toc.filter((e) => e.depth === 2).length).toBeGreaterThanOrEqual(11);
        expect(toc.some((e) => e.depth === 3)).toBe(true);
        const headingIds = [...out.matchAll(/<h[23] id="([^"]+)"/g)].map((m) => m[1]);
        for (const target of targets) {
          expect(target.startsWith('#'), target).toBe(true);
          expect(headingIds, `${target} names a heading`).toContain(target.slice(1));
        }
      });

      it('contacts: the configured e-mail, phone, address and hours with mailto: and tel: links', () => {
        const out = page(contacts, language);
        expect(out).toContain(`<h1 id="page-title" class="page-title">${html(tr(language, 'pages.contacts.title'))}</h1>`);
        const dl = /<dl class="tender-facts">([\s\S]*?)<\/dl>/.exec(out)?.[1] ?? '';
        const { phone, address, hours } = testConfig.contacts;
        const mail = links(dl).find((l) => l.href?.startsWith('mailto:'));
        expect(mail?.href).toBe(`mailto:${testConfig.supportEmail}`);
        expect(mail?.text).toBe(testConfig.supportEmail);
        const tel = links(dl).find((l) => l.href?.startsWith('tel:'));
        expect(tel?.href).toBe('tel:+380440000001');
        expect(tel?.text).toBe(phone);
        expect(dl).toContain(`<dd>${html(address[language])}</dd>`);
        expect(dl).toContain(`<dd>${html(hours[language])}</dd>`);
        for (const key of ['email', 'phone', 'address', 'hours']) expect(dl).toContain(`<dt>${html(tr(language, `info.contacts.${key}`))}</dt>`);
        const other = language === 'uk' ? 'en' : 'uk';
        expect(dl).not.toContain(html(address[other]));
        expect(tocOf(out), 'a short page has no table of contents').toBeNull();
      });

      it('search help: word forms, apostrophes, spelling, codes, relevance, typos and the syntax, with examples', () => {
        const out = page(searchHelp, language);
        expect(out).toContain(`<h1 id="page-title" class="page-title">${html(tr(language, 'pages.searchHelp.title'))}</h1>`);
        // A section for each, with ids that stay when the text changes (the search may link them).
        expect(infoContent.searchHelp[language].toc.map((e) => e.id)).toEqual(['word-forms', 'apostrophes', 'spelling', 'codes', 'relevance', 'typos', 'syntax']);
        const text = out.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&#39;', "'");
        const uk = language === 'uk';
        for (const example of ['лікарні', 'лікарня', 'капітального ремонту', 'капітальний ремонт', "комп'ютерна техніка", 'комп’ютерна техніка', '14321498',
          'UA-2026-10-12-014102-a', 'UA-P-2026-10-12-017053-a', 'UA-2026-10-12-013625-a-c1', '"поточний ремонт"', 'ремонт -дороги', 'ремонт -"поточний ремонт"',
          'бензин АБО дизель', '"поточний ремонт', 'ремонт -', 'ремонт NOT дороги', 'ремонт НЕ дороги', 'ремонт AND дах', 'будівел*', 'проєкт', 'ґанок', 'обєкт']) {
          expect(text, example).toContain(example);
        }
        for (const term of uk ? ['ЄДРПОУ', 'РНОКПП', 'за релевантністю', 'п\'яти й більше літер', 'одну помилку', 'назві замовника', 'описах предметів закупівлі', 'незакриті лапки']
          : ['EDRPOU', 'RNOKPP', 'by relevance', 'five letters or more', 'one mistake', "buyer's name", 'item descriptions', 'unclosed quote']) {
          expect(text, term).toContain(term);
        }
        // The typo notice and its link, as the results page words them.
        expect(text).toContain(tr(language, 'search.corrected', { corrected: '…' }).replace(/\.$/, ''));
        expect(text).toContain(tr(language, 'search.exact', { keyword: '…' }));
        expect(text).toContain(tr(language, 'tenderList.sort'));
        // The registers it describes, linked in the page's language.
        const prefix = uk ? '' : '/en';
        for (const path of ['/tenders', '/plans', '/contracts', '/market/products']) expect(links(out).map((l) => l.href)).toContain(prefix + path);
      });

      it('red flags: a subsection per indicator with the ids the tender page links, the source, R003\'s minimums and the pinned fences', () => {
        const out = page(redFlags, language);
        const uk = language === 'uk';
        expect(out).toContain(`<h1 id="page-title" class="page-title">${html(tr(language, 'pages.redFlags.title'))}</h1>`);
        const { toc } = infoContent.redFlags[language];
        const codes = ['r003', 'r018', 'r024', 'r028', 'r030', 'r035', 'r036', 'r038', 'r058'];
        expect(toc.map((e) => e.id)).toEqual(['what', 'source', 'verdicts', 'reading', 'lots', 'bids', 'methods', 'prices', 'indicators', ...codes, 'fences', 'filter', 'counts']);
        for (const code of codes) {
          const entry = toc.find((e) => e.id === code)!;
          expect(entry.depth, code).toBe(3);
          expect(entry.text.startsWith(`${code.toUpperCase()} — `), entry.text).toBe(true);
        }
        expect(tocOf(out)).not.toBeNull();
        const text = out.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').replaceAll('&quot;', '"').replaceAll('&#39;', "'");
        // A reason to look closer, never a finding; the source, its licence and each definition.
        expect(text).toContain(uk ? 'а не висновок про порушення' : 'not a finding of wrongdoing');
        for (const term of ['Cardinal', 'Open Contracting Partnership', 'MIT']) expect(text, term).toContain(term);
        const hrefs = links(out).map((l) => l.href);
        expect(hrefs).toContain('https://github.com/open-contracting/cardinal-rs');
        for (const code of codes) expect(hrefs).toContain(`https://github.com/open-contracting/cardinal-rs/blob/main/docs/cli/indicators/R/${code.slice(1)}.md`);
        // The three verdicts, in the tender page's words.
        for (const verdict of uk ? ['Піднято', 'Перевірено, не піднято', 'Не застосовується'] : ['Raised', 'Checked, not raised', 'Not applicable']) expect(text).toContain(verdict);
        // R003: every method's legal minimum as indicators/src/settings.rs (MINIMUM_PERIODS) has it.
        const minimums: Record<string, [number, 'calendar' | 'working'] | null> = {
          aboveThreshold: [7, 'calendar'], aboveThresholdEU: [30, 'calendar'], aboveThresholdUA: [15, 'calendar'], 'aboveThresholdUA.defense': [6, 'working'],
          belowThreshold: [2, 'working'], closeFrameworkAgreementSelectionUA: [3, 'calendar'], closeFrameworkAgreementUA: [30, 'calendar'],
          competitiveDialogueEU: [30, 'calendar'], 'competitiveDialogueEU.stage2': [30, 'calendar'], competitiveDialogueUA: [30, 'calendar'],
          'competitiveDialogueUA.stage2': [15, 'calendar'], competitiveOrdering: [2, 'working'], 'complexAsset.arma': [20, 'working'], esco: [30, 'calendar'],
          negotiation: null, 'negotiation.quick': null, priceQuotation: [2, 'working'], reporting: null, requestForProposal: [4, 'calendar'], 'simple.defense': [6, 'working'],
        };
        const kinds = uk ? { calendar: 'календарні', working: 'робочі' } : { calendar: 'calendar', working: 'working' };
        const table = /<div class="table-scroll" role="region" tabindex="0" aria-labelledby="r003"><table>([\s\S]*?)<\/table>/.exec(out);
        expect(table, 'the minimums table under R003').not.toBeNull();
        const rows = [...table![1].matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) => [...r[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => c[1])).filter((cells) => cells.length > 0);
        expect(rows).toHaveLength(Object.keys(minimums).length);
        const read = Object.fromEntries(rows.map((cells) => [/<code>([^<]+)<\/code>/.exec(cells[1])![1], cells[2] === '—' ? null : [Number(cells[2]), cells[3]]]));
        expect(read).toEqual(Object.fromEntries(Object.entries(minimums).map(([method, m]) => [method, m && [m[0], kinds[m[1]]]])));
        // The pinned fences (indicators::SNAPSHOT_FENCES) and the counts on the snapshot.
        const decimal = (s: string) => (uk ? s.replace('.', ',') : s);
        for (const value of ['0.00977163922743079', '0.10523728824716692', '−0.1334268343021734', '0.24843576177677112']) expect(text).toContain(decimal(value));
        for (const value of uk ? ['−13,34 %', '24,84 %', '5 479', '1 872'] : ['−13.34%', '24.84%', '5,479', '1,872']) expect(text).toContain(value);
        // Its limits on this data: R024 cannot be raised, R030 has no bid dates.
        expect(text).toContain(uk ? 'спрацювати не може' : 'cannot be raised');
        expect(text).toContain(uk ? 'не містять дат пропозицій' : 'carry no bid dates');
        expect(hrefs).toContain(`${uk ? '' : '/en'}/tenders`);
      });

      it('every page: unique ids, in-page links that resolve, links to the portal in the page language', () => {
        for (const module of [tariffs, contacts, regulations, searchHelp, redFlags]) {
          const out = page(module, language);
          const all = ids(out);
          expect(new Set(all).size, `${module.name}: duplicate ids`).toBe(all.length);
          for (const { href } of links(out)) {
            if (href?.startsWith('#')) expect(all, `${module.name}: ${href}`).toContain(href.slice(1));
            else if (href?.startsWith('/')) {
              // Markdown links to the portal carry the language base themselves.
              expect(href.startsWith('/en/'), `${module.name} (${language}): ${href}`).toBe(language === 'en');
            }
          }
          const { toc } = infoContent[module.name as keyof typeof infoContent][language];
          expect(tocOf(out) !== null, `${module.name}: table of contents`).toBe(toc.length >= TOC_MIN_ENTRIES);
        }
      });
    });
  }

  it('both languages of a page have the same outline', () => {
    for (const [name, byLanguage] of Object.entries(infoContent)) {
      const depths = (language: Language) => byLanguage[language].toc.map((e) => e.depth).join(',');
      expect(depths('en'), name).toBe(depths('uk'));
    }
  });

  it('makes a tel: link of the digits and the plus sign only', () => {
    expect(telHref('+380 (44) 000-00-00')).toBe('tel:+380440000000');
  });

  it('loads a chunk per page and language: the texts stay out of the main bundle', async () => {
    for (const module of [tariffs, contacts, regulations, searchHelp, redFlags]) {
      expect(typeof module.page === 'object' && 'load' in module.page).toBe(true);
      for (const language of languages) {
        const chunk = (await (module.page as SplitPage).load(language)) as InfoChunk;
        expect(chunk.content).toBe(infoContent[module.name as InfoPage][language]);
      }
    }
  });
});
