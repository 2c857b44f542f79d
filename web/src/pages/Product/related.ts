/**
 * The ids a product names of what it belongs to: the profile it was offered under (whose
 * requirements it answers) and its market classification. The server asks for the
 * profile, the category and the classification once the product's answer is there
 * (`route.ts`, `after`); these read the same fields for the page.
 */
import type { Product } from '../../lib/market';

/** The id of a market classification reference (a CPV code, or an object with one). */
export const classificationIdOf = (ref: Product['marketClassification']): string | undefined =>
  (typeof ref === 'string' ? ref : ref?.id) || undefined;

/** The product's first profile: the one it was offered under, whose requirements it answers. */
export const profileIdOf = (product: Pick<Product, 'relatedProfiles'>): string | undefined =>
  (Array.isArray(product.relatedProfiles) && typeof product.relatedProfiles[0] === 'string' && product.relatedProfiles[0]) || undefined;
