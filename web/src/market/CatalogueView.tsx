/**
 * Grid or list (SPEC §2.5, §4, §9): every catalogue list can be shown either way; the
 * choice is remembered on the device (localStorage `catalogView`); on a phone (640 px
 * and narrower) it is always the grid and nothing is stored. The server, and the browser
 * while it hydrates, render the grid, so hydration never mismatches; the stored choice is
 * read in a layout effect, which re-renders before the browser paints again (only when it
 * is the list). Market.css keeps the 640 px rule before any script: the list layout
 * applies only above it. The counts the catalogue's items show (`useCount`) are here
 * too, beside the list they fill.
 */
import { useEffect, useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../i18n/react';
import { formatNumber } from '../lib/format';
import { usePageState } from '../state';

export type CatalogueView = 'grid' | 'list';
export const VIEW_KEY = 'catalogView';
/** SPEC §9: mobile is up to 640 px. */
export const MOBILE_QUERY = '(max-width: 640px)';

/** Where the choice is kept and whether the screen is a phone's (the browser's, or a test's). */
export interface ViewEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  mobile: boolean;
}

/** The view to show: the stored choice, the grid on a phone or without one. */
export function storedView(env: ViewEnv): CatalogueView {
  if (env.mobile) return 'grid';
  try {
    return env.storage?.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** Chooses `view`: remembered, except on a phone, where the grid stays. Answers the view to show. */
export function chooseView(env: ViewEnv, view: CatalogueView): CatalogueView {
  if (env.mobile) return 'grid';
  try {
    env.storage?.setItem(VIEW_KEY, view);
  } catch {
    // Storage full or refused (private mode): the choice holds for this page only.
  }
  return view;
}

function browserEnv(): ViewEnv {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return { storage, mobile: typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches };
}

/**
 * The view of this page's catalogue. The stored choice is read in a layout effect and set
 * only when it is not the grid the page hydrated with: a page of two dozen cards must not
 * render again on every first load for nothing (issue 46, item 6: that render was a task
 * of its own right after hydration).
 */
export function useCatalogueView(): { view: CatalogueView; choose: (view: CatalogueView) => void } {
  const [view, setView] = useState<CatalogueView>('grid');
  useLayoutEffect(() => {
    const stored = storedView(browserEnv());
    if (stored !== 'grid') setView(stored);
  }, []);
  return { view, choose: (next) => setView(chooseView(browserEnv(), next)) };
}

/** The grid/list switch: two pressed-state buttons, inert until the page has hydrated (its own state: the list does not render again for it), hidden on a phone. */
export function ViewToggle({ view, choose }: ReturnType<typeof useCatalogueView>) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const button = (v: CatalogueView) => (
    <button type="button" className={`view-toggle-${v}`} aria-pressed={view === v} disabled={!ready} onClick={() => choose(v)}>
      {t(`market.view.${v}`)}
    </button>
  );
  return (
    <div className="view-toggle" role="group" aria-label={t('market.view.label')}>
      {button('grid')}
      {button('list')}
    </div>
  );
}

/** A list's head: how many it found (`market.found.<list>`, announced as it changes) and the view switch. */
export function FoundHead({ list, total, view }: { list: string; total: number; view: ReturnType<typeof useCatalogueView> }) {
  const { t } = useTranslation();
  const { language } = usePageState();
  return (
    <div className="market-section-head">
      <h2 className="result-count" aria-live="polite">
        {t(`market.found.${list}`, { count: total, formatted: formatNumber(total, 0, language) })}
      </h2>
      <ViewToggle {...view} />
    </div>
  );
}

/** A catalogue's items in the chosen view (`items` are `<li>`s); `list` receives the list element (`useShowMore`). */
export function Catalogue({ view, label, children, list }: { view: CatalogueView; label?: string; children: ReactNode; list?: RefObject<HTMLUListElement | null> }) {
  return (
    <ul className={`catalogue catalogue-${view}`} data-view={view} aria-label={label} ref={list}>
      {children}
    </ul>
  );
}

/** `12 товарів` (plural by count, number grouped by spaces). */
export function useCount() {
  const { t } = useTranslation();
  const { language } = usePageState();
  return (key: 'products' | 'categories' | 'profiles', count: number | undefined) =>
    typeof count === 'number' ? t(`market.count.${key}`, { count, formatted: formatNumber(count, 0, language) }) : '';
}
