import { describe, expect, it } from 'vitest';

// Load the polyfills into a scope where the globals are missing, as in a bare isolate.
async function fresh() {
  const g = globalThis as any;
  const saved = { URL: g.URL, URLSearchParams: g.URLSearchParams };
  delete g.URL;
  delete g.URLSearchParams;
  const { default: _ } = await import('./polyfills?fresh' as string).catch(() => ({ default: null }));
  const out = { URL: g.URL, URLSearchParams: g.URLSearchParams };
  g.URL = saved.URL;
  g.URLSearchParams = saved.URLSearchParams;
  return out;
}

describe('server polyfills', () => {
  it('parse urls and search params like the platform', async () => {
    const { URL: U, URLSearchParams: P } = await fresh();
    expect(U).toBeDefined();
    const u = new U('https://Example.org:8443/a/b/c?x=1&y=%D0%B0+b#h');
    expect([u.protocol, u.hostname, u.port, u.pathname, u.hash, u.origin]).toEqual(['https:', 'example.org', '8443', '/a/b/c', '#h', 'https://example.org:8443']);
    expect(u.searchParams.get('y')).toBe('а b');
    expect(new U('../d?q', 'http://h/a/b/c').href).toBe('http://h/a/d?q=');
    expect(new U('/x', 'http://localhost').href).toBe('http://localhost/x');
    expect(new U('//cdn.test/y', 'https://h/').href).toBe('https://cdn.test/y');
    expect(() => new U('relative')).toThrow();
    const p = new P('?status[0]=complete&status[1]=cancelled&k=a%26b');
    expect(p.getAll('status[0]')).toEqual(['complete']);
    expect(p.get('k')).toBe('a&b');
    p.set('k', 'ц d');
    expect(p.toString()).toBe('status%5B0%5D=complete&status%5B1%5D=cancelled&k=%D1%86+d');
  });
});
