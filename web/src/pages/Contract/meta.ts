/**
 * Head tags of the contract page (title, description, JSON-LD), computed from the same
 * contract object the page renders; the route calls these from its `meta` and `jsonLd`.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import { localized, money, organizationNames, type Address, type Organization } from '../../lib/ocds';
import { languageOf } from '../Tender/labels';
import { contractLabel } from './labels';
import type { Contract } from './types';

import { DESCRIPTION_MAX, clip } from '../../lib/text';

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
  const suppliers = organizationNames(contract.suppliers, language);
  const value = money(contract.value, language);
  const status = contractLabel(t, 'status', contract.status);
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

const withoutEmpty = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== ''));

const postalAddress = (address: Address | undefined) =>
  address
    ? withoutEmpty({
        '@type': 'PostalAddress',
        streetAddress: address.streetAddress,
        addressLocality: address.locality,
        addressRegion: address.region,
        postalCode: address.postalCode,
        addressCountry: address.countryName,
      })
    : undefined;

/** An organisation with its register identifier and address. */
const organization = (org: Organization, type: string) => {
  const identifier = org.identifier;
  return withoutEmpty({
    '@type': type,
    name: org.name || identifier?.legalName,
    legalName: identifier?.legalName ?? org.name,
    identifier: identifier?.id ? withoutEmpty({ '@type': 'PropertyValue', propertyID: identifier.scheme, value: identifier.id }) : undefined,
    address: postalAddress(org.address),
  });
};

/** The statuses schema.org's order statuses name without stretching them. */
const ORDER_STATUS: Record<string, string> = {
  active: 'https://schema.org/OrderProcessing',
  cancelled: 'https://schema.org/OrderCancelled',
};

/**
 * schema.org description of the contract: an Order the buyer (customer) placed with the
 * suppliers (seller), the contract's value as its accepted offer's price (with whether it
 * includes VAT), its period as the offer's validity. Texts are the Ukrainian originals.
 */
export function contractJsonLd(contract: Contract, canonicalUrl: string): object {
  const suppliers = (contract.suppliers ?? []).filter((s) => s && typeof s === 'object').map((s) => organization(s, 'Organization'));
  const amount = contract.value?.amount;
  const description = contract.description || contract.title;
  const priced = typeof amount === 'number' && Number.isFinite(amount);
  const currency = contract.value?.currency || 'UAH';
  return withoutEmpty({
    '@context': 'https://schema.org',
    '@type': 'Order',
    name: contract.title || idOf(contract),
    description: description ? clip(description, DESCRIPTION_MAX) : undefined,
    identifier: idOf(contract) || undefined,
    orderNumber: contract.contractNumber || idOf(contract) || undefined,
    url: canonicalUrl,
    orderDate: contract.dateSigned ?? contract.dateCreated ?? contract.date,
    orderStatus: contract.status ? ORDER_STATUS[contract.status] : undefined,
    customer: contract.buyer ? organization(contract.buyer, 'GovernmentOrganization') : undefined,
    seller: suppliers.length === 0 ? undefined : suppliers.length === 1 ? suppliers[0] : suppliers,
    acceptedOffer: priced
      ? withoutEmpty({
          '@type': 'Offer',
          price: amount,
          priceCurrency: currency,
          priceSpecification: withoutEmpty({
            '@type': 'PriceSpecification',
            price: amount,
            priceCurrency: currency,
            valueAddedTaxIncluded: contract.value?.valueAddedTaxIncluded,
          }),
          validFrom: contract.period?.startDate,
          validThrough: contract.period?.endDate,
        })
      : undefined,
  });
}
