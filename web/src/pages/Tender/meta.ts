/**
 * Head tags of the tender page (title, description, JSON-LD), computed from the same
 * tender object the page renders; the route calls these from its `meta` and `jsonLd`.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import { localized, money } from '../../lib/ocds';
import { languageOf, statusLabel } from './labels';
import type { Tender } from './types';

import { DESCRIPTION_MAX, clip } from '../../lib/text';

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

const withoutEmpty = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/**
 * schema.org description of the tender: a GovernmentService provided by the procuring
 * entity, with the expected value as its offer. Texts are the Ukrainian originals.
 */
export function tenderJsonLd(tender: Tender, canonicalUrl: string): object {
  const entity = tender.procuringEntity;
  const identifier = entity?.identifier;
  const address = entity?.address;
  const amount = tender.value?.amount;
  const description = tender.description || tender.title;
  return withoutEmpty({
    '@context': 'https://schema.org',
    '@type': 'GovernmentService',
    name: tender.title || tender.tenderID,
    description: description ? clip(description, DESCRIPTION_MAX) : undefined,
    identifier: tender.tenderID,
    url: canonicalUrl,
    datePosted: tender.dateCreated ?? tender.date,
    provider: entity
      ? withoutEmpty({
          '@type': 'GovernmentOrganization',
          name: entity.name,
          legalName: identifier?.legalName ?? entity.name,
          identifier: identifier?.id
            ? withoutEmpty({ '@type': 'PropertyValue', propertyID: identifier.scheme, value: identifier.id })
            : undefined,
          address: address
            ? withoutEmpty({
                '@type': 'PostalAddress',
                streetAddress: address.streetAddress,
                addressLocality: address.locality,
                addressRegion: address.region,
                postalCode: address.postalCode,
                addressCountry: address.countryName,
              })
            : undefined,
        })
      : undefined,
    areaServed: address?.region
      ? { '@type': 'AdministrativeArea', name: address.region }
      : { '@type': 'Country', name: address?.countryName || 'Україна' },
    offers:
      typeof amount === 'number' && Number.isFinite(amount)
        ? withoutEmpty({
            '@type': 'Offer',
            price: amount,
            priceCurrency: tender.value?.currency || 'UAH',
            availabilityEnds: tender.tenderPeriod?.endDate,
          })
        : undefined,
  });
}
