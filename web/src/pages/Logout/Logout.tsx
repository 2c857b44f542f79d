import { useTranslation } from '../../i18n/react';
import { AppLink } from '../../components/AppLink/AppLink';
import { LogoutForm } from '../../components/LogoutForm/LogoutForm';
import { usePageState } from '../../state';

/** The logout page: the logout form for a session, a way home otherwise. */
export default function Logout() {
  const { t } = useTranslation();
  const { session } = usePageState();
  return (
    <section className="container account-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('pages.logout.title')}</h1>
      {session ? (
        <>
          <p>{t('account.logout.confirm', { email: session.email })}</p>
          <LogoutForm className="account-form" label={t('account.logout.submit')} />
        </>
      ) : (
        <p>
          {t('account.logout.none')} <AppLink to="/">{t('account.home')}</AppLink>
        </p>
      )}
    </section>
  );
}
