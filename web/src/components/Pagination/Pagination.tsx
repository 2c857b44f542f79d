/**
 * The pagination control (SPEC §2.6, §5). Pages are real links, so paging works
 * without JavaScript; the rules live in `lib/pagination.ts`.
 */
import { AppLink } from '../AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import { clampPage, GAP, pageCount, pageItems, showMoreCount } from '../../lib/pagination';

interface Props {
  page: number;
  perPage: number;
  total: number;
  hrefForPage: (page: number) => string;
  /**
   * Appends the next page's results (`useShowMore`). 'Show next N' is a link to the next
   * page either way: without JavaScript, or opened in a new tab, it is that page.
   */
  onShowMore?: (url: string) => void;
}

/** The previous or next page's arrow: a link, or a disabled mark on the first or last page. */
function Step({ rel, to, label, symbol }: { rel: 'prev' | 'next'; to: string | null; label: string; symbol: string }) {
  const arrow = (
    <>
      <span aria-hidden="true">{symbol}</span>
      <span className="visually-hidden">{label}</span>
    </>
  );
  return (
    <li>
      {to !== null ? (
        <AppLink className={`pagination-${rel}`} to={to} rel={rel}>
          {arrow}
        </AppLink>
      ) : (
        <span className={`pagination-${rel}`} aria-disabled="true">
          {arrow}
        </span>
      )}
    </li>
  );
}

export function Pagination({ page, perPage, total, hrefForPage, onShowMore }: Props) {
  const { t } = useTranslation();
  const count = pageCount(total, perPage);
  if (count < 2) return null;
  const current = clampPage(page, count);
  const more = showMoreCount(current, perPage, total);
  const moreLabel = t('pagination.showMore', { count: more });

  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {more > 0 && (
        <AppLink
          className="button pagination-more"
          to={hrefForPage(current + 1)}
          onClick={(e) => {
            // A plain click appends; one that asks for a new tab or window opens the page.
            if (!onShowMore || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            onShowMore(e.currentTarget.href);
          }}
        >
          {moreLabel}
        </AppLink>
      )}
      <ul className="pagination-pages">
        <Step rel="prev" to={current > 1 ? hrefForPage(current - 1) : null} label={t('pagination.previous')} symbol="‹" />
        {pageItems(current, count).map((item, i) =>
          item === GAP ? (
            <li key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <AppLink
                to={hrefForPage(item)}
                aria-label={t('pagination.page', { page: item })}
                aria-current={item === current ? 'page' : undefined}
              >
                {item}
              </AppLink>
            </li>
          ),
        )}
        <Step rel="next" to={current < count ? hrefForPage(current + 1) : null} label={t('pagination.next')} symbol="›" />
      </ul>
    </nav>
  );
}
