/**
 * Renders the plan page the way the server does for every API-docs example plan (all
 * statuses, centralized procurement, a donor programme) and for a slim plan shaped like
 * the registry's real ones, and checks the route's decisions (404 guard, 301 to the
 * planID, canonical link, head tags).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { html, links, render, testConfig, translations, tr } from '../../components/test-utils';
import type { ClientConfig } from '../../config';
import type { Fetched, Language } from '../../contract';
import type { PageData } from '../../lib/data';
import { pageHead } from '../../routes/head';
import { routeOutcome } from '../../routes/outcome';
import { loadPage } from '../../routes/split';
import type { PageRoute, RouteContext } from '../../lib/routeModule';
import { apiExamples } from '../../test-shared-data';
import Plan from './Plan';
import { planDescription, planJsonLd, planTitle } from './meta';
import { isPlanId, plan as planModule } from './route';
import type { Plan as PlanData } from '../../records/plan';

// `../shared/data` beside the project or `$PORTAL_SHARED_DATA`; skipped when absent, except
// under CI, where its absence fails the file.
const { dir: DIR, files, load } = apiExamples<PlanData>('plans');

const route: PageRoute = { ...planModule, path: 'plans/:id' };
// The head's meta and JSON-LD come with the page's chunk.
beforeAll(() => Promise.all([loadPage(route, 'uk'), loadPage(route, 'en')]));

function renderPlan(plan: Fetched | undefined, language: Language = 'uk'): string {
  const url = `${language === 'en' ? '/en' : ''}/plans/x`;
  return render(<Plan route={route} />, { language, url, data: plan ? { plan } : {} });
}
const renderBody = (body: unknown, language: Language = 'uk') => renderPlan({ ok: true, body }, language);

const sectionIds = (markup: string) => [...markup.matchAll(/<section id="([^"]+)"/g)].map((m) => m[1]);
const tocIds = (markup: string) => [...markup.matchAll(/<a href="#([^"]+)"/g)].map((m) => m[1]);
/** The markup of one section (sections are not nested). */
function section(markup: string, id: string): string {
  const start = markup.indexOf(`<section id="${id}"`);
  if (start < 0) return '';
  return markup.slice(start, markup.indexOf('</section>', start));
}
const hrefs = (markup: string) => links(markup).map((l) => l.href);

/** A plan shaped like the registry's real ones (slim). */
const slim: PlanData = {
  id: '001387c54cb9469eb77674ea46692875',
  planID: 'UA-P-2026-10-08-005080-a',
  status: 'scheduled',
  dateModified: '2026-10-08T11:26:29.834400+03:00',
  classification: { description: 'Бланки', scheme: 'ДК021', id: '22820000-4' },
  budget: { amount: 441.0, currency: 'UAH', description: 'Бланки' },
  procuringEntity: {
    name: 'КНП "Красненська МЛ"',
    identifier: { scheme: 'UA-EDR', id: '43919770', legalName: 'КНП "Красненська МЛ"' },
    address: { region: 'Львівська область', locality: 'селище Красне', countryName: 'Україна' },
  },
  tender: { procurementMethodType: 'reporting', tenderPeriod: { startDate: '2026-10-01T00:00:00+03:00' } },
};

