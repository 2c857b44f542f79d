/**
 * The registration-success dialog (SPEC §2.3): opens when the navigation state names the
 * registered e-mail (or, without JavaScript, on the page the registration form answered
 * with); closing it goes to `/`. A visitor who came to register from a page (a search
 * that offered alerts) is offered the login that goes back there.
 */
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { Modal } from '../Modal/Modal';
import { AppLink } from '../AppLink/AppLink';
import { loginHref } from '../Header/Header';
import { sitePath } from '../../lib/paths';

export function RegisteredDialog({ email, from }: { email?: string; from?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const registered = email ?? (location.state as { registered?: string } | null)?.registered;
  if (!registered) return null;
  const back = from ?? (location.state as { from?: string } | null)?.from;
  const close = () => navigate('/', { replace: true, state: null });
  return (
    <Modal open title={t('registration.success.title')} onClose={close}>
      <p>{t('registration.success.text', { email: registered })}</p>
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
