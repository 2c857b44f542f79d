/**
 * "Save this search": for a logged-in user when the cabinet is on (`MachineLinks.tsx`
 * decides, and the browser loads this chunk only then),
 * a plain form that posts the search (its register and `query`, without paging) with a
 * name and an alert frequency to the portal (`server/src/saved.rs`), which keeps it with
 * the users API and answers with the cabinet's list of saved searches. It works the same
 * without JavaScript.
 */
import { useTranslation } from '../../i18n/react';
import type { Register } from '../../lib/filters';
import { localizedPath } from '../../lib/paths';
import { usePageState } from '../../state';

/** How often a saved search's alerts are mailed (the users API's `frequency`). */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'off'] as const;

export function SaveSearchForm({ register, query, keyword }: { register: Register; query: string; keyword?: string }) {
  const { t } = useTranslation();
  const { language, csrf } = usePageState();
  const k = 'savedSearches.';
  return (
    <details className="save-search">
      <summary>{t(k + 'save')}</summary>
      <form method="post" action={localizedPath(language, '/icabinet/searches')} className="save-search-form">
        {Object.entries({ _csrf: csrf ?? '', action: 'save', register: register.name, query }).map(([n, v]) => <input key={n} type="hidden" name={n} value={v} />)}
        <label>
          {t(k + 'name')}
          <input name="name" defaultValue={keyword || t(k + 'registers.' + register.name)} required />
        </label>
        <label>
          {t(k + 'frequency')}
          <select name="frequency" defaultValue="daily">
            {ALERT_FREQUENCIES.map((f) => <option key={f} value={f}>{t(k + 'frequencies.' + f)}</option>)}
          </select>
        </label>
        <button className="button">{t(k + 'submit')}</button>
      </form>
    </details>
  );
}

export default SaveSearchForm;
