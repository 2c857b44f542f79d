/** Lazy chunks: SPEC §9 gives them 120 s; a failure or time-out raises 'Loading chunk failed'. */
export const CHUNK_TIMEOUT_MS = 120_000;

export function loadChunk<T>(importer: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading chunk failed')), timeoutMs);
    importer().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new Error('Loading chunk failed', { cause }));
      },
    );
  });
}
