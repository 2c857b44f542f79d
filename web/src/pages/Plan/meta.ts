/**
 * Head tags of the plan page (title, description, JSON-LD), computed from the same plan
 * object the page renders. In the page's chunk (`Plan.tsx` exports `meta` and
 * `jsonLd`), not in its route module: only the head needs them.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import type { Demand, Product, Service } from 'schema-dts';
import type { Meta, PageChunk } from '../../lib/routeModule';
import { languageOf } from '../../i18n';
import { dataOf } from '../../lib/data';
import { methodLabel } from '../../lib/enums';
import {
  absoluteUrl, breadcrumbList, classificationText, compact, itemKind, jsonLdDocument, organisation, priceSpecification,
  type JsonLdDocument, type TrailStep,
} from '../../lib/jsonld';
import { list, localized, money } from '../../records/parts';
import { DESCRIPTION_MAX, clip } from '../../lib/text';
import { planBuyer, planStatusLabel, planSubject, planYear } from './labels';
import type { Plan } from '../../records/plan';

/** Mid-sentence a label reads in lower case ("Статус: запланований."). */
const lowerFirst = (s: string, language: Language) => s.charAt(0).toLocaleLowerCase(language) + s.slice(1);

/** `<what is bought> — UA-P-2026-…` (the site name is appended by the head builder); '' without either. */
export function planTitle(plan: Plan, t: TFunction, language: Language = languageOf(t)): string {
  const subject = clip(planSubject(plan, language), 120);
  if (!plan.planID) return subject;
  if (!subject || subject === plan.planID) return plan.planID;
  return t('plan.meta.title', { title: subject, id: plan.planID });
}

/**
 * "План закупівлі UA-P-…: <what>. Замовник: <name>. Бюджет 1 234,00 грн на 2026 рік.
 * Процедура: <method>. Статус: запланований." Sentences whose data is missing are left
 * out; the subject is shortened so the whole stays under 300 characters.
 */
export function planDescription(plan: Plan, t: TFunction, language: Language = languageOf(t)): string {
  const buyer = planBuyer(plan);
  const buyerName = localized(buyer, 'name', language) || buyer?.identifier?.legalName || '';
  const value = money(plan.budget && { amount: plan.budget.amount, currency: plan.budget.currency }, language);
  const year = planYear(plan);
  const method = plan.tender?.procurementMethodType ? methodLabel(t, plan.tender.procurementMethodType) : '';
  const status = plan.status ? planStatusLabel(t, plan.status) : '';
  const budget = value
    ? year
      ? t(year.includes('–') ? 'plan.meta.budgetYears' : 'plan.meta.budgetYear', { value, year })
      : t('plan.meta.budget', { value })
    : year && t('plan.meta.year', { year });
  const tail = [
    buyerName && t('plan.meta.buyer', { name: clip(buyerName, 120) }),
    budget,
    method && t('plan.meta.method', { method }),
    status && t('plan.meta.status', { status: lowerFirst(status, language) }),
  ].filter(Boolean);
  const id = plan.planID ?? '';
  const rest = tail.join(' ');
  const room = DESCRIPTION_MAX - rest.length - id.length - 24;
  const subject = clip(planSubject(plan, language), Math.max(40, room));
  const lead = subject ? t('plan.meta.lead', { id, title: subject }) : t('plan.meta.leadNoTitle', { id });
  return clip([lead, ...tail].join(' '), DESCRIPTION_MAX);
}

/**
 * schema.org description of the plan: a `Demand` (an organisation's public announcement
 * that it seeks goods, works or services) for what the plan buys, published on its date,
 * with its budget as the price and the planned start of the tender; the buyer `seeks` it.
 * With the trail from the plan search (`trail`, absolute addresses), in one `@graph`.
 */
export function planJsonLd(plan: Plan, canonicalUrl: string, trail: TrailStep[] = []): JsonLdDocument {
  const subject = planSubject(plan, 'uk');
  const items = list(plan.items);
  const category = classificationText(plan.classification);
  const id = `${canonicalUrl}#plan`;
  const demand = compact<Demand>({
    '@type': 'Demand',
    '@id': id,
    name: subject || plan.planID,
    description: subject ? clip([subject, ...items.map((i) => i.description)].filter(Boolean).join('; '), DESCRIPTION_MAX) : undefined,
    identifier: plan.planID,
    url: canonicalUrl,
    validFrom: plan.datePublished ?? plan.dateCreated,
    availabilityStarts: plan.tender?.tenderPeriod?.startDate,
    itemOffered: subject || category
      ? compact<Product | Service>({ '@type': itemKind(undefined, plan.classification?.id), name: subject || category, category })
      : undefined,
    priceSpecification: priceSpecification(plan.budget && { amount: plan.budget.amount, currency: plan.budget.currency }),
  });
  const buyer = organisation(planBuyer(plan), 'buyer');
  return jsonLdDocument(demand, buyer && ({ ...buyer, seeks: { '@id': id } }), breadcrumbList(trail)) as JsonLdDocument;
}

/** The plan page's title and description (`PageChunk.meta`). */
export const meta: Meta = (ctx, t) => {
  const data = dataOf<Plan>(ctx, 'plan');
  const title = data ? planTitle(data, t) : '';
  return data && title ? { title, description: planDescription(data, t) } : null;
};

/** The plan page's JSON-LD (`PageChunk.jsonLd`), with its trail from the plan search: the server's only. */
export const jsonLd: PageChunk['jsonLd'] = __SERVER__
  ? (ctx, canonical, t) => {
      const data = dataOf<Plan>(ctx, 'plan');
      if (!data) return null;
      const trail = [
        { name: t('pages.planList.title'), url: absoluteUrl(ctx, '/plans') },
        { name: planSubject(data, ctx.input.language) || data.planID || '', url: canonical },
      ];
      return planJsonLd(data, canonical, trail);
    }
  : undefined;
