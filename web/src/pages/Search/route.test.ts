import { describe, expect, it } from 'vitest';
import { tenderList, home, withoutEmptyFields } from './route';
import { activeFilterCount, parseFilters } from '../../lib/filters';

const ctx = (query: string) => ({ params: {}, query: new URLSearchParams(query), input: {} as never });

describe('a search sent without JavaScript (issue 46, item 23)', () => {
  it('keeps the filled fields, in their order, and drops the empty ones', () => {
    expect(withoutEmptyFields(new URLSearchParams('keyword=папір&status[]=&region[]=&valueAmount[from]=%20&sortOrder=&perPage=10'))?.toString())
      .toBe(new URLSearchParams('keyword=папір&perPage=10').toString());
    expect(withoutEmptyFields(new URLSearchParams('keyword=a&page=2'))).toBeNull();
  });

  it('redirects to the same search without them, and leaves a clean one alone', () => {
    expect(tenderList.guard?.(ctx('keyword=&status[0]=complete&perPage='))).toEqual({ redirect: '/tenders?status%5B0%5D=complete', status: 301 });
    expect(tenderList.guard?.(ctx('keyword=&perPage='))).toEqual({ redirect: '/tenders', status: 301 });
    expect(home.guard?.(ctx('keyword='))).toEqual({ redirect: '/', status: 301 });
    expect(tenderList.guard?.(ctx('status[0]=complete'))).toBeNull();
  });
});

describe('the folded filters count their choices (issue 46, item 1)', () => {
  it('counts each checked code and each end of a range, not the keyword, order or page size', () => {
    const f = parseFilters(new URLSearchParams('keyword=x&status[0]=complete&status[1]=active&region[0]=Київ&valueAmount[from]=10&tenderPeriod[to]=2026-01-01&hasActiveMonitoring=true&sortOrder=dateCreated.asc&perPage=20&acceptingBids=true'), { allowTestMode: false });
    expect(activeFilterCount(f)).toBe(6);
    expect(activeFilterCount(parseFilters(new URLSearchParams('keyword=x'), { allowTestMode: false }))).toBe(0);
  });
});
