/**
 * A product of the Market catalogue in a list (SPEC §2.5): its image or a placeholder,
 * title in the page's language, brand and model, a few key characteristics (its answers
 * to the profile's requirements), price (with its VAT and unit), supplier and status; the title links to the
 * product's page. In a list searched by keyword, the words the upstream says matched are
 * marked in the title, with its snippet of what matched (`lib/keyword.tsx`). The same markup
 * serves the grid and the list view: the list's class
 * (`catalogue-grid` / `catalogue-list`) lays it out.
 */
import { Suspense, lazy, memo, useEffect, useRef, useState } from 'react';
import { AppLink } from '../AppLink/AppLink';
import { AddToCart as AddToCartForm } from '../AddToCart/render.server';
import { hasCart } from '../../lib/guards';
import { Status } from '../Status/Status';
import { useTranslation } from '../../i18n/react';
import { usePageState } from '../../state';
import { statusLabel } from '../../lib/enums';
import { formatMoney, formatNumber } from '../../lib/format';
import { highlight, matchMarks } from '../../lib/keyword';
import { catalogueImage, localized, priceTerms, productPath, unitText, type Product, type Requirement, type RequirementResponse } from '../../lib/market';
import type { Language } from '../../contract';
import type { TFunction } from 'i18next';

// A card's cart button is a buyer's only: the browser loads its code for a buyer's page
// (the server renders it in place, and it works as a plain form until then), not for
// every visitor of every list, as the saved-search form (`MachineLinks.tsx`).
const AddToCart = __SERVER__ ? AddToCartForm : lazy(() => import('../AddToCart/AddToCart'));

/** How many characteristics a card shows. */
export const CARD_FACTS = 3;

/** Requirement definitions by lower-cased title (what a response names), for English titles and units. */
export type RequirementIndex = ReadonlyMap<string, Requirement>;

/** A response's value as the page shows it: numbers grouped, with the requirement's unit; yes/no. */
export function responseText(response: RequirementResponse, requirement: Requirement | undefined, t: TFunction, language: Language): string {
  if (Array.isArray(response.values)) return response.values.filter((v) => typeof v === 'string').join(', ');
  const v = response.value;
  if (typeof v === 'boolean') return t(v ? 'market.yes' : 'market.no');
  if (typeof v === 'number') {
    const unit = unitText(t, requirement?.unit, language);
    return unit ? `${formatNumber(v, undefined, language)} ${unit}` : formatNumber(v, undefined, language);
  }
  return typeof v === 'string' ? v : '';
}

/** A requirement's title in the page's language (a response names it by its Ukrainian title). */
export const requirementTitle = (title: string, index: RequirementIndex | undefined, language: Language): string => {
  const known = index?.get(title.toLowerCase());
  return known ? localized(language, known.title, known.title_en) : title;
};

/**
 * A product's card. Memoised: a list renders again right after hydration (its stored
 * grid or list view), and two dozen cards made anew were most of that render's 15-30 ms
 * on a slow phone (issue 46, item 6); the same product and index skip it.
 */
export const ProductCard = memo(function ProductCard({ product, requirements }: { product: Product; requirements?: RequirementIndex }) {
  const { t } = useTranslation();
  const { language, config, session } = usePageState();
  // An image the catalogue's host does not serve gives way to the placeholder.
  const [broken, setBroken] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // One that failed before the page hydrated fired its error event before React listened.
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0) setBroken(true);
  }, []);
  const title = localized(language, product.title, product.title_en) || product.id;
  const image = broken ? undefined : (Array.isArray(product.images) ? product.images : []).map((i) => catalogueImage(i?.url, config.endpoints.search)).find(Boolean);
  const model = [product.brand?.name, product.product?.name].filter(Boolean).join(' · ');
  const facts = (Array.isArray(product.requirementResponses) ? product.requirementResponses : [])
    .filter((r) => r && typeof r.requirement === 'string')
    .map((r) => [requirementTitle(r.requirement, requirements, language), responseText(r, requirements?.get(r.requirement.toLowerCase()), t, language)])
    .filter(([, value]) => value !== '')
    .slice(0, CARD_FACTS);
  const amount = product.value?.amount;
  const price = typeof amount === 'number' ? formatMoney(amount, product.value?.currency || 'UAH', language) : '';
  // What the price is of and whether it includes VAT (issue 46, item 10): `з ПДВ за штуку`.
  const terms = price && priceTerms(t, product, language);
  const supplier = product.supplier?.name || product.supplier?.identifier?.legalName;
  // Only what the upstream says matched: before `searchMatch`, product cards marked nothing.
  const marks = matchMarks(product.searchMatch);
  return (
    <article className="product-card">
      <div className="product-card-image">
        {image ? (
          <img ref={img} src={image} alt="" loading="lazy" decoding="async" width={160} height={160} onError={() => setBroken(true)} />
        ) : (
          <span className="product-card-placeholder" role="img" aria-label={t('market.card.noImage')} />
        )}
      </div>
      <div className="product-card-body">
        <h3 className="product-card-title">
          <AppLink to={productPath(product.id)}>{highlight(title, marks?.words ?? null)}</AppLink>
        </h3>
        {model && <p className="product-card-model">{model}</p>}
        {marks?.snippet && <p className="product-card-snippet">{highlight(marks.snippet, marks.words)}</p>}
        {facts.length > 0 && (
          <dl className="product-card-facts">
            {facts.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="product-card-aside">
        {price && (
          <p className="product-card-price">
            <span className="visually-hidden">{t('market.card.price')}: </span>
            <span className="amount">{price}</span>
            {terms && <span className="product-card-terms">{` ${terms}`}</span>}
          </p>
        )}
        {supplier && (
          <p className="product-card-supplier">
            <span className="visually-hidden">{t('market.card.supplier')}: </span>
            {supplier}
          </p>
        )}
        {product.status && <Status code={product.status}>{statusLabel(t, 'product', product.status)}</Status>}
        {hasCart(session) && (
          <Suspense fallback={null}>
            <AddToCart productId={product.id} compact />
          </Suspense>
        )}
      </div>
    </article>
  );
});
