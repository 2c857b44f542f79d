/**
 * The browser's translation loader: an i18next backend that reads
 * `{translations}/{lng}/{ns}.json` with fetch. i18next itself retries a read that
 * answers "retry" (SPEC §9: maxRetries 5, retryTimeout 350 doubling, 10 parallel
 * reads, see `baseOptions`): network errors and 5xx retry, other statuses do not.
 * Written here instead of i18next-http-backend to keep 4 KB out of the first load.
 */
import type { BackendModule, ReadCallback } from 'i18next';

export interface FetchBackendOptions {
  loadPath: string;
}

export function fetchBackend(fetchImpl: typeof fetch = (...args) => fetch(...args)): BackendModule<FetchBackendOptions> {
  let loadPath = '/locales/{{lng}}/{{ns}}.json';
  return {
    type: 'backend',
    init(_services, options) {
      if (options?.loadPath) loadPath = options.loadPath;
    },
    read(language: string, namespace: string, callback: ReadCallback) {
      const url = loadPath.replace('{{lng}}', encodeURIComponent(language)).replace('{{ns}}', encodeURIComponent(namespace));
      fetchImpl(url, { headers: { Accept: 'application/json' } })
        .then(async (response) => {
          if (!response.ok) {
            callback(`failed loading ${url}; status code: ${response.status}`, response.status >= 500 || response.status === 429);
            return;
          }
          let data: unknown;
          try {
            data = await response.json();
          } catch {
            callback(`failed parsing ${url} to json`, false);
            return;
          }
          callback(null, data as Record<string, unknown>);
        })
        .catch((error: unknown) => callback(`failed loading ${url}: ${String(error)}`, true));
    },
  };
}
