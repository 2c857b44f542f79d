/**
 * The few web APIs the server bundle needs that a bare V8 isolate lacks
 * (react-dom/server.browser, react-router's search params). Kept small on purpose:
 * the isolate runs no I/O, so nothing here needs an event loop.
 */
// Untyped on purpose: these fill in globals the DOM typings already declare.
const g = globalThis as any;

if (typeof g.TextEncoder === 'undefined') {
  g.TextEncoder = class {
    readonly encoding = 'utf-8';
    encode(input = ''): Uint8Array {
      const bytes: number[] = [];
      for (const ch of input) {
        let c = ch.codePointAt(0)!;
        if (c < 0x80) bytes.push(c);
        else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) {
          if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
          bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        } else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(bytes);
    }
  };
}

if (typeof g.TextDecoder === 'undefined') {
  g.TextDecoder = class {
    decode(bytes?: Uint8Array): string {
      if (!bytes) return '';
      let out = '';
      for (let i = 0; i < bytes.length; ) {
        const b = bytes[i++];
        let c = b;
        if (b >= 0xf0) c = ((b & 7) << 18) | ((bytes[i++] & 63) << 12) | ((bytes[i++] & 63) << 6) | (bytes[i++] & 63);
        else if (b >= 0xe0) c = ((b & 15) << 12) | ((bytes[i++] & 63) << 6) | (bytes[i++] & 63);
        else if (b >= 0xc0) c = ((b & 31) << 6) | (bytes[i++] & 63);
        out += String.fromCodePoint(c);
      }
      return out;
    }
  };
}

if (typeof g.queueMicrotask === 'undefined') {
  g.queueMicrotask = (fn: () => void) => void Promise.resolve().then(fn);
}

if (typeof g.setTimeout === 'undefined') {
  // Only reached by code paths a synchronous render does not take; run on the microtask queue.
  g.setTimeout = (fn: () => void) => {
    g.queueMicrotask(fn);
    return 0;
  };
  g.clearTimeout = () => {};
}

if (typeof g.MessageChannel === 'undefined') {
  g.MessageChannel = class {
    port1: any = { onmessage: null, postMessage: (m: unknown) => g.queueMicrotask(() => this.port2.onmessage?.({ data: m })), close() {} };
    port2: any = { onmessage: null, postMessage: (m: unknown) => g.queueMicrotask(() => this.port1.onmessage?.({ data: m })), close() {} };
  };
}

if (typeof g.URLSearchParams === 'undefined') {
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  const encode = (s: string) =>
    encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  class SearchParams {
    private list: Array<[string, string]> = [];
    constructor(init?: string | Record<string, string> | Array<[string, string]> | SearchParams) {
      if (typeof init === 'string') {
        for (const part of init.replace(/^\?/, '').split('&')) {
          if (!part) continue;
          const eq = part.indexOf('=');
          this.list.push(eq < 0 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
        }
      } else if (init instanceof SearchParams) this.list = [...init.list];
      else if (Array.isArray(init)) this.list = init.map(([k, v]) => [String(k), String(v)]);
      else if (init) this.list = Object.entries(init).map(([k, v]) => [k, String(v)]);
    }
    get size() {
      return this.list.length;
    }
    append(k: string, v: string) {
      this.list.push([String(k), String(v)]);
    }
    delete(k: string) {
      this.list = this.list.filter(([n]) => n !== k);
    }
    get(k: string) {
      const e = this.list.find(([n]) => n === k);
      return e ? e[1] : null;
    }
    getAll(k: string) {
      return this.list.filter(([n]) => n === k).map(([, v]) => v);
    }
    has(k: string) {
      return this.list.some(([n]) => n === k);
    }
    set(k: string, v: string) {
      const i = this.list.findIndex(([n]) => n === k);
      this.delete(k);
      this.list.splice(i < 0 ? this.list.length : i, 0, [String(k), String(v)]);
    }
    sort() {
      this.list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    }
    forEach(fn: (v: string, k: string, p: SearchParams) => void) {
      for (const [k, v] of this.list) fn(v, k, this);
    }
    keys() {
      return this.list.map(([k]) => k)[Symbol.iterator]();
    }
    values() {
      return this.list.map(([, v]) => v)[Symbol.iterator]();
    }
    entries() {
      return this.list.map(([k, v]) => [k, v] as [string, string])[Symbol.iterator]();
    }
    [Symbol.iterator]() {
      return this.entries();
    }
    toString() {
      return this.list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
    }
  }
  g.URLSearchParams = SearchParams;
}

if (typeof g.URL === 'undefined') {
  // Absolute and relative URL parsing for react-router's link handling; hosts are
  // not IDNA-encoded and paths are not percent-normalised (no code here needs it).
  const pattern = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(?:\/\/(?:[^@/?#]*@)?([^:/?#]*)(?::(\d*))?)?([^?#]*)(\?[^#]*)?(#.*)?$/;
  const removeDots = (path: string): string => {
    const out: string[] = [];
    const segments = path.split('/');
    segments.forEach((s, i) => {
      if (s === '..') {
        if (out.length > 1) out.pop();
      } else if (s !== '.') out.push(s);
      if ((s === '.' || s === '..') && i === segments.length - 1) out.push('');
    });
    return out.join('/') || '/';
  };
  class PortalURL {
    protocol = '';
    hostname = '';
    port = '';
    pathname = '/';
    hash = '';
    searchParams: any;
    constructor(input: string | PortalURL, base?: string | PortalURL) {
      const text = String(input).trim();
      const m = pattern.exec(text);
      if (m) {
        this.set(m[1].toLowerCase(), m[2] ?? '', m[3] ?? '', m[4] || (m[2] !== undefined ? '/' : ''), m[5] ?? '', m[6] ?? '');
        return;
      }
      if (base === undefined) throw new TypeError(`Invalid URL: ${text}`);
      const b = base instanceof PortalURL ? base : new PortalURL(base);
      const rest = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(text)!;
      const [, path, search, hash] = rest;
      if (text.startsWith('//')) {
        const abs = new PortalURL(b.protocol + text);
        this.set(abs.protocol, abs.hostname, abs.port, abs.pathname, abs.search, abs.hash);
      } else if (path === '') {
        this.set(b.protocol, b.hostname, b.port, b.pathname, search !== undefined ? search : b.search, hash ?? '');
      } else {
        const joined = path.startsWith('/') ? path : b.pathname.replace(/[^/]*$/, '') + path;
        this.set(b.protocol, b.hostname, b.port, removeDots(joined), search ?? '', hash ?? '');
      }
    }
    private set(protocol: string, hostname: string, port: string, pathname: string, search: string, hash: string) {
      this.protocol = protocol;
      this.hostname = hostname.toLowerCase();
      this.port = port;
      this.pathname = pathname;
      this.searchParams = new g.URLSearchParams(search);
      this.hash = hash === '#' ? '' : hash;
    }
    get search() {
      const s = this.searchParams.toString();
      return s ? `?${s}` : '';
    }
    set search(v: string) {
      this.searchParams = new g.URLSearchParams(v);
    }
    get host() {
      return this.port ? `${this.hostname}:${this.port}` : this.hostname;
    }
    get origin() {
      return this.hostname ? `${this.protocol}//${this.host}` : 'null';
    }
    get href() {
      return (this.hostname || this.protocol === 'file:' ? `${this.protocol}//${this.host}` : this.protocol) + this.pathname + this.search + this.hash;
    }
    toString() {
      return this.href;
    }
    toJSON() {
      return this.href;
    }
  }
  g.URL = PortalURL;
}
