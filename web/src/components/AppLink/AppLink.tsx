/**
 * A link to a path of this portal: a real `<a href>` (so it works without
 * JavaScript and for crawlers) that navigates in the app on a plain click.
 * react-router's `<Link>` resolves every `to` against the route tree, which made
 * links a fifth of a search page's render; these targets are already absolute
 * paths, so only the language base is added.
 */
import { useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import { sitePath } from '../../lib/paths';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path of the portal, without the language base (`/tenders?page=2`). */
  to: string;
};

/**
 * `to` under the router's base (`/en`): `/` stays the base itself. A `to` made from the
 * current path may start with `//` or `/\` (`//evil.com`, another host): it becomes a
 * path of this site first.
 */
export function withBase(basename: string, to: string): string {
  if (to[0] === '/' && (to[1] === '/' || to[1] === '\\')) to = sitePath(to);
  const base = basename.replace(/\/$/, '');
  if (!base) return to;
  if (to === '/') return base;
  return to.startsWith('/?') || to.startsWith('/#') ? base + to.slice(1) : base + to;
}

export function AppLink({ to, onClick, target, ...rest }: Props) {
  const { basename, navigator } = useContext(UNSAFE_NavigationContext);
  const href = withBase(basename, to);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigator.push(href);
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

/** Whose page an organisation's link opens: `/buyers/{id}` or `/suppliers/{id}`. */
export type OrgRole = 'buyer' | 'supplier';

/** `/buyers/12345678`, `/suppliers/1234567890`. */
export const organisationPath = (role: OrgRole, id: string): string => `/${role}s/${encodeURIComponent(id.trim())}`;

/**
 * An organisation's name linked to its page, wherever a record names a buyer or a
 * supplier; the children unlinked without an identifier. Here rather than in a module of
 * its own: the record pages and the search share it, and a chunk of its own would cost
 * each of them more than it costs the entry.
 */
export function OrgLink({ role, id, children }: { role: OrgRole; id: string | undefined; children: ReactNode }) {
  return id?.trim() ? <AppLink to={organisationPath(role, id)}>{children}</AppLink> : <>{children}</>;
}
