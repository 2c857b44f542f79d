/**
 * The buyer's cart as the users API keeps it (`GET /api/users/cart`, upstream/API.md),
 * the portal's form that changes it (`server/src/cart.rs`), and what a refused change
 * says to the visitor.
 */
import type { TFunction } from 'i18next';
import type { FormError, FormOutcome } from '../../lib/account';
import type { Product } from '../../lib/market';

/** The most of one product a cart holds (the server and the users API hold the same bound). */
export const MAX_QUANTITY = 10000;

export interface CartItem {
  productId: string;
  quantity: number;
  addedAt?: string;
  /** The product as the catalogue has it now; null when it is gone. */
  product: Product | null;
}

export interface Cart {
  items: CartItem[];
  updatedAt?: string | null;
}

/** The outcome of a change: the whole cart after it, or why it was refused. */
export type CartOutcome = FormOutcome & { cart?: Cart };

export const cartOf = (body: unknown): Cart | null => {
  if (!body || typeof body !== 'object' || !Array.isArray((body as Cart).items)) return null;
  return body as Cart;
};

/** An item can be bought: its product is still in the catalogue and active. */
export const available = (item: CartItem): boolean => item.product?.status === 'active';

/** What went wrong with a change, next to its form. */
export function cartErrorMessage(t: TFunction, error: FormError | undefined, field?: string): string {
  if (error?.forgery) return t('cart.errors.forgery');
  if (error?.status === 401) return t('cart.errors.session');
  if (error?.status === 404 && !field) return t('cart.errors.notInCart');
  if (field === 'quantity') return t('cart.errors.quantity', { max: MAX_QUANTITY.toLocaleString('uk').replace(/\u00a0/g, ' ') });
  if (field === 'productId') return t('cart.errors.product');
  if (error && error.status >= 400 && error.status < 500) return t('cart.errors.refused');
  return t('cart.errors.unavailable');
}
