/**
 * Test mode (SPEC §4): a flag stored in this browser, honoured only when the
 * configuration enables test mode. With it on, tender searches ask for test documents
 * (`testMode=true`, which the search codec lets through only under the same setting).
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { matchPage } from '../../routes';
import { usePageState } from '../../state';

export const TEST_MODE_KEY = 'testMode';
/** The searches that have test documents (tenders). */
const SEARCHES = new Set(['home', 'tenderList']);

function stored(): boolean {
  try {
    return localStorage.getItem(TEST_MODE_KEY) === 'true';
  } catch {
    return false;
  }
}

function store(on: boolean) {
  try {
    if (on) localStorage.setItem(TEST_MODE_KEY, 'true');
    else localStorage.removeItem(TEST_MODE_KEY);
  } catch {
    // Storage refused (private mode): the switch then lasts for this page only.
  }
}

export function TestMode() {
  const { t } = useTranslation();
  const { config } = usePageState();
  const location = useLocation();
  const navigate = useNavigate();
  const enabled = config.features.testMode;
  // Read after hydration: the server cannot know this browser's flag.
  const [on, setOn] = useState(false);
  useEffect(() => setOn(enabled && stored()), [enabled]);

  useEffect(() => {
    if (!enabled || !SEARCHES.has(matchPage(location.pathname).route.name)) return;
    const query = new URLSearchParams(location.search);
    const asked = query.get('testMode') === 'true';
    if (on === asked) return;
    if (on) query.set('testMode', 'true');
    else query.delete('testMode');
    const search = query.toString();
    navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true, preventScrollReset: true });
  }, [enabled, on, location.pathname, location.search]);

  if (!enabled) return null;
  return (
    <label className="test-mode">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) => {
          store(e.target.checked);
          setOn(e.target.checked);
        }}
      />{' '}
      {t('testMode.label')}
    </label>
  );
}

export default TestMode;
