/**
 * Under a search's result count: its Atom feed (the newest results of the same filters)
 * and its whole result (up to the 10,000-record window) as CSV and as an OCDS release
 * package. Plain links: the server answers them, not the page router. Then, when the
 * visitor may keep searches (`saveable`), the form that saves this one.
 */
import { Suspense, lazy } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../contract';
import { serializeFilters, type Register, type SearchFilters } from '../../lib/filters';
import { exportUrl, feedUrl } from '../../lib/machineUrls';
import { SaveSearchForm } from '../../components/SaveSearch/render.server';

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
          <a href={exportUrl(register.name, 'csv', language, query)} type="text/csv" download>CSV</a>
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
    </>
  );
}
