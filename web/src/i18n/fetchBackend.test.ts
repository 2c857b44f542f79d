import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { fetchBackend } from './fetchBackend';
import { baseOptions } from './index';

function respond(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
}

async function load(answers: Array<Response | Error>, retryTimeout = 1) {
  const urls: string[] = [];
  const fetchImpl = (async (url: string) => {
    urls.push(url);
    const next = answers.shift() ?? respond(500, '');
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  const i18n = i18next.createInstance();
  await i18n.use(fetchBackend(fetchImpl)).init({
    ...baseOptions, retryTimeout, lng: 'en', fallbackLng: false, backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
  });
  return { i18n, urls };
}

describe('fetch backend', () => {
  it('loads the namespace of a language from the load path', async () => {
    const { i18n, urls } = await load([respond(200, { hello: 'Hello' })]);
    expect(urls).toEqual(['/locales/en/dzo.json']);
    expect(i18n.t('hello')).toBe('Hello');
  });

  it('retries network errors and server errors as i18next is told, then succeeds', async () => {
    const { i18n, urls } = await load([new TypeError('offline'), respond(503, ''), respond(200, { hello: 'Hi' })]);
    expect(urls.length).toBe(3);
    expect(i18n.t('hello')).toBe('Hi');
  });

  it('gives up after maxRetries and does not retry a 404', async () => {
    const many = await load([]);
    expect(many.urls.length).toBe(1 + baseOptions.maxRetries);
    const missing = await load([respond(404, 'no')]);
    expect(missing.urls.length).toBe(1);
    expect(missing.i18n.t('hello')).toBe('hello');
  });
});
