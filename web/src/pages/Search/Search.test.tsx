import { describe, expect, it } from 'vitest';
import Search from './Search';
import { render } from '../../components/test-utils';
import { tenderList, home } from './route';
import { recordOfKeyword } from './query';
import { PLANS, TENDERS } from '../../lib/filters';

const empty = { tenders: { ok: true as const, body: { 'hydra:member': [], 'hydra:totalItems': 0 } } };

describe('Search', () => {
  it('sends its form to the page of its own language (without JavaScript too)', () => {
    const en = render(<Search route={{ ...tenderList, path: 'tenders' }} />, { language: 'en', url: '/en/tenders', data: empty });
    expect(en).toMatch(/<form class="tender-search"[^>]*action="\/en\/tenders"/);
    const uk = render(<Search route={{ ...tenderList, path: 'tenders' }} />, { url: '/tenders', data: empty });
    expect(uk).toMatch(/<form class="tender-search"[^>]*action="\/tenders"/);
    // The home page's search lands on the tender list.
    const fromHome = render(<Search route={{ ...home, path: '' }} />, { language: 'en', url: '/en', data: empty });
    expect(fromHome).toMatch(/<form class="tender-search"[^>]*action="\/en\/tenders"/);
  });
});

describe('a keyword that is a record id', () => {
  const tender = { id: 'a'.repeat(32), tenderID: 'UA-2026-10-12-014102-a' };
  it('opens the record it names', () => {
    expect(recordOfKeyword(' UA-P-2026-10-12-017053-a ', TENDERS, [])).toBe('/plans/UA-P-2026-10-12-017053-a');
    expect(recordOfKeyword('UA-2026-10-12-013625-a-c1', PLANS, [])).toBe('/contracts/UA-2026-10-12-013625-a-c1');
    expect(recordOfKeyword('ua-2026-10-12-014102-a', TENDERS, [tender])).toBe('/tenders/UA-2026-10-12-014102-a');
    expect(recordOfKeyword('A'.repeat(32), TENDERS, [tender])).toBe('/tenders/UA-2026-10-12-014102-a');
    // The form, before searching: any id goes to its page.
    expect(recordOfKeyword('UA-2026-10-12-014102-a', TENDERS, null)).toBe('/tenders/UA-2026-10-12-014102-a');
  });
  it('searches for everything else, and for an id its own register did not find', () => {
    expect(recordOfKeyword('ліки', TENDERS, [tender])).toBeNull();
    expect(recordOfKeyword('UA-2026-10-12-999999-a', TENDERS, [tender])).toBeNull();
    expect(recordOfKeyword('a'.repeat(32), TENDERS, null)).toBeNull();
    expect(recordOfKeyword(undefined, TENDERS, [])).toBeNull();
  });
});
