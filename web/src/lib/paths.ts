/** Language prefixes: uk has none, en lives under `/en` (SPEC §1). */
import type { Language } from '../contract';

export function splitLanguage(pathname: string): { language: Language; path: string } {
  if (pathname === '/en' || pathname.startsWith('/en/')) {
    return { language: 'en', path: pathname.slice(3) || '/' };
  }
  return { language: 'uk', path: pathname || '/' };
}

/** The path of `path` (no prefix) in `language`. */
export function localizedPath(language: Language, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (language === 'uk') return clean;
  return clean === '/' ? '/en' : `/en${clean}`;
}

/** The same page in the other language: the switch rewrites the prefix (SPEC §2.2). */
export function switchLanguageUrl(pathname: string, search: string, to: Language): string {
  return localizedPath(to, splitLanguage(pathname).path) + search;
}

export function basename(language: Language): string {
  return language === 'uk' ? '/' : '/en';
}
