/**
 * The trail of a catalogue page (Market → classification → category → profile): a
 * labelled navigation list whose last item is the page itself. The same trail, with
 * absolute addresses, is the page's JSON-LD `BreadcrumbList` (`meta.ts`).
 */
import { AppLink } from '../components/AppLink/AppLink';
import { useTranslation } from '../i18n/react';

/** One step of the trail: its label and its path (without the language base). */
export interface Crumb {
  label: string;
  path: string;
}

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav className="breadcrumbs" aria-label={t('market.breadcrumbs')}>
      <ol>
        {trail.map((crumb, i) =>
          i < trail.length - 1 ? (
            <li key={crumb.path}>
              <AppLink to={crumb.path}>{crumb.label}</AppLink>
            </li>
          ) : (
            <li key={crumb.path} aria-current="page">
              {crumb.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
