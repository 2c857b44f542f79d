/**
 * The cart's item count the header shows (`CartLink`), kept in step by every change the
 * app makes (adding from a product, the cart page). A module of its own: the pages that
 * change the cart import it without the header's component.
 */
import { useSyncExternalStore } from 'react';
import { cartPath } from '../../lib/market';
import { cartOf, type Cart } from '../AddToCart/cart';

/** The number of items (products) in the cart of `owner`; null until known. */
let count: number | null = null;
let owner: string | null = null;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The cart as the users API answered it (a change, the cart page): the header follows. */
export function setCartCount(cart: Cart | null | undefined): void {
  if (!cart) return;
  count = cart.items.length;
  listeners.forEach((listener) => listener());
}

/** The cart's item count, null until known (always on the server). */
export function useCartCount(): number | null {
  return useSyncExternalStore(subscribe, () => count, () => null);
}

/** Reads the cart through the portal (the page data of the cart page). */
async function fetchCart(prefix: string): Promise<Cart | null> {
  try {
    const response = await fetch(`/__data?url=${encodeURIComponent(prefix + cartPath)}`, { credentials: 'same-origin' });
    if (!response.ok) return null;
    const data = (await response.json()) as { cart?: { ok?: boolean; body?: unknown } };
    return data.cart?.ok ? cartOf(data.cart.body) : null;
  } catch {
    return null;
  }
}

/**
 * Reads the count of `email`'s cart once (after hydration; again for another user):
 * through the portal, as the cart page's data.
 */
export function loadCartCount(email: string, prefix: string): void {
  if (owner === email && count !== null) return;
  owner = email;
  count = null;
  void fetchCart(prefix).then((cart) => owner === email && setCartCount(cart));
}
