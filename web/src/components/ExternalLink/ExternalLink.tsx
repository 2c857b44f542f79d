/**
 * Links that leave this app (SPEC §2.2): they open in a new tab, except links to the
 * legacy site, which is part of the same portal for the user and opens in place.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageState } from '../../state';

/** True when `href` points into the legacy site (`oldSite` itself or a path below it). */
export function isLegacyHref(href: string, oldSite: string): boolean {
  // Without its trailing slashes (no regular expression: the footer has a dozen links).
  let end = oldSite.length;
  while (end > 0 && oldSite.charCodeAt(end - 1) === 47) end--;
  if (end === 0) return false;
  const base = end === oldSite.length ? oldSite : oldSite.slice(0, end);
  if (href === base) return true;
  const next = href.charAt(base.length);
  return href.startsWith(base) && (next === '/' || next === '?' || next === '#');
}

/** The `target`/`rel` pair for an external link: none for legacy links. */
export function externalLinkProps(href: string, oldSite: string): { target?: '_blank'; rel?: string } {
  return isLegacyHref(href, oldSite) ? {} : { target: '_blank', rel: 'noopener noreferrer' };
}

interface Props {
  href: string;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}

/** An `<a>` to another site; a new-tab link also tells screen-reader users it opens one. */
export function ExternalLink({ href, children, className, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation();
  const { config } = usePageState();
  const props = externalLinkProps(href, config.endpoints.oldSite);
  return (
    <a
      href={href}
      className={className}
      aria-label={ariaLabel && props.target ? t('common.newTabLabel', { label: ariaLabel }) : ariaLabel}
      {...props}
    >
      {children}
      {props.target && !ariaLabel && <span className="visually-hidden"> {t('common.newTab')}</span>}
    </a>
  );
}
