/**
 * Memoised translations for the server isolate. i18next's `t` copies its whole
 * options object on every call; a search page makes a few hundred calls, which
 * was a third of its render time. Resources never change inside an isolate, so a
 * translation is a pure function of (language, namespace, prefix, key, options)
 * as long as every option is a primitive: those results are kept, in a map that is
 * emptied when it grows past its bound. Calls with objects or functions among their
 * options go straight to i18next.
 */
import type { i18n } from 'i18next';

const MAX_ENTRIES = 20_000;

type AnyT = ((...args: unknown[]) => unknown) & Record<string, unknown>;

/** The cache key of an options object of primitives, or null when it has anything else. */
function optionsKey(opts: unknown): string | null {
  if (opts === undefined) return '';
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) return null;
  let key = '';
  for (const name of Object.keys(opts).sort()) {
    const value = (opts as Record<string, unknown>)[name];
    const kind = typeof value;
    if (value !== null && value !== undefined && kind !== 'string' && kind !== 'number' && kind !== 'boolean') return null;
    key += `\u0001${name}\u0002${kind}:${String(value)}`;
  }
  return key;
}

/** Makes `instance.getFixedT` hand out memoised functions. */
export function memoiseTranslations(instance: i18n): i18n {
  const cache = new Map<string, unknown>();
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => AnyT;
  (instance as unknown as { getFixedT: unknown }).getFixedT = (lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const fixed = getFixedT(lng, ns, keyPrefix);
    const scope = `${String(lng)}\u0003${String(ns)}\u0003${String(keyPrefix)}\u0003`;
    const memo = ((key: unknown, opts?: unknown, ...rest: unknown[]) => {
      const optKey = rest.length === 0 && typeof key === 'string' ? optionsKey(opts) : null;
      if (optKey === null) return fixed(key, opts, ...rest);
      const cacheKey = scope + key + optKey;
      const hit = cache.get(cacheKey);
      if (hit !== undefined || cache.has(cacheKey)) return hit;
      const value = fixed(key, opts);
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(cacheKey, value);
      return value;
    }) as AnyT;
    memo.lng = fixed.lng;
    memo.lngs = fixed.lngs;
    memo.ns = fixed.ns;
    memo.keyPrefix = fixed.keyPrefix;
    return memo;
  };
  return instance;
}
