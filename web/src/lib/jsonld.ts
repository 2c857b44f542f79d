/**
 * The schema.org descriptions (JSON-LD) of the pages' heads, typed against the schema.org
 * vocabulary (`schema-dts`: tsc rejects a property a type does not have): the pieces the
 * record pages share (organisations, addresses, prices, what is bought), a page's trail
 * (`BreadcrumbList`), and the one document a page writes (several nodes go in one
 * `@graph`). Every value is the record's or the portal's own; an absent one is left out,
 * never filled in. Only the server writes JSON-LD (crawlers read it in the first HTML,
 * `lib/head.ts`): the pages export their `jsonLd` behind `__SERVER__`, so none of this is
 * in the browser's bundle. Texts of Prozorro records are their Ukrainian originals.
 */
import type {
  BreadcrumbList, Graph, Organization, PostalAddress, PriceSpecification, Product, PropertyValue, Service, Thing, WithContext,
} from 'schema-dts';
import type { RouteContext } from './routeModule';
import type { Address, Classification, Item, Organization as Party, Value } from '../records/parts';
import { list } from '../records/parts';
import { localizedPath } from './paths';

/** A page's JSON-LD: one node with its context, or several in a `@graph`. */
export type JsonLdDocument = WithContext<Thing> | Graph;

/** An organisation described in place (schema-dts also allows a bare name or address). */
export type OrganizationNode = Exclude<Organization, string>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** `o` without its empty fields (undefined, null, '', []): search engines flag empty values. */
export const compact = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => !isEmpty(v))) as T;

/** One value or a list, as schema.org takes either; undefined for none. */
export const oneOrMany = <T>(values: T[]): T | T[] | undefined => (values.length === 0 ? undefined : values.length === 1 ? values[0] : values);

/** The page's document of `nodes` (the missing ones left out); null without any. */
export function jsonLdDocument(...nodes: Array<Thing | undefined | null>): JsonLdDocument | null {
  const all = nodes.filter((n): n is Exclude<Thing, string> => !!n && typeof n === 'object');
  if (all.length === 0) return null;
  if (all.length === 1) return { '@context': 'https://schema.org', ...all[0] } as WithContext<Thing>;
  return { '@context': 'https://schema.org', '@graph': all };
}

/** The site's absolute address of `path` (without the language base) in the page's language. */
export const absoluteUrl = (ctx: RouteContext, path: string): string =>
  ctx.input.config.publicOrigin.replace(/\/$/, '') + localizedPath(ctx.input.language, path);

/** One step of a trail: its name, and its absolute address. */
export interface TrailStep {
  name: string;
  url: string;
}

/**
 * A page's trail as a `BreadcrumbList`, the page itself the last step; none for fewer than
 * two steps (a trail of one leads nowhere).
 */
export function breadcrumbList(steps: TrailStep[]): BreadcrumbList | undefined {
  if (steps.length < 2) return undefined;
  return {
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, i) => ({ '@type': 'ListItem', position: i + 1, name: step.name, item: step.url })),
  };
}

/** A PostalAddress, or undefined without an address. */
export const postalAddress = (address: Address | undefined): PostalAddress | undefined =>
  address
    ? compact<PostalAddress>({
        '@type': 'PostalAddress',
        streetAddress: address.streetAddress,
        addressLocality: address.locality,
        addressRegion: address.region,
        postalCode: address.postalCode,
        addressCountry: address.countryName,
      })
    : undefined;

/**
 * An organisation with its register identifier and address; undefined without one. A
 * buyer is a `GovernmentOrganization` unless its record says it is of the `other` kind (a
 * company buying under the law without being a public body); anyone else (a supplier) is
 * an `Organization`.
 */
export function organisation(org: (Party & { kind?: string }) | undefined, role: 'buyer' | 'supplier'): OrganizationNode | undefined {
  if (!org) return undefined;
  const identifier = org.identifier;
  const node: OrganizationNode = {
    '@type': role === 'buyer' && org.kind !== 'other' ? 'GovernmentOrganization' : 'Organization',
    name: org.name || identifier?.legalName,
    legalName: identifier?.legalName || org.name,
    identifier: identifier?.id ? compact<PropertyValue>({ '@type': 'PropertyValue', propertyID: identifier.scheme, value: identifier.id }) : undefined,
    address: postalAddress(org.address),
  };
  return compact(node);
}

/** The amount of a value when it is a finite number (what a price can state). */
export const priceOf = (value: Pick<Value, 'amount'> | undefined): number | undefined =>
  typeof value?.amount === 'number' && Number.isFinite(value.amount) ? value.amount : undefined;

/** A value as a PriceSpecification (its amount, currency and whether it includes VAT); undefined without an amount. */
export function priceSpecification(value: Value | undefined): PriceSpecification | undefined {
  const price = priceOf(value);
  if (price === undefined) return undefined;
  return compact<PriceSpecification>({
    '@type': 'PriceSpecification',
    price,
    priceCurrency: value?.currency,
    valueAddedTaxIncluded: value?.valueAddedTaxIncluded,
  });
}

/** A classifier's code as text: `ДК021 30190000-7 Офісне устаткування`; '' without one. */
export const classificationText = (c: Classification | undefined): string => (c ? [c.scheme, c.id, c.description].filter(Boolean).join(' ') : '');

/**
 * Whether what is bought is goods (a Product) or works and services (a Service): the
 * record's `mainProcurementCategory`, else its CPV code's division (works are division
 * 45, services 50 and above, the rest goods).
 */
export function itemKind(category: string | undefined, cpv: string | undefined): 'Product' | 'Service' {
  if (category === 'goods') return 'Product';
  if (category === 'services' || category === 'works') return 'Service';
  const division = Number(cpv?.slice(0, 2));
  return Number.isFinite(division) && division >= 45 ? 'Service' : 'Product';
}

/** At most this many of a record's items are described: a tender may list hundreds, and the head is in every first load. */
export const ITEMS_MAX = 10;

/** The items of a record as what it seeks (their description and classification), at most `ITEMS_MAX`. */
export function itemsOffered(items: Item[] | undefined, category: string | undefined): Array<Product | Service> {
  return list(items)
    .filter((item) => item.description || item.classification?.id)
    .slice(0, ITEMS_MAX)
    .map((item) =>
      compact<Product | Service>({
        '@type': itemKind(category, item.classification?.id),
        name: item.description || classificationText(item.classification),
        category: classificationText(item.classification),
      }),
    );
}
