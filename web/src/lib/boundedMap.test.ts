import { describe, expect, it } from 'vitest';
import { BoundedMap, ByteBudget, ENTRY_OVERHEAD, stringBytes } from './boundedMap';

const KiB = 1024;
const textBytes = (v: string) => stringBytes(v);

describe('BoundedMap', () => {
  it('keeps entries and counts their bytes', () => {
    const map = new BoundedMap({ maxBytes: 64 * KiB, maxEntryBytes: 4 * KiB }, textBytes);
    expect(map.set('a', 'x'.repeat(10))).toBe(true);
    expect(map.get('a')).toBe('x'.repeat(10));
    expect(map.bytes).toBe(2 + 20 + ENTRY_OVERHEAD);
    map.set('a', 'y');
    expect(map.bytes).toBe(2 + 2 + ENTRY_OVERHEAD);
    expect(map.budget.used).toBe(map.bytes);
  });

  it('keeps a stored undefined apart from no entry', () => {
    const map = new BoundedMap<unknown>({ maxBytes: KiB, maxEntryBytes: KiB }, () => 0);
    map.set('k', undefined);
    expect(map.entry('k')).toMatchObject({ value: undefined });
    expect(map.entry('other')).toBeUndefined();
  });

  it('does not keep an entry over the entry bound, and drops the old value under its key', () => {
    const map = new BoundedMap({ maxBytes: 64 * KiB, maxEntryBytes: 4 * KiB }, textBytes);
    map.set('k', 'small');
    expect(map.set('k', 'x'.repeat(4 * KiB))).toBe(false);
    expect(map.get('k')).toBeUndefined();
    expect(map.set(`/${'a'.repeat(64 * KiB)}`, '')).toBe(false);
    expect(map.size).toBe(0);
    expect(map.bytes).toBe(0);
  });

  it('stays within its bytes however many long keys come, the oldest going first', () => {
    const map = new BoundedMap({ maxBytes: 256 * KiB, maxEntryBytes: 8 * KiB }, textBytes);
    for (let i = 0; i < 5000; i++) {
      map.set(`/tenders/${i}/${'x'.repeat(3000)}`, 'v');
      expect(map.bytes).toBeLessThanOrEqual(256 * KiB);
    }
    expect(map.size).toBeGreaterThan(30);
    expect(map.get(`/tenders/4999/${'x'.repeat(3000)}`)).toBe('v');
    expect(map.get(`/tenders/0/${'x'.repeat(3000)}`)).toBeUndefined();
  });

  it('shares a budget between maps, making room in the fullest', () => {
    const budget = new ByteBudget(32 * KiB, 4 * KiB);
    const a = new BoundedMap(budget, textBytes);
    const b = new BoundedMap(budget, textBytes);
    for (let i = 0; i < 20; i++) a.set(`a${i}`, 'x'.repeat(1000));
    for (let i = 0; i < 20; i++) b.set(`b${i}`, 'y'.repeat(1000));
    expect(budget.used).toBe(a.bytes + b.bytes);
    expect(budget.used).toBeLessThanOrEqual(32 * KiB);
    // b's entries pushed out a's oldest: both keep their newest.
    expect(a.get('a19')).toBeDefined();
    expect(b.get('b19')).toBeDefined();
    expect(a.get('a0')).toBeUndefined();
  });
});
