import { describe, expect, it } from 'vitest';
import { clampPage, GAP, pageCount, pageItems, RESULT_WINDOW, showMoreCount, showPagination } from './pagination';

describe('pageCount', () => {
  it('is ceil(total / perPage) inside the result window', () => {
    expect(pageCount(95, 10)).toBe(10);
    expect(pageCount(100, 10)).toBe(10);
    expect(pageCount(101, 10)).toBe(11);
    expect(pageCount(1, 24)).toBe(1);
  });

  it('never reaches past the 10000-result window', () => {
    expect(RESULT_WINDOW).toBe(10000);
    expect(pageCount(25000, 10)).toBe(1000);
    expect(pageCount(25000, 24)).toBe(416);
    expect(pageCount(10000, 24)).toBe(416);
    expect(pageCount(9984, 24)).toBe(416);
    expect(pageCount(10001, 10)).toBe(1000);
    expect(pageCount(9000, 24)).toBe(375);
  });

  it('is 0 for no results or an invalid page size', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(50, 0)).toBe(0);
    expect(pageCount(Number.NaN, 10)).toBe(0);
  });
});

describe('showPagination', () => {
  it('needs at least two pages', () => {
    expect(showPagination(0, 10)).toBe(false);
    expect(showPagination(10, 10)).toBe(false);
    expect(showPagination(11, 10)).toBe(true);
  });
});

describe('clampPage', () => {
  it('keeps the page inside 1..count', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
  });
});

describe('showMoreCount', () => {
  it('is perPage while whole pages remain', () => {
    expect(showMoreCount(1, 10, 95)).toBe(10);
    expect(showMoreCount(8, 10, 95)).toBe(10);
  });

  it('is the remainder before the last page and 0 on the last page', () => {
    expect(showMoreCount(9, 10, 95)).toBe(5);
    expect(showMoreCount(10, 10, 95)).toBe(0);
    expect(showMoreCount(1, 10, 10)).toBe(0);
  });

  it('counts only the results inside the window', () => {
    // 416 pages of 24 reach result 9984: page 415 is followed by one whole page.
    expect(showMoreCount(415, 24, 25000)).toBe(24);
    expect(showMoreCount(416, 24, 25000)).toBe(0);
    // 10010 results, 20 per page: 500 pages; page 499 leaves exactly 20.
    expect(showMoreCount(499, 20, 10010)).toBe(20);
    expect(showMoreCount(999, 10, 25000)).toBe(10);
    expect(showMoreCount(1000, 10, 25000)).toBe(0);
  });
});

describe('pageItems', () => {
  it('lists every page when there are at most seven', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('puts a gap after the first pages near the start', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, GAP, 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, GAP, 20]);
  });

  it('puts gaps on both sides in the middle', () => {
    expect(pageItems(5, 20)).toEqual([1, GAP, 4, 5, 6, GAP, 20]);
    expect(pageItems(10, 1000)).toEqual([1, GAP, 9, 10, 11, GAP, 1000]);
  });

  it('puts a gap before the last pages near the end', () => {
    expect(pageItems(17, 20)).toEqual([1, GAP, 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, GAP, 16, 17, 18, 19, 20]);
  });

  it('never lets a gap stand for a single page and stays seven items wide', () => {
    for (let count = 8; count <= 12; count++) {
      for (let page = 1; page <= count; page++) {
        const items = pageItems(page, count);
        expect(items).toHaveLength(7);
        expect(items).toContain(page);
        items.forEach((item, i) => {
          if (item === GAP) expect((items[i + 1] as number) - (items[i - 1] as number)).toBeGreaterThan(2);
        });
      }
    }
  });

  it('clamps an out-of-range page', () => {
    expect(pageItems(50, 20)).toEqual(pageItems(20, 20));
  });
});
