import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSearchApi, getJson, statusError } from './api';
import { fetchCatalogue } from './market';

afterEach(() => vi.unstubAllGlobals());

function answering(status: number, body: unknown = {}) {
  const calls: Array<[string, RequestInit | undefined]> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push([url, init]);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

describe('generic calls (SPEC §7, §8)', () => {
  it('name the status class and the status', () => {
    expect(statusError(404).message).toBe('client error (status: 404)');
    expect(statusError(499).message).toBe('client error (status: 499)');
    expect(statusError(500).message).toBe('server error (status: 500)');
    expect(statusError(503).message).toBe('server error (status: 503)');
  });

  it('send a JSON content type with a GET and read JSON', async () => {
    const calls = answering(200, { ok: 1 });
    expect(await getJson('http://api.example/', '/api/x?a=1')).toEqual({ ok: 1 });
    const [url, init] = calls[0];
    expect(url).toBe('http://api.example/api/x?a=1');
    const headers = new Headers(init?.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
    expect(init?.method ?? 'GET').toBe('GET');
  });

  it.each([
    [fetchSearchApi, 404, 'client error (status: 404)'],
    [fetchSearchApi, 502, 'server error (status: 502)'],
    [fetchCatalogue, 400, 'client error (status: 400)'],
    [fetchCatalogue, 500, 'server error (status: 500)'],
  ] as const)('raise the catalogue of errors: %o %i', async (call, status, message) => {
    answering(status);
    await expect(call('http://api.example', '/api/y')).rejects.toThrow(message);
  });
});
