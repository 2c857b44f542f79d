/**
 * Head tags of the plan page (title, description, JSON-LD), computed from the same plan
 * object the page renders. In the page's chunk (`Plan.tsx` exports `meta` and
 * `jsonLd`), not in its route module: only the head needs them.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import type { JsonLd, Meta } from '../../routes/types';
import { languageOf } from '../../i18n';
import { dataOf } from '../../lib/data';
import { methodLabel } from '../../lib/enums';
import { areaServed, organization, priceOf, withoutEmpty } from '../../lib/jsonld';
import { list, localized, money } from '../../lib/ocds';
import { DESCRIPTION_MAX, clip } from '../../lib/text';
import { planBuyer, planStatusLabel, planSubject, planYear } from './labels';
import type { Classification, Plan } from './types';

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

const classificationText = (c: Classification | undefined) =>
  c ? [c.scheme, c.id, c.description].filter(Boolean).join(' ') : '';

/** Works are CPV division 45; services 50 and above; the rest are goods. */
function itemType(cpv: string | undefined): 'Product' | 'Service' {
  const division = Number(cpv?.slice(0, 2));
  return Number.isFinite(division) && division >= 45 ? 'Service' : 'Product';
}

/**
 * schema.org description of the plan: a Demand (an organisation's public announcement
 * that it seeks goods, works or services) for what the plan buys, with its budget as the
 * price, the planned start of the tender, and the buyer who seeks it (`@reverse seeks`).
 * Texts are the Ukrainian originals.
 */
export function planJsonLd(plan: Plan, canonicalUrl: string): object {
  const buyer = planBuyer(plan);
  const subject = planSubject(plan, 'uk');
  const price = priceOf(plan.budget);
  const items = list(plan.items);
  const category = classificationText(plan.classification);
  const seeker = organization(buyer, 'GovernmentOrganization');
  return withoutEmpty({
    '@context': 'https://schema.org',
    '@type': 'Demand',
    name: subject || plan.planID,
    description: subject ? clip([subject, ...items.map((i) => i.description)].filter(Boolean).join('; '), DESCRIPTION_MAX) : undefined,
    identifier: plan.planID,
    url: canonicalUrl,
    validFrom: plan.datePublished ?? plan.dateCreated,
    availabilityStarts: plan.tender?.tenderPeriod?.startDate,
    itemOffered: subject || category
      ? withoutEmpty({ '@type': itemType(plan.classification?.id), name: subject || category, category: category || undefined })
      : undefined,
    priceSpecification:
      price === undefined ? undefined : { '@type': 'PriceSpecification', price, priceCurrency: plan.budget?.currency || 'UAH' },
    areaServed: areaServed(buyer?.address ?? plan.procuringEntity?.address),
    '@reverse': seeker ? { seeks: seeker } : undefined,
  });
}

/** The plan page's title and description (`PageChunk.meta`). */
export const meta: Meta = (ctx, t) => {
  const data = dataOf<Plan>(ctx, 'plan');
  const title = data ? planTitle(data, t) : '';
  return data && title ? { title, description: planDescription(data, t) } : null;
};

/** The plan page's JSON-LD (`PageChunk.jsonLd`). */
export const jsonLd: JsonLd = (ctx, canonical) => {
  const data = dataOf<Plan>(ctx, 'plan');
  return data && planJsonLd(data, canonical);
};
