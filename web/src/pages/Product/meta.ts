/**
 * Head tags of the product pages (title, description, JSON-LD), from the same product
 * object the page renders. In the page's chunk (`Product.tsx` exports `meta` and
 * `jsonLd`), not in its route module: only the head needs them.
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import type { ItemAvailability, Offer, Product as ProductNode } from 'schema-dts';
import type { Meta, PageChunk } from '../../lib/routeModule';
import { languageOf } from '../../i18n';
import {
  breadcrumbList, compact, jsonLdDocument, oneOrMany, organisation, priceOf, priceSpecification, type JsonLdDocument,
} from '../../lib/jsonld';
import { priceTerms, type Product } from '../../lib/market';
import { money } from '../../records/parts';
import { localizedPath } from '../../lib/paths';
import { DESCRIPTION_MAX, clip } from '../../lib/text';
import type { PageData } from '../../lib/data';
import { classificationText, eanOf, imagesOf, productDescription, productOf, productTitle, statusLabel, trailOf, type ProductKind } from './labels';

/** The product's name, shortened for a title (the site name is appended by the head builder). */
export const productMetaTitle = (p: Product, language: Language): string => clip(productTitle(p, language), 120);

/**
 * The price with its currency and, as far as the record says, whether it includes VAT and
 * what unit it is of (`1 234,00 грн з ПДВ за штуку`); '' without one.
 */
export function priceText(p: Product, t: TFunction, language: Language): string {
  const amount = money(p.value, language);
  if (!amount) return '';
  const terms = priceTerms(t, p, language);
  return terms ? `${amount} ${terms}` : amount;
}

/**
 * "<title> у каталозі Market. Ціна: 1 234,00 грн з ПДВ. Постачальник: ТОВ «…», ЄДРПОУ
 * 12345678. Бренд: …, модель …. EAN-13: …. ДК 021:2015: 30192000-1 Офісне приладдя."
 * Sentences whose data is missing are left out; the title is shortened so the whole
 * stays under 300 characters.
 */
export function productMetaDescription(p: Product, kind: ProductKind, t: TFunction, language: Language = languageOf(t)): string {
  const price = priceText(p, t, language);
  const supplier = p.supplier?.name || p.supplier?.identifier?.legalName || '';
  const edrpou = p.supplier?.identifier?.id;
  const brand = p.brand?.name;
  const model = p.product?.name;
  const ean = eanOf(p);
  const cpv = classificationText(p, language);
  const status = p.status && p.status !== 'active' ? statusLabel(t, p.status) : '';
  const tail = [
    price && t('product.meta.price', { price }),
    supplier && t(edrpou ? 'product.meta.supplierWithId' : 'product.meta.supplier', { name: clip(supplier, 100), id: edrpou }),
    brand && t(model ? 'product.meta.brandModel' : 'product.meta.brand', { brand, model }),
    !brand && model && t('product.meta.model', { model }),
    ean && t('product.meta.ean', { ean }),
    cpv && t('product.meta.classification', { classification: clip(cpv, 100) }),
    status && t('product.meta.status', { status: status.charAt(0).toLocaleLowerCase(language) + status.slice(1) }),
  ].filter(Boolean);
  const rest = tail.join(' ');
  const room = DESCRIPTION_MAX - rest.length - 30;
  const lead = t(kind === 'product' ? 'product.meta.lead' : 'product.meta.leadProzorro', { title: clip(productTitle(p, language), Math.max(40, room)) });
  return clip([lead, ...tail].join(' '), DESCRIPTION_MAX);
}

/** schema.org availability of an offer, from the catalogue status (SPEC §4) it is in. */
const AVAILABILITY: Record<string, ItemAvailability> = {
  active: 'https://schema.org/InStock',
  hidden: 'https://schema.org/OutOfStock',
  draft: 'https://schema.org/OutOfStock',
  inactive: 'https://schema.org/Discontinued',
};

export interface JsonLdContext {
  kind: ProductKind;
  /** The related answers there are (`related.ts`): their titles name the breadcrumbs' steps. */
  data: PageData;
  language: Language;
  /** The page's canonical URL. */
  canonical: string;
  /** Origin of the portal's links (`config.publicOrigin`). */
  origin: string;
  /** The search service, whose host serves the catalogue's images. */
  searchBase: string;
}

/**
 * schema.org description of the product page: the Product (its name and description in
 * the page's language, EAN as sku and gtin13, brand, model, CPV category, images) with an
 * Offer when it has a price (a supplier's: price, currency, VAT, availability from its
 * status, the supplier as seller), and the BreadcrumbList of its place in the catalogue
 * (the steps whose names are known). Every value is the record's; absent ones are left out.
 */
export function productJsonLd(p: Product, { kind, data, language, canonical, origin, searchBase }: JsonLdContext): JsonLdDocument {
  const price = priceOf(p.value);
  const currency = p.value?.currency || undefined;
  const ean = eanOf(p);
  const identifier = typeof p.identifier?.id === 'string' ? p.identifier.id : undefined;
  const offer =
    price === undefined
      ? undefined
      : compact<Offer>({
          '@type': 'Offer',
          url: canonical,
          price,
          priceCurrency: currency,
          priceSpecification: typeof p.value?.valueAddedTaxIncluded === 'boolean' ? priceSpecification(p.value) : undefined,
          availability: p.status ? AVAILABILITY[p.status] : undefined,
          seller: organisation(p.supplier, 'supplier'),
        });
  const product = compact<ProductNode>({
    '@type': 'Product',
    '@id': `${canonical}#product`,
    url: canonical,
    name: productTitle(p, language),
    description: productDescription(p, language) || undefined,
    sku: identifier,
    gtin13: ean,
    brand: p.brand?.name ? { '@type': 'Brand', name: p.brand.name } : undefined,
    model: p.product?.name || undefined,
    category: classificationText(p, language) || undefined,
    image: oneOrMany(imagesOf(p, searchBase)),
    offers: offer,
  });
  const steps = trailOf(p, kind, data, language).filter((c) => c.step === 'market' || c.name);
  const breadcrumbs = breadcrumbList(
    steps.map((c) => ({
      // "Market" is the catalogue's name in both languages.
      name: c.step === 'market' ? 'Market' : (c.name ?? ''),
      url: c.step === 'product' ? canonical : origin + localizedPath(language, c.path),
    })),
  );
  return jsonLdDocument(product, breadcrumbs) as JsonLdDocument;
}

/** The product page's title and description (`PageChunk.meta`). */
export const meta: Meta = (ctx, t) => {
  const found = productOf(ctx);
  if (!found) return null;
  const { language } = ctx.input;
  return { title: productMetaTitle(found.product, language), description: productMetaDescription(found.product, found.kind, t, language) };
};

/** The product page's JSON-LD (`PageChunk.jsonLd`): the server's only. */
export const jsonLd: PageChunk['jsonLd'] = __SERVER__
  ? (ctx, canonical) => {
      const found = productOf(ctx);
      if (!found) return null;
      const { config, language, data } = ctx.input;
      const origin = config.publicOrigin.replace(/\/$/, '');
      return productJsonLd(found.product, { kind: found.kind, data, language, canonical, origin, searchBase: config.endpoints.search });
    }
  : undefined;
