import { describe, expect, it } from 'vitest';
import Search from './Search';
import { render } from '../../components/test-utils';
import { tenderList, home } from './route';

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
