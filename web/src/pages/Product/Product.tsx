/**
 * The product page of the Market catalogue, for both catalogues: a supplier's offer
 * (`/market/products/{id}`: price, supplier, add to cart) and a product of the national
 * catalogue (`/market/prozorro-products/{id}`: neither). From the product the server
 * prefetched, with its profile, category and classification (the server asks for them once
 * the product's answer names them: `route.ts`), which add the titles of the breadcrumbs
 * and the profile's requirements beside the characteristics. The first render depends only on the page state (no clock), so the
 * server and the hydrating browser render the same markup.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { AddToCart } from '../../components/AddToCart/AddToCart';
import { AppLink } from '../../components/AppLink/AppLink';
import { Facts, type Fact } from '../../components/Facts/Facts';
import { Section } from '../../components/Section/Section';
import { Status } from '../../components/Status/Status';
import type { ClientConfig } from '../../config';
import { useTranslation } from '../../i18n/react';
import type { Product as ProductData, Profile } from '../../lib/market';
import { addressLine, formatter, list } from '../../records/parts';
import { dataOf } from '../../lib/data';
import { PriceBenchmark as PriceBenchmarkOnServer } from '../../components/PriceBenchmark/PriceBenchmark.server';
import type { PageRoute } from '../../lib/routeModule';
import { usePageState } from '../../state';
import { Characteristics, characteristicRows } from './Characteristics';
import {
  classificationText, eanOf, imagesOf, productDescription, productOf, productTitle, profileOf, statusLabel, trailOf, type Crumb,
  type ProductKind,
} from './labels';
import { priceText } from './meta';

// What buyers paid per unit: the server renders it in place, the browser loads it after the first load.
const PriceBenchmark = __SERVER__ ? PriceBenchmarkOnServer : lazy(() => import('../../components/PriceBenchmark/PriceBenchmark'));

// The page's head comes with its chunk (`PageChunk`).
export { jsonLd, meta } from './meta';

export default function Product({ route: _route }: { route: PageRoute }) {
  const state = usePageState();
  const found = productOf(state);
  return found && <ProductView product={found.product} kind={found.kind} />;
}

export function ProductView({ product, kind }: { product: ProductData; kind: ProductKind }) {
  const { t } = useTranslation();
  const { language, config, data } = usePageState();
  const profile = profileOf(product, data);
  useMismatchLog(product, profile, config);

  const title = productTitle(product, language);
  const description = productDescription(product, language);
  const crumbs = trailOf(product, kind, data, language);
  const rows = characteristicRows(product.requirementResponses, profile, language);
  const supplier = kind === 'product' && hasSupplier(product) ? product.supplier : undefined;
  const price = kind === 'product' ? priceText(product, t, language) : '';
  // What buyers paid per unit under the product's code, beside its catalogue price (issue 47).
  // The line reads its entry itself, so `records/prices.ts` stays out of the first load.
  const [benchmark] = list(dataOf<{ items?: object[] }>({ data }, 'prices')?.items);
  const category = crumbs.find((c) => c.step === 'category');
  const profileCrumb = crumbs.find((c) => c.step === 'profile');
  const ean = eanOf(product);

  const facts: Fact[] = [
    [t('product.facts.classification'), classificationText(product, language)],
    [t('product.facts.brand'), product.brand?.name],
    [t('product.facts.model'), product.product?.name],
    // An EAN-13 as such; another identifier with its scheme.
    ean
      ? [t('product.facts.ean'), ean, 'code']
      : [t('product.facts.identifier'), [product.identifier?.scheme, product.identifier?.id].filter(Boolean).join(' '), 'code'],
    [t('product.facts.category'), category && <AppLink to={category.path}>{category.name ?? t('product.categoryLink')}</AppLink>],
    [t('product.facts.profile'), profileCrumb && <AppLink to={profileCrumb.path}>{profileCrumb.name ?? t('product.profileLink')}</AppLink>],
  ];

  return (
    <article className="page tender-page product-page" aria-labelledby="product-title">
      <header className="tender-header">
        <Breadcrumbs crumbs={crumbs} t={t} />
        <p className="product-kicker muted">{t(kind === 'product' ? 'product.kicker' : 'product.kickerProzorro')}</p>
        <h1 id="product-title" className="page-title">{title}</h1>
        {product.status && (
          <p className="tender-badges">
            <Status code={product.status} label={t('product.statusLabel')}>{statusLabel(t, product.status)}</Status>
          </p>
        )}
      </header>

      <div className="product-main">
        <Images sources={imagesOf(product, config.endpoints.search)} title={title} t={t} />
        <div className="product-summary">
          {price && (
            <p className="product-price">
              <span className="visually-hidden">{t('product.facts.price')}: </span>
              {price}
              {benchmark ? (
                <Suspense fallback={null}>
                  <PriceBenchmark entry={benchmark} owner="product" format={formatter(t, language)} />
                </Suspense>
              ) : null}
            </p>
          )}
          {kind === 'product' && product.status === 'active' && <AddToCart productId={product.id} />}
          <Facts rows={facts} className="product-facts" />
        </div>
      </div>

      {description && (
        <Section id="description" title={t('product.sections.description')}>
          <p className="product-description">{description}</p>
        </Section>
      )}

      {rows.length > 0 && (
        <Section id="characteristics" title={t('product.sections.characteristics')}>
          <Characteristics rows={rows} withRequirements={!!profile} t={t} language={language} />
        </Section>
      )}

      {supplier && (
        <Section id="supplier" title={t('product.sections.supplier')}>
          <Facts
            rows={[
              // Not linked to a supplier page: a catalogue's supplier need have no tender or
              // contract, and its page would be a 404.
              [t('product.supplier.name'), supplier.name || supplier.identifier?.legalName],
              [t('product.supplier.legalName'), supplier.identifier?.legalName !== supplier.name && supplier.identifier?.legalName],
              [t('product.supplier.edrpou'), supplier.identifier?.id, 'code'],
              [t('product.supplier.address'), addressLine(supplier.address)],
            ]}
          />
        </Section>
      )}
    </article>
  );
}

/** Whether the product names its supplier (a supplier's product always should). */
const hasSupplier = ({ supplier: s }: ProductData) => !!s && !!(s.name || s.identifier?.id || s.identifier?.legalName || s.address);

