/**
 * The frame of a page whose data arrives in a later issue: real title and an empty
 * state, so routes, head tags and navigation already work end to end.
 */
import { useTranslation } from '../../i18n/react';
import type { PageRoute } from '../../lib/routeModule';
import { EmptyState } from '../../components/EmptyState/EmptyState';

export default function Stub({ route }: { route: PageRoute }) {
  const { t } = useTranslation();
  return (
    <section className="page page-stub" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">{t(`pages.${route.name}.heading`, { defaultValue: t(`pages.${route.name}.title`) })}</h1>
      <EmptyState title={t('emptyState.soonTitle')} text={t('emptyState.soonText')} />
    </section>
  );
}
