/**
 * Head tags of the contract page (title, description, JSON-LD), computed from the same
 * contract object the page renders. In the page's chunk (`Contract.tsx` exports `meta`
 * and `jsonLd`), not in its route module: only the head needs them.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import type { Offer, Order, OrderStatus } from 'schema-dts';
import type { Meta, PageChunk } from '../../lib/routeModule';
import { languageOf } from '../../i18n';
import { dataOf } from '../../lib/data';
import {
  absoluteUrl, breadcrumbList, compact, jsonLdDocument, oneOrMany, organisation, priceOf, priceSpecification,
  type JsonLdDocument, type OrganizationNode, type TrailStep,
} from '../../lib/jsonld';
import { list, localized, money, organisationNames } from '../../records/parts';
import { DESCRIPTION_MAX, clip } from '../../lib/text';
import { statusLabel } from '../../lib/enums';
import type { Contract } from '../../records/contract';

const idOf = (contract: Contract) => contract.contractID || contract.id || '';
const titleOf = (contract: Contract, language: Language) => localized(contract, 'title', language);

/** `<title> — договір UA-…-a1` (the site name is appended by the head builder). */
export function contractTitle(contract: Contract, t: TFunction, language: Language = languageOf(t)): string {
  const id = idOf(contract);
  const title = clip(titleOf(contract, language), 120);
  if (!title || title === id) return t('pages.contract.title', { id });
  return t('contract.meta.title', { title, id });
}

/**
 * "Договір UA-…: <title>. Замовник: <name>. Постачальник: <name>. Сума 280,00 грн.
 * Статус: укладений." Sentences whose data is missing are left out; the title is
 * shortened so the whole stays under 300 characters.
 */
export function contractDescription(contract: Contract, t: TFunction, language: Language = languageOf(t)): string {
  const id = idOf(contract);
  const buyer = localized(contract.buyer, 'name', language) || contract.buyer?.identifier?.legalName || '';
  const suppliers = organisationNames(contract.suppliers, language);
  const value = money(contract.value, language);
  const status = contract.status ? statusLabel(t, 'contract', contract.status) : '';
  const tail = [
    buyer && t('contract.meta.buyer', { name: clip(buyer, 100) }),
    suppliers && t('contract.meta.suppliers', { name: clip(suppliers, 100) }),
    value && t('contract.meta.value', { value }),
    // Mid-sentence the label reads in lower case ("Статус: укладений.").
    status && t('contract.meta.status', { status: status.charAt(0).toLocaleLowerCase(language) + status.slice(1) }),
  ].filter(Boolean);
  const rest = tail.join(' ');
  const title = titleOf(contract, language);
  const room = DESCRIPTION_MAX - rest.length - id.length - 20;
  const lead = title ? t('contract.meta.lead', { id, title: clip(title, Math.max(40, room)) }) : t('contract.meta.leadId', { id });
  return clip([lead, ...tail].join(' '), DESCRIPTION_MAX);
}

/** The statuses schema.org's order statuses name without stretching them. */
const ORDER_STATUS: Record<string, OrderStatus> = {
  active: 'https://schema.org/OrderProcessing',
  cancelled: 'https://schema.org/OrderCancelled',
};

/**
 * schema.org description of the contract: an `Order` the buyer (customer) placed with the
 * suppliers (seller), the contract's value as its accepted offer's price (with whether it
 * includes VAT), its period as the offer's validity. With the trail from the contract
 * search (`trail`, absolute addresses), in one `@graph`.
 */
export function contractJsonLd(contract: Contract, canonicalUrl: string, trail: TrailStep[] = []): JsonLdDocument {
  const suppliers = list(contract.suppliers)
    .map((s) => organisation(s, 'supplier'))
    .filter((s): s is OrganizationNode => !!s);
  const price = priceOf(contract.value);
  const description = contract.description || contract.title;
  const order = compact<Order>({
    '@type': 'Order',
    name: contract.title || idOf(contract),
    description: description ? clip(description, DESCRIPTION_MAX) : undefined,
    identifier: idOf(contract) || undefined,
    orderNumber: contract.contractNumber || idOf(contract) || undefined,
    url: canonicalUrl,
    orderDate: contract.dateSigned ?? contract.dateCreated ?? contract.date,
    orderStatus: contract.status ? ORDER_STATUS[contract.status] : undefined,
    customer: organisation(contract.buyer, 'buyer'),
    seller: oneOrMany(suppliers),
    acceptedOffer:
      price === undefined
        ? undefined
        : compact<Offer>({
            '@type': 'Offer',
            price,
            priceCurrency: contract.value?.currency,
            priceSpecification: priceSpecification(contract.value),
            validFrom: contract.period?.startDate,
            validThrough: contract.period?.endDate,
          }),
  });
  return jsonLdDocument(order, breadcrumbList(trail)) as JsonLdDocument;
}

/** The contract page's title and description (`PageChunk.meta`). */
export const meta: Meta = (ctx, t) => {
  const data = dataOf<Contract>(ctx, 'contract');
  // Without an id of its own the default meta (the id from the path) says more.
  return data && (data.contractID || data.id) ? { title: contractTitle(data, t), description: contractDescription(data, t) } : null;
};

/** The contract page's JSON-LD (`PageChunk.jsonLd`), with its trail from the contract search: the server's only. */
export const jsonLd: PageChunk['jsonLd'] = __SERVER__
  ? (ctx, canonical, t) => {
      const data = dataOf<Contract>(ctx, 'contract');
      if (!data) return null;
      const trail = [
        { name: t('pages.contractList.title'), url: absoluteUrl(ctx, '/contracts') },
        { name: titleOf(data, ctx.input.language) || idOf(data), url: canonical },
      ];
      return contractJsonLd(data, canonical, trail);
    }
  : undefined;