/** Market → classification → category → profile → product; a step whose title is not there yet says what it is. */
function Breadcrumbs({ crumbs, t }: { crumbs: Crumb[]; t: TFunction }) {
  const label = (c: Crumb) =>
    c.name ??
    (c.step === 'market' ? t('product.breadcrumbs.market') : t(`product.breadcrumbs.${c.step}`, { id: c.id }));
  return (
    <nav className="breadcrumbs product-breadcrumbs" aria-label={t('product.breadcrumbs.label')}>
      <ol>
        {crumbs.map((c) => (
          <li key={c.step}>
            {c.step === 'product' ? <span aria-current="page">{label(c)}</span> : <AppLink to={c.path}>{label(c)}</AppLink>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The product's images, or a placeholder without one. An image that fails to load (the
 * catalogue's host may not serve it) gives way to the placeholder once the page has
 * hydrated (an error before hydration is read from the element then).
 */
function Images({ sources, title, t }: { sources: string[]; title: string; t: TFunction }) {
  const [failed, setFailed] = useState<string[]>([]);
  const fail = (src: string) => setFailed((f) => (f.includes(src) ? f : [...f, src]));
  useEffect(() => {
    for (const img of document.querySelectorAll<HTMLImageElement>('.product-media img')) {
      if (img.complete && img.naturalWidth === 0) fail(img.getAttribute('src') ?? '');
    }
  }, []);
  const shown = sources.filter((s) => !failed.includes(s));
  return (
    <figure className="product-media">
      {shown.length ? (
        shown.map((src, i) => (
          <img key={src} src={src} alt={i === 0 ? title : ''} width={200} height={200} loading={i === 0 ? 'eager' : 'lazy'} onError={() => fail(src)} />
        ))
      ) : (
        <div className="product-placeholder">{t('product.noImage')}</div>
      )}
    </figure>
  );
}

/** Products checked this page session, so a product is checked (and reported) once however often it renders. */
const checked = new Set<string>();

/**
 * With the mismatch-logging flag on and the profile known: after hydration (effects never
 * run on the server), whether the product satisfies its profile; if it does not, one
 * console warning and one beacon to `/__mismatch`. Nothing is shown to the visitor. The
 * check loads only then (the flag is off by default): its code is not in the page's
 * first load.
 */
function useMismatchLog(product: ProductData, profile: Profile | null, config: ClientConfig) {
  const on = config.features.logCharacteristicMismatch;
  useEffect(() => {
    const key = profile ? `${product.id}:${profile.id}` : '';
    if (!on || !profile || checked.has(key)) return;
    let current = true;
    import('./logMismatch').then(
      ({ default: logMismatch }) => {
        // Marked before the check: a product is checked once, whatever it finds.
        if (!current || checked.has(key)) return;
        checked.add(key);
        logMismatch(product, profile);
      },
      // Logging is best effort: a check that cannot load is skipped.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [on, product, profile]);
}
