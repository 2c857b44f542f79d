import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, recoverChunk } from './split';

function memory(): Pick<Storage, 'getItem' | 'setItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

describe('a page chunk that fails to load (SPEC §8)', () => {
  it('loads the address in full once, then shows the error page', async () => {
    const storage = memory();
    const loads: string[] = [];
    const failed = new Error('Loading chunk failed');
    const first = recoverChunk(failed, 'https://portal.example/plans?x=1', storage, (href) => loads.push(href));
    expect(loads).toEqual(['https://portal.example/plans?x=1']);
    expect(storage.items.get(CHUNK_RELOAD_KEY)).toBe('https://portal.example/plans?x=1');
    let settled = false;
    void first.then(() => (settled = true));
    await Promise.resolve();
    expect(settled, 'nothing renders while the page leaves').toBe(false);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const again = await recoverChunk(failed, 'https://portal.example/plans?x=1', storage, (href) => loads.push(href));
    expect(loads, 'at most one full load per address').toHaveLength(1);
    expect(typeof again.default).toBe('function');
    expect(logged).toHaveBeenCalledWith(failed);
    logged.mockRestore();

    recoverChunk(failed, 'https://portal.example/contracts', storage, (href) => loads.push(href));
    expect(loads).toEqual(['https://portal.example/plans?x=1', 'https://portal.example/contracts']);
  });

  it('still loads in full once when storage refuses', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    const loads: string[] = [];
    void recoverChunk(new Error('Loading chunk failed'), '/tenders', refusing, (href) => loads.push(href));
    expect(loads).toEqual(['/tenders']);
  });
});