describe('Plan page over the API examples', () => {
  if (!files.length) {
    it.skip(`needs the examples in ${DIR}`, () => {});
    return;
  }

  for (const file of files) {
    it(`renders every section ${file} has, in both languages`, () => {
      const plan = load(file);
      for (const language of ['uk', 'en'] as const) {
        const markup = renderBody(plan, language);
        expect(markup).toContain(plan.planID as string);
        expect(markup).toContain(html(tr(language, `enums.planStatus.${plan.status}`)));
        // The contents list exactly the sections rendered.
        expect(tocIds(markup)).toEqual(sectionIds(markup));
        const expected: Array<[string, boolean]> = [
          ['cancellation', !!plan.cancellation],
          ['tender', !!plan.tender],
          ['buyer', true],
          ['budget', !!plan.budget],
          ['classification', !!plan.classification],
          ['items', !!plan.items?.length],
          ['milestones', !!plan.milestones?.length],
          ['documents', !!plan.documents?.length],
          ['rationale', !!plan.rationale?.description],
        ];
        for (const [id, has] of expected) expect(sectionIds(markup).includes(id), `${file} ${language} section ${id}`).toBe(has);

        // Budget: amount and every source of its breakdown, with its label and amount.
        const budget = section(markup, 'budget');
        for (const b of plan.budget?.breakdown ?? []) {
          expect(budget).toContain(html(tr(language, `plan.budgetSource.${b.title}`)));
          expect(budget).toContain(html(b.description as string));
        }
        expect(budget).toContain(language === 'uk' ? '10 000,00 грн' : '10 000.00 UAH');
        expect(budget).toContain(language === 'uk' ? '1 500,00 грн' : '1 500.00 UAH');

        // Items: description, classification, quantity with unit, delivery address.
        const items = section(markup, 'items');
        for (const item of plan.items ?? []) {
          expect(items).toContain(html(item.description as string));
          expect(items).toContain(item.classification?.id as string);
          const place = item.deliveryAddress?.streetAddress ?? item.deliveryAddress?.locality ?? item.deliveryAddress?.countryName;
          if (place) expect(items).toContain(html(place));
        }

        // The buyer's identifier links to the three registers filtered by it.
        const buyerId = plan.buyers?.[0].identifier?.id as string;
        const prefix = language === 'en' ? '/en' : '';
        for (const register of ['tenders', 'plans', 'contracts']) {
          expect(hrefs(section(markup, 'buyer'))).toContain(`${prefix}/${register}?organizer%5B0%5D=${buyerId}`);
        }
        // The planned procedure and its start.
        expect(section(markup, 'tender')).toContain(html(tr(language, 'enums.procurementMethodType.belowThreshold')));
        expect(section(markup, 'tender')).toContain(language === 'uk' ? '08.01.2027' : '08/01/2027');
      }
    });
  }

  it('links the tender created from the plan (by its hex id, which the tender page redirects)', () => {
    for (const file of ['plan__complete.json', 'plan__complete-centralized.json']) {
      const plan = load(file);
      expect(plan.tender_id).toMatch(/^[0-9a-f]{32}$/);
      expect(hrefs(section(renderBody(plan), 'tender'))).toContain(`/tenders/${plan.tender_id}`);
      expect(hrefs(section(renderBody(plan, 'en'), 'tender'))).toContain(`/en/tenders/${plan.tender_id}`);
    }
    // A plan without a tender yet has no such link.
    expect(renderBody(load('plan__scheduled.json'))).not.toContain('/tenders/');
  });

  it('shows a central purchasing body apart from the buyer, with its own register links', () => {
    const markup = renderBody(load('plan__complete-centralized.json'));
    expect(sectionIds(markup)).toContain('procuringEntity');
    expect(section(markup, 'buyer')).toContain('ДУС');
    expect(section(markup, 'procuringEntity')).toContain('ЦЗО №1');
    expect(section(markup, 'procuringEntity')).toContain(html(tr('uk', 'plan.kinds.central')));
    expect(hrefs(section(markup, 'procuringEntity'))).toContain('/plans?organizer%5B0%5D=111111');
    // Buyer and procuring entity the same organisation: one section.
    expect(sectionIds(renderBody(load('plan__scheduled.json')))).not.toContain('procuringEntity');
  });

  it('shows the milestones with their status and documents', () => {
    const plan = load('plan__complete-centralized.json');
    const milestones = section(renderBody(plan), 'milestones');
    const milestone = plan.milestones![0];
    expect(milestones).toContain(html(milestone.title as string));
    expect(milestones).toContain(tr('uk', 'plan.milestoneStatus.met'));
    expect(milestones).toContain(`href="${html(milestone.documents![0].url as string)}" target="_blank" rel="noopener noreferrer"`);
    expect(milestones).toContain('Notice.pdf');
  });

  it('shows the cancellation and its reason first', () => {
    const plan = load('plan__cancelled.json');
    const markup = renderBody(plan);
    expect(sectionIds(markup)[0]).toBe('cancellation');
    expect(section(markup, 'cancellation')).toContain(html(plan.cancellation?.reason as string));
    expect(section(markup, 'cancellation')).toContain(tr('uk', 'plan.cancellationStatus.active'));
    expect(markup).toContain('status status-cancelled');
  });

  it('shows the donor programme funding the budget in the page language', () => {
    const plan = load('plan__draft-funder-program.json');
    expect(plan.budget?.project?.scheme).toBe('funder_program');
    const uk = section(renderBody(plan), 'budget');
    expect(uk).toContain(tr('uk', 'plan.funderProgram'));
    expect(uk).toContain(html(plan.budget?.project?.name as string));
    expect(section(renderBody(plan, 'en'), 'budget')).toContain(html(plan.budget?.project?.name_en as string));
    // Elsewhere the budget's project is not called a donor programme.
    expect(section(renderBody(load('plan__scheduled.json')), 'budget')).not.toContain(tr('uk', 'plan.funderProgram'));
  });

  it('shows a breakdown part by its budget classification and place', () => {
    const budget = section(renderBody(load('plan__complete.json')), 'budget');
    expect(budget).toContain(tr('uk', 'plan.budgetSource.local'));
    expect(budget).toContain('ТПКВКМБ');
    expect(budget).toContain('2170');
    expect(budget).toContain('Ароматне');
  });

  it('shows the rationale, the classifications and the recovery project', () => {
    const plan = load('plan__scheduled.json');
    const markup = renderBody(plan);
    expect(section(markup, 'rationale')).toContain(html(plan.rationale?.description as string));
    for (const c of plan.additionalClassifications ?? []) expect(section(markup, 'classification')).toContain(html(c.id as string));
    expect(markup).toContain(`href="${html(plan.project?.uri as string)}"`);
  });
});

