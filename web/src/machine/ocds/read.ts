/** Readers of parsed JSON: a field of another type than expected counts as absent. */

export type Rec = Readonly<Record<string, unknown>>;

export const rec = (v: unknown): Rec | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined);
export const recs = (v: unknown): Rec[] => (Array.isArray(v) ? v.map(rec).filter((x): x is Rec => !!x) : []);
/** A non-blank string, as it is. */
export const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
/** An identifier or code: a non-blank string (trimmed) or a finite number as a string. */
export const code = (v: unknown): string | undefined =>
  typeof v === 'string' ? v.trim() || undefined : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** RFC 3339 date-time with a time zone (the schema's `date-time` format). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;
export const dateTime = (v: unknown): string | undefined =>
  typeof v === 'string' && DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined;

/** Characters a URI may hold as they are (RFC 3986 unreserved, reserved and `%`). */
const URI_CHAR = /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/;
/** What `ajv-formats` accepts as `uri` for these links: host, port, then path, query and fragment. */
const URI = /^https?:\/\/[A-Za-z0-9\-._~!$&'()*+,;=%]+(?::\d*)?(?:[/?][A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?(?:#[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?$/i;

/**
 * An http(s) link as a URI: characters a URI may not hold (spaces, Cyrillic, `|`…) and
 * `%` not followed by two hex digits are percent-encoded (as a browser does before it
 * follows the link); anything else (no scheme, `javascript:`, a broken host) is left out.
 * No `URL` here: the server's isolates have only a small polyfill of it.
 */
export function uri(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (!/^https?:\/\/[^/?#\s]/i.test(s)) return undefined;
  let out = '';
  let fragment = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '%' && /^[0-9a-f]{2}$/i.test(s.slice(i + 1, i + 3))) out += c;
    else if (c === '#' && !fragment) {
      fragment = true;
      out += c;
    } else if (c !== '%' && c !== '#' && c !== '[' && c !== ']' && URI_CHAR.test(c)) out += c;
    else {
      const cp = s.codePointAt(i) as number;
      const ch = String.fromCodePoint(cp);
      if (ch.length === 2) i++;
      // A lone surrogate has no UTF-8 encoding: such a link is not a link.
      if (cp >= 0xd800 && cp <= 0xdfff) return undefined;
      out += encodeURIComponent(ch);
    }
  }
  return URI.test(out) ? out : undefined;
}

/** `o` without its undefined fields and empty arrays; undefined when nothing is left. */
export function clean<T extends object>(o: T): T | undefined {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
    any = true;
  }
  return any ? (out as T) : undefined;
}

/** Each mapped element, those that map to nothing left out. */
export function mapped<T>(v: unknown, f: (r: Rec) => T | undefined): T[] {
  const out: T[] = [];
  for (const r of recs(v)) {
    const m = f(r);
    if (m !== undefined) out.push(m);
  }
  return out;
}

/** `items` with one element per id: the last one (the platform appends a document's new version). */
export function lastById<T extends { id: string }>(items: T[]): T[] {
  const byId = new Map<string, T>();
  for (const x of items) {
    byId.delete(x.id);
    byId.set(x.id, x);
  }
  return [...byId.values()];
}
