/**
 * The header's account part for a session: the user menu, the cart entry (buyers and cpe
 * users) and the logout form. A chunk of its own in the browser: visitors without a
 * session, most of them, never load it.
 */
import { Suspense, lazy } from 'react';
import type { SessionSummary } from '../../contract';
import { UserMenu } from '../UserMenu/UserMenu';
import { LogoutForm } from '../LogoutForm/LogoutForm';
import { hasCart } from '../../lib/guards';
import { CartLink as CartLinkOnServer } from '../CartLink/render.server';

// Only a buyer's or cpe user's page has it: the browser loads it then (the server renders it in place).
const CartLink = __SERVER__ ? CartLinkOnServer : lazy(() => import('../CartLink/CartLink'));

function SessionAccount({ session }: { session: SessionSummary }) {
  return (
    <div className="account">
      <UserMenu type={session.type} />
      {hasCart(session) && (
        <Suspense fallback={null}>
          <CartLink />
        </Suspense>
      )}
      <LogoutForm />
    </div>
  );
}

export { SessionAccount };
export default SessionAccount;
