/**
 * The cabinet's saved searches (the users API's `/api/users/saved-searches`): each one
 * links to its search, and has a form to rename it or change its alerts and one to
 * delete it. Plain forms posted to the portal (`server/src/saved.rs`), which answers
 * with this page again: the same with and without JavaScript.
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { dataOf, failed } from '../../lib/data';
import { formatDate } from '../../lib/dates';
import { localizedPath } from '../../lib/paths';
import type { FormOutcome } from '../../lib/account';
import { formErrorMessage } from '../Login/account';
import { Section } from '../../components/Section/Section';
import { Unavailable } from '../../components/Unavailable/Unavailable';
import { ALERT_FREQUENCIES } from '../../components/SaveSearch/SaveSearch';
import { usePageState } from '../../state';

export interface SavedSearch {
  id: number;
  register: 'tenders' | 'plans' | 'contracts';
  query: string;
  name: string;
  frequency: (typeof ALERT_FREQUENCIES)[number];
  lastAlert?: string | null;
}

const DONE = ['saved', 'updated', 'deleted'] as const;

export function SavedSearches({ csrf }: { csrf: string }) {
  const { t } = useTranslation();
  const state = usePageState();
  const [query] = useSearchParams();
  const searches = dataOf<{ data?: SavedSearch[] }>(state, 'searches')?.data;
  const outcome = dataOf<FormOutcome & { values?: { form?: string } }>(state, 'form');
  const error = outcome && !outcome.ok && outcome.values?.form === 'searches' ? outcome : undefined;
  const done = DONE.find((d) => query.get('searches') === d);
  const action = localizedPath(state.language, '/icabinet/searches');
  const hidden = (id: number, act: string) => (
    <>
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="action" value={act} />
      <input type="hidden" name="id" value={id} />
    </>
  );
  return (
    <Section id="saved-searches" title={t('savedSearches.title')}>
      {done && !error && <p className="form-note" role="status">{t(`savedSearches.done.${done}`)}</p>}
      {error?.error && (
        <p className="form-error" role="alert">
          {error.error.status === 409 ? t('savedSearches.full') : formErrorMessage(t, error.error)}
          {error.field && ` ${error.field}`}
        </p>
      )}
      {!searches ? (
        failed(state, 'searches') && <Unavailable />
      ) : searches.length === 0 ? (
        <p>{t('savedSearches.empty')}</p>
      ) : (
        <ul className="saved-searches">
          {searches.map((s) => (
            <li key={s.id} className="saved-search">
              <h3>
                <a href={localizedPath(state.language, `/${s.register}`) + (s.query ? `?${s.query}` : '')}>{s.name}</a>
              </h3>
              <p className="muted">
                {t(`savedSearches.registers.${s.register}`)} · {t('savedSearches.lastAlert')}:{' '}
                {s.lastAlert ? formatDate(s.lastAlert, state.language, true) : t('savedSearches.never')}
              </p>
              <form method="post" action={action} className="save-search-form">
                {hidden(s.id, 'update')}
                <label>
                  <span>{t('savedSearches.name')}</span>
                  <input name="name" defaultValue={s.name} maxLength={120} required />
                </label>
                <label>
                  <span>{t('savedSearches.frequency')}</span>
                  <select name="frequency" defaultValue={s.frequency}>
                    {ALERT_FREQUENCIES.map((f) => <option key={f} value={f}>{t(`savedSearches.frequencies.${f}`)}</option>)}
                  </select>
                </label>
                <button type="submit" className="button">{t('savedSearches.update')}</button>
              </form>
              <form method="post" action={action}>
                {hidden(s.id, 'delete')}
                <button type="submit" className="button" aria-label={t('savedSearches.deleteNamed', { name: s.name })}>
                  {t('savedSearches.delete')}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
