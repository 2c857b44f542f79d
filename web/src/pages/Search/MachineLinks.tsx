/**
 * Under a search's result count: its Atom feed (the newest results of the same filters)
 * and its whole result (up to the 10,000-record window) as an Excel workbook, as CSV
 * (RFC 4180, and semicolon-separated for spreadsheets set to Ukrainian) and as an OCDS
 * release package. Plain links: the server answers them, not the page router. Then, when the
 * visitor may keep searches (`saveable`), the form that saves this one; with the cabinet
 * on, a visitor who is not logged in is offered the same ("get alerts") by way of the
 * login, which comes back to this very search (issue 29, item 14).
 */
import { Suspense, lazy } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../contract';
import { serializeFilters, type Register, type SearchFilters } from '../../lib/filters';
import { exportUrl, feedUrl } from '../../lib/machineUrls';
import { SaveSearchForm } from '../../components/SaveSearch/render.server';
import { AppLink } from '../../components/AppLink/AppLink';
import { loginHref } from '../../components/Header/Header';
import { usePageState } from '../../state';

// Only a logged-in user's page has it: the browser loads it then (the server renders it in place).
const SaveSearch = __SERVER__ ? SaveSearchForm : lazy(() => import('../../components/SaveSearch/SaveSearch'));

export function MachineLinks({ register, filters, total, language, saveable }: { register: Register; filters: SearchFilters; total: number; language: Language; saveable: boolean }) {
  const { t } = useTranslation();
  const query = serializeFilters(filters, { withPaging: false, register });
  const feedQuery = serializeFilters(filters, { withPaging: false, withSort: false, register });
  return (
    <>
    <p className="machine-links">
      <a href={feedUrl(register.name, language, feedQuery)} type="application/atom+xml" rel="alternate">{t('machine.subscribe')}</a>
      {total > 0 && (
        <>
          <span>{t('machine.download')}</span>
          <a href={exportUrl(register.name, 'xlsx', language, query)} type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" download>{t('machine.xlsx')}</a>
          <a href={exportUrl(register.name, 'csv', language, query)} type="text/csv" download>{t('machine.csv')}</a>
          <a href={exportUrl(register.name, 'semicolon', language, query)} type="text/csv" download>{t('machine.semicolon')}</a>
          <a href={exportUrl(register.name, 'ocds', language, query)} type="application/json" download>OCDS JSON</a>
          <span className="muted">{t('machine.window')}</span>
        </>
      )}
    </p>
    {saveable && (
      <Suspense fallback={null}>
        <SaveSearch register={register} query={query} keyword={filters.keyword} />
      </Suspense>
    )}
    {!saveable && <AlertsInvite />}
    </>
  );
}

/**
 * "Get alerts" for a visitor who is not logged in, when the cabinet is on: the login
 * (with a way on to the registration) remembers this search's path and query and comes
 * back to it, where the save form waits. `loginHref` keeps the way back a path of this
 * site; the login checks it again.
 */
function AlertsInvite() {
  const { t } = useTranslation();
  const { session, config } = usePageState();
  const location = useLocation();
  if (session || !config.features.cabinet) return null;
  return (
    <p className="save-search-invite">
      <AppLink to={loginHref(location.pathname, location.search)}>{t('savedSearches.getAlerts')}</AppLink>{' '}
      <span className="muted">{t('savedSearches.loginToSave')}</span>
    </p>
  );
}
