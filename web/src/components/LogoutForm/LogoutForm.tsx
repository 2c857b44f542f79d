/**
 * Logout (SPEC §4): a POST form with the anti-forgery token, so no link elsewhere can
 * log a user out. Without JavaScript the server answers with a page that ends the old
 * portal's session and goes home; after hydration the app does the same without a reload.
 */
import { startTransition, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formFields, markHadSession, markHandedOver, oldPortalLogout, sendForm } from '../../lib/account';
import { localizedPath } from '../../lib/paths';
import { useAccount, usePageState } from '../../state';

export function LogoutForm({ className = 'account-logout', label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  const { language, csrf } = usePageState();
  const account = useAccount();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const action = localizedPath(language, '/logout');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    const answer = await sendForm(action, formFields(form));
    if (!answer.ok) {
      // The server's own page says what went wrong (an old token, a failure).
      form.submit();
      return;
    }
    // Completes before the app moves on, and would even if the page were left now
    // (a keep-alive request).
    markHadSession(false);
    if (answer.oldPortalLogout) await oldPortalLogout(answer.oldPortalLogout);
    markHandedOver(false);
    setBusy(false);
    startTransition(() => {
      account.signedOut(answer.csrf);
      navigate(answer.location ?? '/');
    });
  }

  return (
    <form className={className} method="post" action={action} onSubmit={submit}>
      <input type="hidden" name="_csrf" value={csrf ?? ''} />
      <button type="submit" className="link-button" disabled={busy}>
        {label ?? t('header.logout')}
      </button>
    </form>
  );
}