describe('Plan page over a real (slim) plan', () => {
  it('renders the sections it has and nothing else', () => {
    const markup = renderBody(slim);
    expect(sectionIds(markup)).toEqual(['tender', 'buyer', 'budget', 'classification']);
    expect(tocIds(markup)).toEqual(sectionIds(markup));
    expect(markup).toContain('<h1 id="plan-title" class="page-title">Бланки</h1>');
    expect(markup).toContain('UA-P-2026-10-08-005080-a');
    expect(markup).toContain(tr('uk', 'enums.planStatus.scheduled'));
    expect(section(markup, 'budget')).toContain('441,00 грн');
    expect(section(markup, 'budget')).toContain('2026');
    expect(section(markup, 'buyer')).toContain(html('КНП "Красненська МЛ"'));
    expect(section(markup, 'tender')).toContain(html(tr('uk', 'enums.procurementMethodType.reporting')));
    expect(section(markup, 'classification')).toContain('22820000-4');
    expect(hrefs(markup)).toEqual(expect.arrayContaining(['/tenders?organizer%5B0%5D=43919770', '/plans?organizer%5B0%5D=43919770', '/contracts?organizer%5B0%5D=43919770']));
    for (const absent of ['items', 'documents', 'milestones', 'cancellation', 'rationale', 'procuringEntity']) {
      expect(markup).not.toContain(`<section id="${absent}"`);
    }
    // No breakdown table without a breakdown.
    expect(markup).not.toContain(tr('uk', 'plan.breakdown'));
  });

  it('renders in English with the register links under /en', () => {
    const markup = renderBody(slim, 'en');
    expect(markup).toContain('441.00 UAH');
    expect(markup).toContain(tr('en', 'enums.planStatus.scheduled'));
    expect(hrefs(markup)).toContain('/en/contracts?organizer%5B0%5D=43919770');
    expect(markup).toContain(html(tr('en', 'registerLinks.organizer.tenders')));
  });

  it('names the plan\'s and its items\' CPV codes in English under /en, from the classifier\'s answer', () => {
    const plan: PlanData = {
      ...slim,
      classification: { scheme: 'ДК021', id: '39160000-1', description: 'Шкільні меблі' },
      items: [{ description: 'Парти', quantity: 21, unit: { code: 'H87', name: 'штука' }, classification: { scheme: 'ДК021', id: '39160000-1', description: 'Шкільні меблі' } }],
    };
    const cpvNames: Fetched = { ok: true, body: { 'hydra:member': [
      { id: '39160000-1', scheme: 'classification', name: 'School furniture', name_en: 'School furniture', description: 'Шкільні меблі' },
    ] } };
    const page = (language: Language) => render(<Plan route={route} />, {
      language, url: `${language === 'en' ? '/en' : ''}/plans/x`, data: { plan: { ok: true, body: plan }, cpvNames },
    });
    const en = page('en');
    expect(section(en, 'classification')).toContain('<span class="code">39160000-1</span> School furniture');
    expect(section(en, 'items')).toContain('<span class="code">39160000-1</span> School furniture');
    expect(section(en, 'items')).toContain('21 pieces');
    expect(section(en, 'classification') + section(en, 'items')).not.toContain('Шкільні меблі');
    const uk = page('uk');
    expect(section(uk, 'classification')).toContain('Шкільні меблі');
    expect(section(uk, 'items')).toContain('21 штука');
  });

  it('renders a funder of a breakdown part, the plan documents and items', () => {
    const plan: PlanData = {
      ...slim,
      budget: {
        ...slim.budget,
        breakdown: [
          { title: 'loan', value: { amount: 300, currency: 'UAH' }, funder: { id: '44000', name: 'Світовий банк', name_en: 'World Bank', identifier: { scheme: 'XM-DAC', id: '44000' } } },
          { title: 'state', value: { amount: 141, currency: 'UAH' } },
        ],
      },
      documents: [{ id: 'd1', title: 'Річний план.pdf', url: 'https://files.test/plan.pdf', format: 'application/pdf', documentType: 'notice' }],
      items: [{ description: 'Бланки суворої звітності', quantity: 2500, unit: { code: 'H87', name: 'штука' }, deliveryDate: { endDate: '2026-12-20T00:00:00+02:00' } }],
    };
    const markup = renderBody(plan);
    const budget = section(markup, 'budget');
    expect(budget).toContain(tr('uk', 'plan.col.funder'));
    expect(budget).toContain('Світовий банк');
    expect(budget).toContain('XM-DAC 44000');
    expect(budget).toContain(tr('uk', 'plan.budgetSource.loan'));
    expect(budget).toContain(html(tr('uk', 'plan.breakdownTotal', { value: '441,00 грн' })));
    expect(section(renderBody(plan, 'en'), 'budget')).toContain('World Bank');
    expect(hrefs(section(markup, 'documents'))).toContain('https://files.test/plan.pdf');
    const items = section(markup, 'items');
    expect(items).toContain('Бланки суворої звітності');
    expect(items).toContain('2 500 штук');
    expect(section(renderBody(plan, 'en'), 'items')).toContain('2 500 pieces');
    expect(items).toContain('до 20.12.2026');
  });

  it('renders nothing without a plan or after a failed fetch', () => {
    expect(renderPlan(undefined)).toBe('');
    expect(renderPlan({ ok: false, status: 404 })).toBe('');
    expect(renderBody(null)).toBe('');
    expect(renderBody([])).toBe('');
  });

  it('survives nulls and odd shapes in the lists', () => {
    const markup = renderBody({ planID: 'UA-P-2026-01-01-000001-a', items: [null], buyers: [null], milestones: null, budget: { breakdown: [null] } });
    expect(markup).toContain('UA-P-2026-01-01-000001-a');
    expect(sectionIds(markup)).toEqual([]);
  });
});

