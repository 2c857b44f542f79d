/**
 * The registration-success dialog (SPEC §2.3): opens on the registration page as soon as
 * the registration is answered (with JavaScript or without), or when the navigation state
 * names the registered e-mail; closing it goes to `/`. When the users API asks for the address to be
 * confirmed, it says that the link in the letter must be opened first. A visitor who came to register from a page (a search
 * that offered alerts) is offered the login that goes back there.
 */
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { Modal } from '../Modal/Modal';
import { AppLink } from '../AppLink/AppLink';
import { loginHref } from '../Header/Header';
import { sitePath } from '../../lib/paths';

export function RegisteredDialog({ email, from, confirm }: { email?: string; from?: string; confirm?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const registered = email ?? (location.state as { registered?: string } | null)?.registered;
  if (!registered) return null;
  const state = location.state as { from?: string; confirm?: boolean } | null;
  const back = from ?? state?.from;
  // The embedded users API asks for the address to be confirmed (the platform's may not).
  const mustConfirm = confirm ?? state?.confirm;
  const close = () => navigate('/', { replace: true, state: null });
  return (
    <Modal open title={t('registration.success.title')} onClose={close}>
      <p>{t('registration.success.text', { email: registered })}</p>
      {mustConfirm && <p className="form-note">{t('registration.success.confirm')}</p>}
      {back?.startsWith('/') && (
        <p>
          <AppLink className="button" to={loginHref(sitePath(back), '')}>
            {t('registration.success.loginBack')}
          </AppLink>
        </p>
      )}
      <noscript>
        <p>
          <AppLink to="/">{t('account.home')}</AppLink>
        </p>
      </noscript>
    </Modal>
  );
}

export default RegisteredDialog;
