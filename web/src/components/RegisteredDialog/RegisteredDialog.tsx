/**
 * The registration-success dialog (SPEC §2.3): opens when the navigation state names the
 * registered e-mail (or, without JavaScript, on the page the registration form answered
 * with); closing it goes to `/`.
 */
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { Modal } from '../Modal/Modal';
import { AppLink } from '../AppLink/AppLink';

export function RegisteredDialog({ email }: { email?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const registered = email ?? (location.state as { registered?: string } | null)?.registered;
  if (!registered) return null;
  const close = () => navigate('/', { replace: true, state: null });
  return (
    <Modal open title={t('registration.success.title')} onClose={close}>
      <p>{t('registration.success.text', { email: registered })}</p>
      <noscript>
        <p>
          <AppLink to="/">{t('account.home')}</AppLink>
        </p>
      </noscript>
    </Modal>
  );
}

export default RegisteredDialog;