describe('the plan route', () => {
  const i18n = createI18n('uk', { uk: { dzo: translations.uk }, en: { dzo: translations.en } });
  const t = i18n.getFixedT('uk', 'dzo');
  const tEn = i18n.getFixedT('en', 'dzo');
  const config = { ...testConfig, publicOrigin: 'https://portal.test' } as ClientConfig;
  const ctxOf = (id: string, data: PageData = {}, language: Language = 'uk'): RouteContext => ({
    params: { id },
    query: new URLSearchParams(),
    input: { language, data, session: null, config },
  });
  const ok = (body: unknown): Fetched => ({ ok: true, body });

  it('answers 404 without asking the upstream for an id of neither form', () => {
    for (const id of ['abc', 'UA-2026-10-08-005080-a', 'UA-P-2026-10-08-5080-a', '001387c54cb9469eb77674ea4669287', 'UA-P-2026-10-08-005080-a/x']) {
      expect(isPlanId(id), id).toBe(false);
      expect(routeOutcome(route, ctxOf(id)), id).toEqual({ error: 404 });
    }
    for (const id of ['UA-P-2026-10-08-005080-a', 'ua-p-2026-10-08-005080-a', 'UA-P-2026-10-08-005080-b.2', 'UA-P-2026-10-08-005080', '001387C54CB9469EB77674EA46692875']) {
      expect(isPlanId(id), id).toBe(true);
      expect(route.guard?.(ctxOf(id)), id).toBeNull();
    }
  });

  it('asks the search service for the plan, which it requires', () => {
    expect(route.fetches?.(ctxOf('UA-P-2026-10-08-005080-a'))).toEqual([
      { key: 'plan', service: 'search', path: '/api/plans/UA-P-2026-10-08-005080-a', validator: true },
      { key: 'freshness', service: 'search', path: '/api/freshness?brief=1', maxAge: 5 },
      // What others paid per unit, beside the plan (issue 47).
      { key: 'prices', service: 'search', path: '/api/prices/plans/UA-P-2026-10-08-005080-a' },
    ]);
    expect(route.required).toEqual(['plan']);
    // Without the prices flag, not asked for at all; the rest the same.
    const off = { ...config, features: { ...config.features, prices: false } };
    const ctx = ctxOf('UA-P-2026-10-08-005080-a');
    expect(route.fetches?.({ ...ctx, input: { ...ctx.input, config: off } })?.map((f) => f.key)).toEqual(['plan', 'freshness']);
    // Under /en, the English names of the plan's CPV code and its items', once the plan is in.
    expect(route.fetches?.(ctxOf('UA-P-2026-10-08-005080-a', {}, 'en'))?.find((f) => f.key === 'cpvNames')).toEqual({
      key: 'cpvNames', service: 'search', after: 'plan', maxAge: 3600,
      path: '/api/classifications?scheme=classification&page=1&perPage=100&searchId[]={/classification/id}&searchId[]={/items/*/classification/id}',
    });
    expect(routeOutcome(route, ctxOf('UA-P-2026-10-08-005080-a', { plan: { ok: false, status: 404 } }))).toEqual({ error: 404 });
    expect(routeOutcome(route, ctxOf('UA-P-2026-10-08-005080-a', { plan: { ok: false, status: 500 } }))).toEqual({ error: 503, shown: 500 });
  });

  it('redirects the 32-hex id to the planID with a 301, and nothing else', () => {
    const data = { plan: ok(slim) };
    expect(routeOutcome(route, ctxOf(slim.id as string, data))).toEqual({ redirect: '/plans/UA-P-2026-10-08-005080-a', status: 301 });
    expect(routeOutcome(route, ctxOf('UA-P-2026-10-08-005080-a', data))).toBeNull();
    expect(routeOutcome(route, ctxOf(slim.id as string, { plan: ok({ id: slim.id }) }))).toBeNull();
  });

  it('keeps one canonical address per plan, with data-derived meta and JSON-LD', () => {
    const h = pageHead(route, ctxOf('ua-p-2026-10-08-005080-a', { plan: ok(slim) }), t, '/plans/ua-p-2026-10-08-005080-a');
    expect(h.canonical).toBe('https://portal.test/plans/UA-P-2026-10-08-005080-a');
    expect(h.alternates).toContainEqual({ hreflang: 'en', href: 'https://portal.test/en/plans/UA-P-2026-10-08-005080-a' });
    expect(h.title.startsWith('Бланки — UA-P-2026-10-08-005080-a | ')).toBe(true);
    expect(h.description).toBe(
      'План закупівлі UA-P-2026-10-08-005080-a: Бланки. Замовник: КНП "Красненська МЛ". Очікувана вартість 441,00 грн на 2026 рік. ' +
        `Процедура: ${tr('uk', 'enums.procurementMethodType.reporting')}. Статус: запланований.`,
    );
    expect(h.jsonLd).toMatchObject({ '@context': 'https://schema.org' });
    const [demand, buyer, trail] = (h.jsonLd as { '@graph': object[] })['@graph'];
    expect(demand).toMatchObject({
      '@type': 'Demand',
      '@id': `${h.canonical}#plan`,
      identifier: 'UA-P-2026-10-08-005080-a',
      url: h.canonical,
      priceSpecification: { price: 441, priceCurrency: 'UAH' },
      availabilityStarts: '2026-10-01T00:00:00+03:00',
    });
    expect(buyer).toMatchObject({ '@type': 'GovernmentOrganization', identifier: { value: '43919770' }, seeks: { '@id': `${h.canonical}#plan` } });
    expect(trail).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ item: 'https://portal.test/plans' }, { item: h.canonical }] });
    const en = pageHead(route, ctxOf('UA-P-2026-10-08-005080-a', { plan: ok(slim) }, 'en'), tEn, '/plans/UA-P-2026-10-08-005080-a');
    expect(en.canonical).toBe('https://portal.test/en/plans/UA-P-2026-10-08-005080-a');
    expect(en.description).toContain('Expected value 441.00 UAH for 2026.');
    expect(en.description).toContain('Status: scheduled.');
  });

  it('falls back to the default meta with the id from the path when the plan is missing', () => {
    const h = pageHead(route, ctxOf('UA-P-2026-10-08-005080-a', { plan: { ok: false, status: 404 } }), t, '/plans/UA-P-2026-10-08-005080-a');
    expect(h.title.startsWith(t('pages.plan.title', { id: 'UA-P-2026-10-08-005080-a' }))).toBe(true);
    expect(h.description).toContain('UA-P-2026-10-08-005080-a');
    expect(h.canonical).toBe('https://portal.test/plans/UA-P-2026-10-08-005080-a');
    expect(h.jsonLd).toBeNull();
  });

  it('writes titles and descriptions for every API example, under 300 characters', () => {
    for (const file of files) {
      const plan = load(file);
      const title = planTitle(plan, t);
      expect(title).toBe(`budget_description — ${plan.planID}`);
      const description = planDescription(plan, t);
      expect(description.length).toBeLessThanOrEqual(300);
      expect(description).toContain(plan.planID as string);
      expect(description).toContain('Замовник: ДУС.');
      expect(description).toContain('на 2027 рік');
      const doc = planJsonLd(plan, 'https://portal.test/x') as { '@graph'?: object[] };
      expect(doc['@graph']?.[0] ?? doc).toMatchObject({ '@type': 'Demand', identifier: plan.planID });
    }
  });

  it('names a plan without a budget description by its classification, and clips long ones', () => {
    expect(planTitle({ planID: 'UA-P-1', classification: { description: 'Папір' } }, t)).toBe('Папір — UA-P-1');
    expect(planTitle({ planID: 'UA-P-1' }, t)).toBe('UA-P-1');
    const long = planDescription({ ...slim, budget: { ...slim.budget, description: 'дуже '.repeat(200) } }, t);
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long).toContain('Статус: запланований.');
  });
});
