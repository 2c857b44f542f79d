import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, loadChunk } from './lazy';

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());
  it('resolves with the module', async () => {
    await expect(loadChunk(() => Promise.resolve({ a: 1 }))).resolves.toEqual({ a: 1 });
  });
  it('turns an import failure into Loading chunk failed', async () => {
    await expect(loadChunk(() => Promise.reject(new Error('404')))).rejects.toThrow('Loading chunk failed');
  });
  it('times out after 120 s', async () => {
    vi.useFakeTimers();
    const p = loadChunk(() => new Promise(() => {}));
    const check = expect(p).rejects.toThrow('Loading chunk failed');
    expect(CHUNK_TIMEOUT_MS).toBe(120000);
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS);
    await check;
  });
});
