/**
 * Pieces of the schema.org descriptions (JSON-LD) the record pages put in their head:
 * tenders, plans and contracts describe their organisations and places the same way.
 * Texts are the records' Ukrainian originals.
 */
import type { Address, Organization, Value } from './ocds';

/** `o` without its empty fields (undefined, null, ''): search engines flag empty values. */
export const withoutEmpty = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** A PostalAddress, or undefined without an address. */
export const postalAddress = (address: Address | undefined) =>
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

/**
 * An organisation of `type` (`GovernmentOrganization` for a buyer, `Organization` for a
 * supplier) with its register identifier and address; undefined without one.
 */
export function organization(org: Organization | undefined, type: string) {
  if (!org) return undefined;
  const identifier = org.identifier;
  return withoutEmpty({
    '@type': type,
    name: org.name || identifier?.legalName,
    legalName: identifier?.legalName ?? org.name,
    identifier: identifier?.id ? withoutEmpty({ '@type': 'PropertyValue', propertyID: identifier.scheme, value: identifier.id }) : undefined,
    address: postalAddress(org.address),
  });
}

/** Where a buyer at `address` serves: its region, else its country (Ukraine when unstated). */
export const areaServed = (address: Address | undefined) =>
  address?.region ? { '@type': 'AdministrativeArea', name: address.region } : { '@type': 'Country', name: address?.countryName || 'Україна' };

/** The amount of a value when it is a finite number (what a price can state). */
export const priceOf = (value: Pick<Value, 'amount'> | undefined): number | undefined =>
  typeof value?.amount === 'number' && Number.isFinite(value.amount) ? value.amount : undefined;
