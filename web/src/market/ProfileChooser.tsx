/**
 * The profile choice of a category page (SPEC §2.5): an opener, and the pages of the
 * category's profiles the browser reads from the search service 20 at a time, shown in
 * the modal 'Вибір профілю товара' (`ProfileModal.tsx`, loaded when it first opens). A
 * page that fails to load is logged and its number goes back. The opener is a link to the
 * page's own list of the category's profiles, so without JavaScript nothing is lost.
 */
import { lazy, Suspense, useReducer, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/react';
import { fetchCatalogue } from '../lib/market';
import { usePageState } from '../state';
import { initialPager, pageOf, pagerReducer, profilesPagePath } from './profilePager';

const ProfileModal = lazy(() => import('./ProfileModal'));

/** The opener (a link to `#listId`, the page's own list of the profiles) and the modal. */
export function ProfileChooser({ categoryId, listId }: { categoryId: string; listId: string }) {
  const { t } = useTranslation();
  const { config } = usePageState();
  const [open, setOpen] = useState(false);
  // The modal's chunk is asked for once it first opens (or the opener is pointed at).
  const [opened, setOpened] = useState(false);
  const [state, dispatch] = useReducer(pagerReducer, initialPager);
  const pending = useRef<number | null>(null);

  const load = (page: number) => {
    if (pending.current !== null) return;
    pending.current = page;
    dispatch({ type: 'request', page });
    fetchCatalogue<unknown>(config.endpoints.search, profilesPagePath(categoryId, page))
      .then((body) => dispatch({ type: 'loaded', page, ...pageOf(body) }))
      .catch((error: unknown) => {
        console.error(`profiles of category ${categoryId}: page ${page} failed to load`, error);
        dispatch({ type: 'failed', page });
      })
      .finally(() => {
        pending.current = null;
      });
  };

  const openModal = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setOpen(true);
    setOpened(true);
    if (state.status === 'idle' || (state.status === 'failed' && state.items.length === 0)) load(1);
  };

  const preload = () => void import('./ProfileModal').catch(() => undefined);

  return (
    <>
      <a className="button button-primary profile-chooser" href={`#${listId}`} onClick={openModal} onPointerEnter={preload} onFocus={preload} aria-haspopup="dialog">
        {t('market.chooseProfile')}
      </a>
      {opened && (
        <Suspense fallback={null}>
          <ProfileModal open={open} state={state} onClose={() => setOpen(false)} onMore={() => load(state.items.length ? state.page + 1 : 1)} />
        </Suspense>
      )}
    </>
  );
}
