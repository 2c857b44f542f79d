/**
 * A saved search's alerts, turned off from the e-mail's link: the question and its
 * button, or, once they are off, the answer. The form posts to the portal
 * (`server/src/saved.rs`), which answers with this page again.
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { dataOf } from '../../lib/data';
import { localizedPath } from '../../lib/paths';
import type { FormOutcome } from '../../lib/account';
import { formErrorMessage } from '../Login/account';
import { usePageState } from '../../state';

export default function Unsubscribe() {
  const { t } = useTranslation();
  const state = usePageState();
  const [query] = useSearchParams();
  const search = dataOf<{ data?: { name: string; frequency: string } }>(state, 'search')?.data;
  const outcome = dataOf<FormOutcome>(state, 'form');
  const error = outcome && !outcome.ok ? outcome.error : undefined;
  const name = search?.name ?? '';
  return (
    <section className="container account-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('pages.unsubscribe.title')}</h1>
      {search?.frequency === 'off' ? (
        <p className="form-note" role="status">{t('alerts.stopped', { name })}</p>
      ) : (
        <form method="post" action={localizedPath(state.language, '/alerts/unsubscribe')} className="account-form">
          {error && <p className="form-error" role="alert">{formErrorMessage(t, error)}</p>}
          <p>{t('alerts.question', { name })}</p>
          <input type="hidden" name="_csrf" value={state.csrf ?? ''} />
          <input type="hidden" name="id" value={query.get('id') ?? ''} />
          <input type="hidden" name="token" value={query.get('token') ?? ''} />
          <button type="submit" className="button button-primary">{t('alerts.stop')}</button>
        </form>
      )}
    </section>
  );
}
