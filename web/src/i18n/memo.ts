/**
 * Memoised translations for the server isolate. i18next's `t` copies its whole
 * options object on every call; a search page makes a few hundred calls, which
 * was a third of its render time. Resources never change inside an isolate, so a
 * translation is a pure function of (language, namespace, prefix, key, options)
 * as long as every option is a primitive: those results are kept. Keys and options may
 * carry what a URL or the data brought (a keyword, a title), so what is kept is bounded
 * by bytes, not by count (`lib/boundedMap.ts`): MAX_BYTES for the whole memo of an
 * instance, and no entry over MAX_ENTRY_BYTES is kept at all. Calls with objects or
 * functions among their options go straight to i18next. Results are kept per (language,
 * namespace, prefix), keyed by the translation key itself when there are no options (most
 * calls): the key is a literal of the bundle, so the lookup builds no string.
 */
import type { i18n } from 'i18next';
import { BoundedMap, ByteBudget, stringBytes } from '../lib/boundedMap';

/** What the memo of one i18next instance may hold, keys, options and results together. */
export const MAX_BYTES = 2 * 1024 * 1024;
/** The largest entry kept: a legitimate translation is far smaller. */
export const MAX_ENTRY_BYTES = 8 * 1024;
/** Scopes (language, namespace, prefix) with a memo; the bundle uses one per language. */
const MAX_SCOPES = 16;

/** Kept results of one (language, namespace, prefix): by key, and by key and options. */
interface Scope {
  plain: BoundedMap<unknown>;
  withOptions: BoundedMap<unknown>;
}

/** A result's bytes: a string's own, a fixed guess for anything else i18next returns. */
const resultBytes = (value: unknown) => (typeof value === 'string' ? stringBytes(value) : 64);

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

/** The budget of each memoised instance (for tests and diagnostics). */
const budgets = new WeakMap<i18n, ByteBudget>();
export const memoBudget = (instance: i18n): ByteBudget | undefined => budgets.get(instance);

/** Makes `instance.getFixedT` hand out memoised functions. */
export function memoiseTranslations(instance: i18n): i18n {
  const scopes = new Map<string, Scope>();
  const budget = new ByteBudget(MAX_BYTES, MAX_ENTRY_BYTES);
  budgets.set(instance, budget);
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => AnyT;
  (instance as unknown as { getFixedT: unknown }).getFixedT = (lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const fixed = getFixedT(lng, ns, keyPrefix);
    const name = `${String(lng)}\u0003${String(ns)}\u0003${String(keyPrefix)}`;
    let scope = scopes.get(name);
    if (!scope) {
      // More scopes than the bundle makes: no memo for this one (scopes hold no bytes of their own).
      if (scopes.size >= MAX_SCOPES) return fixed;
      scope = { plain: new BoundedMap(budget, resultBytes), withOptions: new BoundedMap(budget, resultBytes) };
      scopes.set(name, scope);
    }
    const { plain, withOptions } = scope;
    const memo = ((key: unknown, opts?: unknown, ...rest: unknown[]) => {
      if (rest.length !== 0 || typeof key !== 'string') return fixed(key, opts, ...rest);
      if (opts === undefined) {
        const hit = plain.entry(key);
        if (hit) return hit.value;
        const value = fixed(key);
        plain.set(key, value);
        return value;
      }
      const optKey = optionsKey(opts);
      if (optKey === null) return fixed(key, opts);
      // Too long to be kept: not worth building the cache key.
      if (stringBytes(key) + stringBytes(optKey) > MAX_ENTRY_BYTES) return fixed(key, opts);
      const cacheKey = key + optKey;
      const hit = withOptions.entry(cacheKey);
      if (hit) return hit.value;
      const value = fixed(key, opts);
      withOptions.set(cacheKey, value);
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
