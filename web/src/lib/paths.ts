/** Language prefixes: uk has none, en lives under `/en` (SPEC §1). */
import type { Language } from '../contract';

export function splitLanguage(pathname: string): { language: Language; path: string } {
  if (pathname === '/en' || pathname.startsWith('/en/')) {
    return { language: 'en', path: pathname.slice(3) || '/' };
  }
  return { language: 'uk', path: pathname || '/' };
}

/**
 * `path` as a path of this site, whatever the URL it came from held: `\` read as `/` (as
 * browsers read it), runs of slashes made one, tabs and line breaks dropped (browsers drop
 * them too), so that no link written from it starts with `//` or `/\`: another host
 * (`/en//evil.com` switched to uk is `//evil.com`). The query and fragment stay as they are.
 */
export function sitePath(path: string): string {
  const end = path.search(/[?#]/);
  const head = end < 0 ? path : path.slice(0, end);
  return `/${head}`.replace(/[\t\n\r]/g, '').replace(/[\\/]+/g, '/') + (end < 0 ? '' : path.slice(end));
}

/** The path of `path` (no prefix) in `language`, always a path of this site (`sitePath`). */
export function localizedPath(language: Language, path: string): string {
  const clean = sitePath(path);
  if (language === 'uk') return clean;
  return clean === '/' ? '/en' : `/en${clean}`;
}

/**
 * The same page in the other language: the switch rewrites the prefix (SPEC §2.2). What the
 * current URL held raw that a URL may not (`status[0]=…` typed by hand, a space, a `%` that
 * starts no escape) is percent-encoded, so the link is a valid URL.
 */
export function switchLanguageUrl(pathname: string, search: string, to: Language): string {
  return (localizedPath(to, splitLanguage(pathname).path) + search).replace(/[\0-\x20\x7f"<>[\]{}|\\^`]|%(?![\da-f]{2})/gi, encodeURIComponent);
}

export function basename(language: Language): string {
  return language === 'uk' ? '/' : '/en';
}

/** The element a URL's fragment names (`#r018`), if the page has it; a malformed escape names none. */
export function fragmentTarget(hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}
