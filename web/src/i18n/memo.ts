/**
 * Memoised translations for the server isolate. i18next's `t` copies its whole
 * options object on every call; a search page makes a few hundred calls, which
 * was a third of its render time. Resources never change inside an isolate, so a
 * translation is a pure function of (language, namespace, prefix, key, options)
 * as long as every option is a primitive: those results are kept, in a map that is
 * emptied when it grows past its bound. Calls with objects or functions among their
 * options go straight to i18next. Results are kept per (language, namespace, prefix),
 * keyed by the translation key itself when there are no options (most calls): the
 * key is a literal of the bundle, so the lookup builds no string.
 */
import type { i18n } from 'i18next';

const MAX_ENTRIES = 20_000;

/** Kept results of one (language, namespace, prefix): by key, and by key and options. */
interface Scope {
  plain: Map<string, unknown>;
  withOptions: Map<string, unknown>;
}

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
  const scopes = new Map<string, Scope>();
  let entries = 0;
  /** Keeps `value`; everything kept is dropped first when the bound is reached. */
  const keep = (map: Map<string, unknown>, key: string, value: unknown) => {
    if (entries >= MAX_ENTRIES) {
      for (const scope of scopes.values()) {
        scope.plain.clear();
        scope.withOptions.clear();
      }
      entries = 0;
    }
    map.set(key, value);
    entries++;
  };
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => AnyT;
  (instance as unknown as { getFixedT: unknown }).getFixedT = (lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const fixed = getFixedT(lng, ns, keyPrefix);
    const name = `${String(lng)}\u0003${String(ns)}\u0003${String(keyPrefix)}`;
    let scope = scopes.get(name);
    if (!scope) scopes.set(name, (scope = { plain: new Map(), withOptions: new Map() }));
    const { plain, withOptions } = scope;
    const memo = ((key: unknown, opts?: unknown, ...rest: unknown[]) => {
      if (rest.length !== 0 || typeof key !== 'string') return fixed(key, opts, ...rest);
      if (opts === undefined) {
        const hit = plain.get(key);
        if (hit !== undefined || plain.has(key)) return hit;
        const value = fixed(key);
        keep(plain, key, value);
        return value;
      }
      const optKey = optionsKey(opts);
      if (optKey === null) return fixed(key, opts);
      const cacheKey = key + optKey;
      const hit = withOptions.get(cacheKey);
      if (hit !== undefined || withOptions.has(cacheKey)) return hit;
      const value = fixed(key, opts);
      keep(withOptions, cacheKey, value);
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
