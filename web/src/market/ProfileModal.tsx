/**
 * 'Вибір профілю товара' (SPEC §2.5): the modal listing the current category's profiles,
 * for the state of their pages (`profilePager.ts`, driven by `ProfileChooser.tsx`): a
 * skeleton while a page loads, 'show next N' to append the next page, the empty state
 * when there is none, a Cancel button. A profile opens `/market/profile/{id}`. A chunk of
 * its own, loaded when the modal first opens.
 */
import { AppLink } from '../components/AppLink/AppLink';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { Modal } from '../components/Modal/Modal';
import { Skeleton } from '../components/Skeleton/Skeleton';
import { useTranslation } from '../i18n/react';
import { formatNumber } from '../lib/format';
import { localized, profilePath } from '../lib/market';
import { showMoreCount } from '../lib/pagination';
import { usePageState } from '../state';
import { PROFILES_PER_PAGE, type PagerState } from './profilePager';

export interface ProfileModalProps {
  open: boolean;
  state: PagerState;
  onClose: () => void;
  /** Loads the next page (or, after page 1 failed, page 1 again). */
  onMore: () => void;
}

/** The modal's content for a pager state (no effects: the server test renders it as is). */
export default function ProfileModal({ open, state, onClose, onMore }: ProfileModalProps) {
  const { t } = useTranslation();
  const { language } = usePageState();
  const more = state.status === 'loading' ? 0 : showMoreCount(state.page, PROFILES_PER_PAGE, state.total);
  return (
    <Modal
      open={open}
      title={t('market.profileModal.title')}
      onClose={onClose}
      buttons={[{ label: t('market.profileModal.cancel'), onClick: onClose, variant: 'secondary' }]}
    >
      {state.items.length > 0 && (
        <ul className="profile-choices">
          {state.items.map((p) => (
            <li key={p.id}>
              <AppLink to={profilePath(p.id)} onClick={onClose}>
                {localized(language, p.title, p.title_en) || p.id}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'loading' && (
        <div className="profile-choices-loading" role="status" aria-label={t('loading.text')}>
          <Skeleton rows={state.items.length ? 3 : 6} />
        </div>
      )}
      {state.status === 'done' && state.items.length === 0 && (
        <EmptyState title={t('market.profileModal.emptyTitle')} text={t('market.profileModal.emptyText')} />
      )}
      {state.status === 'failed' && (
        <p className="profile-choices-error" role="alert">
          {t('market.profileModal.failed')}
          {state.items.length === 0 && (
            <>
              {' '}
              <button type="button" className="link-button" onClick={onMore}>
                {t('market.profileModal.retry')}
              </button>
            </>
          )}
        </p>
      )}
      {state.items.length > 0 && (
        <div className="profile-choices-pager">
          <span className="muted">
            {t('market.profileModal.shown', { shown: formatNumber(state.items.length, 0, language), total: formatNumber(state.total, 0, language) })}
          </span>
          {more > 0 && (
            <button type="button" className="button pagination-more" onClick={onMore}>
              {t('pagination.showMore', { count: more })}
            </button>
          )}
        </div>
      )}
    </Modal>
  );
}

