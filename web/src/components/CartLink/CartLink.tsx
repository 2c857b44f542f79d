/**
 * The header's cart entry (issue 29, item 20): for a buyer or a central purchasing body
 * (a seller has no cart, SPEC §6), a link to the cart with its item count. The count is
 * the users API's: the server reads it with the session (so the HTML has it, without
 * JavaScript too), and the app keeps it in step with every change it makes (`cartCount.ts`).
 * Only such a user's page has it: the browser loads it as a chunk then (`Header.tsx`).
 */
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageState } from '../../state';
import { hasCart } from '../../lib/guards';
import { cartPath } from '../../lib/market';
import { AppLink } from '../AppLink/AppLink';
import { loadCartCount, useCartCount } from './cartCount';

export function CartLink({ className = 'cart-link' }: { className?: string }) {
  const { t } = useTranslation();
  const { session, language } = usePageState();
  // The count the app keeps in step, else the one the server read with the session.
  const n = useCartCount() ?? session?.cartCount ?? null;
  const email = hasCart(session) ? session!.email : null;
  useEffect(() => {
    if (email) loadCartCount(email, language === 'en' ? '/en' : '');
  }, [email]);
  if (!email) return null;
  return (
    // The name read out is the visible text with the count explained ("Кошик, товарів: 3"),
    // so what a speech user says (the visible "Кошик 3") is part of it.
    <AppLink className={className} to={cartPath}>
      {t('header.cart')}
      {n !== null && (
        <>
          <span className="visually-hidden">{t('header.cartItems')}</span>
          <span className="cart-count">{n}</span>
        </>
      )}
    </AppLink>
  );
}

export default CartLink;
