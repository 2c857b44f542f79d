/**
 * Add a product to the cart: a plain POST form to `/market/cart` (without JavaScript the
 * portal answers with the cart page), sent as JSON by the hydrated app, which then says
 * how many of the product the cart holds. Only a logged-in buyer or central purchasing
 * body has a cart (SPEC §6): a visitor without a login is told that signing in gives one
 * (on a product's page, not on every card), a seller sees nothing.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageState } from '../../state';
import { localizedPath } from '../../lib/paths';
import { fetchCsrf, formFields, sendForm } from '../../lib/account';
import { AppLink } from '../AppLink/AppLink';
import { cartErrorMessage, MAX_QUANTITY, type CartOutcome } from './cart';
import { cartPath } from '../../lib/market';
import { setCartCount } from '../CartLink/cartCount';
import { hasCart } from '../../lib/guards';
import { CartSignIn } from './CartSignIn';

interface Props {
  productId: string;
  /** On a product card: one item per click, no quantity field. */
  compact?: boolean;
}

export function AddToCart({ productId, compact }: Props) {
  const { t } = useTranslation();
  const state = usePageState();
  const [outcome, setOutcome] = useState<CartOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  if (!hasCart(state.session)) return compact ? null : <CartSignIn />;
  const action = localizedPath(state.language, cartPath);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = formFields(event.currentTarget);
    if (!fields._csrf) fields._csrf = await fetchCsrf();
    setBusy(true);
    const answer: CartOutcome = await sendForm(action, fields);
    setBusy(false);
    setOutcome(answer);
    // The header's count follows.
    if (answer.ok) setCartCount(answer.cart);
  }

  const held = outcome?.cart?.items.find((item) => item.productId === productId)?.quantity;
  return (
    <form className={compact ? 'add-to-cart add-to-cart-compact' : 'add-to-cart'} method="post" action={action} onSubmit={submit}>
      <input type="hidden" name="_csrf" value={state.csrf ?? ''} />
      <input type="hidden" name="action" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {!compact && (
        <label className="add-to-cart-quantity">
          <span>{t('cart.quantity')}</span>
          <input type="number" name="quantity" min={1} max={MAX_QUANTITY} step={1} defaultValue={1} inputMode="numeric" required />
        </label>
      )}
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('cart.add')}
      </button>
      <span className="add-to-cart-status" role="status">
        {outcome?.ok && held !== undefined && (
          <>
            {t('cart.added', { count: held })} <AppLink to={cartPath}>{t('cart.open')}</AppLink>
          </>
        )}
        {outcome && !outcome.ok && <span className="form-error">{cartErrorMessage(t, outcome.error, outcome.field)}</span>}
      </span>
    </form>
  );
}

export default AddToCart;
