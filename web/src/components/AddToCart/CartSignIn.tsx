/**
 * What a visitor without a login is told where a buyer has a cart (issue 46, items 10
 * and 21): signing in as a buyer gives one, with a link to the login that comes back
 * here. A seller is not told (a seller's account has no cart, SPEC §6).
 */
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { usePageState } from '../../state';
import { AppLink } from '../AppLink/AppLink';
import { loginHref } from '../Header/Header';

export function CartSignIn({ back }: { back?: string }) {
  const { t } = useTranslation();
  const { session } = usePageState();
  const location = useLocation();
  if (session) return null;
  return (
    <p className="cart-sign-in">
      {t('cart.signInHint')}{' '}
      <AppLink to={loginHref(back ?? location.pathname, back ? '' : location.search)}>{t('cart.signIn')}</AppLink>
    </p>
  );
}
