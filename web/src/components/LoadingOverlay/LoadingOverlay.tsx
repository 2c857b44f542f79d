/** The full-screen loading overlay (SPEC §2.6), announced politely to screen readers. */
import { useTranslation } from '../../i18n/react';

export function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-text">{t('loading.text')}</span>
    </div>
  );
}
