/**
 * Head tags of the tender page (title, description, JSON-LD), computed from the same
 * tender object the page renders; its links are in `links.ts`. In the page's chunk
 * (`Tender.tsx` exports `meta`, `jsonLd` and `links`), not in its route module: only the
 * head needs them. The external tender's page (`pages/ExternalTender`) shares them.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import type { AdministrativeArea, Demand } from 'schema-dts';
import type { Meta, PageChunk, RouteContext } from '../../lib/routeModule';
import { languageOf } from '../../i18n';
import { dataOf } from '../../lib/data';
import {
  absoluteUrl, breadcrumbList, compact, itemsOffered, jsonLdDocument, oneOrMany, organisation, priceSpecification,
  type JsonLdDocument, type TrailStep,
} from '../../lib/jsonld';
import { list, localized, money } from '../../records/parts';
import { DESCRIPTION_MAX, clip } from '../../lib/text';
import { statusLabel } from './labels';
import type { Tender } from '../../records/tender';

const titleOf = (tender: Tender, language: Language) => localized(tender, 'title', language) || tender.tenderID || '';

/** `<title> — UA-2026-…` (the site name is appended by the head builder). */
export function tenderTitle(tender: Tender, t: TFunction, language: Language = languageOf(t)): string {
  const title = clip(titleOf(tender, language), 120);
  if (!tender.tenderID) return title;
  if (!title || title === tender.tenderID) return tender.tenderID;
  return t('tender.meta.title', { title, id: tender.tenderID });
}

/**
 * "Закупівля UA-…: <title>. Замовник: <name>. Очікувана вартість 1 234,00 грн. Статус: завершена."
 * Sentences whose data is missing are left out; the title is shortened so the whole
 * stays under 300 characters.
 */
export function tenderDescription(tender: Tender, t: TFunction, language: Language = languageOf(t)): string {
  const organizer = localized(tender.procuringEntity, 'name', language);
  const value = money(tender.value, language);
  const status = tender.status ? statusLabel(t, tender.status) : '';
  const tail = [
    organizer && t('tender.meta.organizer', { name: clip(organizer, 120) }),
    value && t('tender.meta.value', { value }),
    // Mid-sentence the label reads in lower case ("Статус: завершена.").
    status && t('tender.meta.status', { status: status.charAt(0).toLocaleLowerCase(language) + status.slice(1) }),
  ].filter(Boolean);
  const id = tender.tenderID ?? '';
  const rest = tail.join(' ');
  const room = DESCRIPTION_MAX - rest.length - id.length - 20;
  const lead = t('tender.meta.lead', { id, title: clip(titleOf(tender, language), Math.max(40, room)) });
  return clip([lead, ...tail].join(' '), DESCRIPTION_MAX);
}

/** Where the items are delivered: the regions their delivery addresses name, each once. */
const deliveryAreas = (items: Tender['items']): AdministrativeArea[] =>
  [...new Set(list(items).map((i) => i.deliveryAddress?.region).filter((r): r is string => !!r))].map((name) => ({ '@type': 'AdministrativeArea', name }));

/**
 * schema.org description of the tender: a call for tenders is a `Demand` (schema.org's
 * "public announcement by an organization to seek a certain type of goods or services"),
 * open for bids through its tender period, with its expected value as the price, what it
 * buys (its items), and where they are delivered; its procuring entity `seeks` it. With
 * the trail from the tender search (`trail`, absolute addresses), in one `@graph`.
 */
export function tenderJsonLd(tender: Tender, canonicalUrl: string, trail: TrailStep[] = []): JsonLdDocument {
  const description = tender.description || tender.title;
  const id = `${canonicalUrl}#tender`;
  const demand = compact<Demand>({
    '@type': 'Demand',
    '@id': id,
    name: tender.title || tender.tenderID,
    description: description ? clip(description, DESCRIPTION_MAX) : undefined,
    identifier: tender.tenderID,
    url: canonicalUrl,
    validFrom: tender.tenderPeriod?.startDate,
    validThrough: tender.tenderPeriod?.endDate,
    priceSpecification: priceSpecification(tender.value),
    itemOffered: oneOrMany(itemsOffered(tender.items, tender.mainProcurementCategory)),
    areaServed: oneOrMany(deliveryAreas(tender.items)),
  });
  const buyer = organisation(tender.procuringEntity, 'buyer');
  return jsonLdDocument(demand, buyer && ({ ...buyer, seeks: { '@id': id } }), breadcrumbList(trail)) as JsonLdDocument;
}

/** The trail of a tender page: the tender search, then the tender (by its title in the page's language). */
export const tenderTrail = (tender: Tender, ctx: RouteContext, canonical: string, t: TFunction): TrailStep[] => [
  { name: t('pages.tenderList.title'), url: absoluteUrl(ctx, '/tenders') },
  { name: titleOf(tender, ctx.input.language), url: canonical },
];

/** The tender page's title and description (`PageChunk.meta`). */
export const meta: Meta = (ctx, t) => {
  const data = dataOf<Tender>(ctx, 'tender');
  return data && { title: tenderTitle(data, t), description: tenderDescription(data, t) };
};

/** The tender page's JSON-LD (`PageChunk.jsonLd`): the server's only. */
export const jsonLd: PageChunk['jsonLd'] = __SERVER__
  ? (ctx, canonical, t) => {
      const data = dataOf<Tender>(ctx, 'tender');
      return data && tenderJsonLd(data, canonical, tenderTrail(data, ctx, canonical, t));
    }
  : undefined;
