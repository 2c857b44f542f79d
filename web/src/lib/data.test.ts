import { describe, expect, it } from 'vitest';
import { dataOf, failed, failureCode, failureStatus, type PageData } from './data';

const data: PageData = {
  tender: { ok: true, body: { tenderID: 'UA-1' } },
  list: { ok: true, body: [1, 2] },
  down: { ok: false, status: 500 },
  slow: { ok: false, failure: 'timeout' },
};

describe('dataOf and failed', () => {
  it('reads an object answer from the page state or a route context alike', () => {
    expect(dataOf<{ tenderID: string }>({ data }, 'tender')?.tenderID).toBe('UA-1');
    expect(dataOf<{ tenderID: string }>({ input: { data } }, 'tender')?.tenderID).toBe('UA-1');
  });
  it('answers null for a failed, missing or non-object answer, unless told how to read it', () => {
    expect(dataOf({ data }, 'down')).toBeNull();
    expect(dataOf({ data }, 'absent')).toBeNull();
    expect(dataOf({ data }, 'list')).toBeNull();
    expect(dataOf({ data }, 'list', (b) => (Array.isArray(b) ? b.length : null))).toBe(2);
  });
  it('tells a failed request from one never made', () => {
    expect([failed({ data }, 'down'), failed({ data }, 'slow'), failed({ data }, 'tender'), failed({ data }, 'absent')]).toEqual([
      true, true, false, false,
    ]);
  });
});

describe('failureStatus', () => {
  it('maps each failure to the error page SPEC §2.4 shows for it', () => {
    const cases: Array<[Parameters<typeof failureStatus>[0], number | null]> = [
      [{ ok: true, body: {} }, null],
      [undefined, 503],
      [{ ok: false, status: 404 }, 404],
      [{ ok: false, status: 400 }, 400],
      [{ ok: false, status: 500 }, 503],
      [{ ok: false, status: 502 }, 503],
      [{ ok: false, status: 403 }, 403],
      [{ ok: false, status: 401 }, 502],
      [{ ok: false, failure: 'unreachable' }, 502],
      [{ ok: false, failure: 'timeout' }, 504],
      [{ ok: false, failure: 'invalid' }, 502],
    ];
    for (const [entry, status] of cases) expect(failureStatus(entry), JSON.stringify(entry)).toBe(status);
  });
});

describe('failureCode', () => {
  it('is the code that failed, which the error page shows (its status stays failureStatus)', () => {
    const cases: Array<[Parameters<typeof failureCode>[0], number | null, number | null]> = [
      [{ ok: true, body: {} }, null, null],
      [{ ok: false, status: 500 }, 500, 503],
      [{ ok: false, status: 502 }, 502, 503],
      [{ ok: false, status: 504 }, 504, 503],
      [{ ok: false, status: 401 }, 401, 502],
      [{ ok: false, status: 418 }, 418, 502],
      [{ ok: false, status: 404 }, 404, 404],
      [{ ok: false, failure: 'timeout' }, 504, 504],
      [{ ok: false, failure: 'unreachable' }, 502, 502],
      [undefined, 503, 503],
    ];
    for (const [entry, code, status] of cases) {
      expect(failureCode(entry), JSON.stringify(entry)).toBe(code);
      expect(failureStatus(entry), JSON.stringify(entry)).toBe(status);
    }
  });
});
