/**
 * The note that stands where a part of a page would be when the upstream answer it
 * is built from failed (an optional answer: the rest of the page renders as usual).
 */
import { useTranslation } from '../../i18n/react';

export function Unavailable() {
  const { t } = useTranslation();
  return (
    <p className="notice unavailable" role="status">
      {t('common.unavailable')}
    </p>
  );
}
