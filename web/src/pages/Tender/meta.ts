/**
 * Head tags of the tender page (title, description, JSON-LD), computed from the same
 * tender object the page renders. In the page's chunk (`Tender.tsx` exports `meta` and
 * `jsonLd`), not in its route module: only the head needs them.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import type { JsonLd, Meta } from '../../routes/types';
import { languageOf } from '../../i18n';
import { dataOf } from '../../lib/data';
import { areaServed, organization, priceOf, withoutEmpty } from '../../lib/jsonld';
import { localized, money } from '../../lib/ocds';
import { DESCRIPTION_MAX, clip } from '../../lib/text';
import { statusLabel } from './labels';
import type { Tender } from './types';

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

/**
 * schema.org description of the tender: a GovernmentService provided by the procuring
 * entity, with the expected value as its offer. Texts are the Ukrainian originals.
 */
export function tenderJsonLd(tender: Tender, canonicalUrl: string): object {
  const entity = tender.procuringEntity;
  const price = priceOf(tender.value);
  const description = tender.description || tender.title;
  return withoutEmpty({
    '@context': 'https://schema.org',
    '@type': 'GovernmentService',
    name: tender.title || tender.tenderID,
    description: description ? clip(description, DESCRIPTION_MAX) : undefined,
    identifier: tender.tenderID,
    url: canonicalUrl,
    datePosted: tender.dateCreated ?? tender.date,
    provider: organization(entity, 'GovernmentOrganization'),
    areaServed: areaServed(entity?.address),
    offers:
      price === undefined
        ? undefined
        : withoutEmpty({
            '@type': 'Offer',
            price,
            priceCurrency: tender.value?.currency || 'UAH',
            availabilityEnds: tender.tenderPeriod?.endDate,
          }),
  });
}

/** The tender page's title and description (`PageChunk.meta`). */
export const meta: Meta = (ctx, t) => {
  const data = dataOf<Tender>(ctx, 'tender');
  return data && { title: tenderTitle(data, t), description: tenderDescription(data, t) };
};

/** The tender page's JSON-LD (`PageChunk.jsonLd`). */
export const jsonLd: JsonLd = (ctx, canonical) => {
  const data = dataOf<Tender>(ctx, 'tender');
  return data && tenderJsonLd(data, canonical);
};
