/**
 * `changedSince` of the machines' documents: read when it is a real date or instant,
 * passed to the upstream's search by the search feeds and exports, and named in their
 * own links; left out otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { TENDERS, parseFilters } from '../lib/filters';
import { changedSinceOf, withChangedSince } from './changedSince';
import { machineStep } from './index';
import type { MachineRequest } from './types';

const read = (q: string) => changedSinceOf(new URLSearchParams(q));

describe('changedSince', () => {
  it('takes a date or an instant, as the search API does, and nothing else', () => {
    expect(read('changedSince=2026-11-29')).toBe('2026-11-29');
    expect(read('changedSince=2026-11-29T10:00:00%2B02:00')).toBe('2026-11-29T10:00:00+02:00');
    expect(read('changedSince=2026-11-29T08:00:00.123Z')).toBe('2026-11-29T08:00:00.123Z');
    for (const bad of ['', 'yesterday', '2026-02-30', '2026-13-01', '2026-11-29T25:00:00Z', '2026-11-29T10:00', '1e9', '<script>']) {
      expect(read(`changedSince=${encodeURIComponent(bad)}`), bad).toBeUndefined();
    }
    expect(read('status%5B0%5D=complete')).toBeUndefined();
  });

  it('is added to a query and to a path with its own', () => {
    expect(withChangedSince('', '2026-11-29')).toBe('changedSince=2026-11-29');
    expect(withChangedSince('a=1', '2026-11-29T10:00:00+02:00')).toBe('a=1&changedSince=2026-11-29T10%3A00%3A00%2B02%3A00');
    expect(withChangedSince('/api/tenders?page=1', '2026-11-29')).toBe('/api/tenders?page=1&changedSince=2026-11-29');
    expect(withChangedSince('a=1', undefined)).toBe('a=1');
  });

  it("reaches the upstream's search from a feed and from every export, and their links", () => {
    const t = ((key: string) => key) as unknown as TFunction;
    for (const path of ['/tenders.atom', '/tenders.csv', '/plans.xlsx', '/contracts.ocds.json']) {
      const request: MachineRequest = {
        url: `${path}?keyword=%D0%BF%D0%B0%D0%BF%D1%96%D1%80&changedSince=2026-11-29T10%3A00%3A00%2B02%3A00`,
        config: { features: { testMode: false }, publicOrigin: 'https://example.org' } as MachineRequest['config'],
        now: '2026-11-30T10:00:00Z',
        state: null,
      };
      const [meta] = machineStep(JSON.stringify(request), undefined, { uk: { getFixedT: () => t } as never });
      const next = JSON.parse(meta).next;
      const upstream = new URL(next.path, 'https://x').searchParams;
      expect(upstream.get('changedSince'), path).toBe('2026-11-29T10:00:00+02:00');
      expect(upstream.get('keyword'), path).toBe('папір');
    }
    const request: MachineRequest = {
      url: '/tenders.atom?changedSince=tomorrow',
      config: { features: { testMode: false }, publicOrigin: 'https://example.org' } as MachineRequest['config'],
      now: '2026-11-30T10:00:00Z',
      state: null,
    };
    const [meta] = machineStep(JSON.stringify(request), undefined, { uk: { getFixedT: () => t } as never });
    expect(new URL(JSON.parse(meta).next.path, 'https://x').searchParams.has('changedSince'), 'a bad one is left out').toBe(false);
    // The codec of the search pages knows nothing of it.
    expect(parseFilters(new URLSearchParams('changedSince=2026-11-29'), { allowTestMode: false, register: TENDERS })).toEqual(
      parseFilters(new URLSearchParams(''), { allowTestMode: false, register: TENDERS }),
    );
  });
});
