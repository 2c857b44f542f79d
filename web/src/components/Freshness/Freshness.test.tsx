import { describe, expect, it } from 'vitest';
import { Freshness, FRESHNESS } from './Freshness';
import { RecordFreshness } from './RecordFreshness';
import { render, TEST_NOW } from '../test-utils';
import type { Fetched, Language } from '../../contract';

const page = (body: unknown, language: Language = 'uk') =>
  render(<Freshness />, { language, data: { [FRESHNESS]: { ok: true, body } as Fetched } });
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

describe('Freshness', () => {
  it('says how long ago a mirror last heard from the central database, in the page language', () => {
    const live = { mode: 'live', updatedAt: TEST_NOW - 40_000, behind: false };
    expect(text(page(live))).toBe('Дані оновлено 40 с тому');
    expect(text(page(live, 'en'))).toBe('Data updated 40 s ago');
    expect(text(page({ ...live, updatedAt: TEST_NOW - 5 * 60_000 }))).toBe('Дані оновлено 5 хв тому');
    expect(text(page({ ...live, updatedAt: TEST_NOW - 3 * 3_600_000 - 10 * 60_000 }, 'en'))).toBe('Data updated 3 h ago');
  });

  it('warns when the mirror has fallen behind, or has not caught up yet', () => {
    const html = page({ mode: 'live', updatedAt: TEST_NOW - 7 * 60_000, behind: true });
    expect(html).toContain('freshness--behind');
    expect(text(html)).toContain('7 хв тому');
    expect(text(page({ mode: 'live', updatedAt: null, behind: true }, 'en'))).toContain('still loading');
  });

  it('on a record page, speaks only when the mirror is behind or loading, from an answer with no moment', () => {
    const brief = (body: unknown, language: Language = 'uk') =>
      render(<RecordFreshness />, { language, data: { [FRESHNESS]: { ok: true, body } as Fetched } });
    expect(brief({ mode: 'live', behind: false, starting: false })).toBe('');
    const behind = brief({ mode: 'live', behind: true, starting: false }, 'en');
    expect(behind).toContain('freshness--lagging');
    expect(text(behind)).toBe('Updates are behind: changes from the central database arrive late, so this record may be out of date');
    expect(text(brief({ mode: 'live', behind: true, starting: true }))).toContain('ще завантажує');
    expect(text(brief({ mode: 'snapshot', snapshotAt: Date.parse('2026-10-12T16:40:00+03:00') }))).toBe('Знімок даних від 12.10.2026');
  });

  it('names the day of a snapshot', () => {
    const snap = { mode: 'snapshot', snapshotAt: Date.parse('2026-10-12T16:40:00+03:00') };
    expect(text(page(snap, 'en'))).toBe('Snapshot of 12/10/2026');
    expect(text(page(snap))).toBe('Знімок даних від 12.10.2026');
  });

  it('says nothing without an answer, or with one it cannot read', () => {
    expect(render(<Freshness />)).toBe('');
    expect(page({ mode: 'other' })).toBe('');
    expect(render(<Freshness />, { data: { [FRESHNESS]: { ok: false, status: 503 } } })).toBe('');
  });
});
