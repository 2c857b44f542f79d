import { describe, expect, it } from 'vitest';
import { Pagination } from './Pagination';
import { links, render } from '../test-utils';

const href = (p: number) => `/tenders?page=${p}`;
const pages = (markup: string) => links(markup).filter((l) => /^\d+$/.test(l.text));

describe('Pagination', () => {
  it('is hidden with fewer than two pages', () => {
    expect(render(<Pagination page={1} perPage={10} total={10} hrefForPage={href} />)).toBe('');
    expect(render(<Pagination page={1} perPage={10} total={0} hrefForPage={href} />)).toBe('');
  });

  it('disables previous on the first page and links next', () => {
    const out = render(<Pagination page={1} perPage={10} total={95} hrefForPage={href} />);
    expect(out).toMatch(/<span class="pagination-prev" aria-disabled="true">/);
    expect(links(out).find((l) => l.attrs.class === 'pagination-next')!.href).toBe('/tenders?page=2');
    expect(links(out).some((l) => l.attrs.class === 'pagination-prev')).toBe(false);
  });

  it('disables next and hides show-more on the last page', () => {
    const out = render(<Pagination page={10} perPage={10} total={95} hrefForPage={href} />);
    expect(out).toMatch(/<span class="pagination-next" aria-disabled="true">/);
    expect(links(out).find((l) => l.attrs.class === 'pagination-prev')!.href).toBe('/tenders?page=9');
    expect(out).not.toContain('pagination-more');
  });

  it('renders page links with gaps and marks the current page', () => {
    const out = render(<Pagination page={10} perPage={10} total={25000} hrefForPage={href} />);
    expect(pages(out).map((l) => l.text)).toEqual(['1', '9', '10', '11', '1000']);
    expect(pages(out).find((l) => l.text === '10')!.attrs['aria-current']).toBe('page');
    expect(pages(out).find((l) => l.text === '1000')!.href).toBe('/tenders?page=1000');
    expect(out.match(/pagination-gap/g)).toHaveLength(2);
    expect(pages(out).find((l) => l.text === '9')!.attrs['aria-label']).toBe('Сторінка 9');
  });

  it('never offers pages past the 10000-result window', () => {
    const out = render(<Pagination page={416} perPage={24} total={25000} hrefForPage={href} />);
    expect(pages(out).at(-1)!.text).toBe('416');
    expect(out).toMatch(/pagination-next" aria-disabled="true"/);
    expect(out).not.toContain('pagination-more');
  });

  it('shows next N as a link to the next page with onShowMore too (SPEC §2.6: it appends once hydrated), N limited by what remains', () => {
    const out = render(<Pagination page={9} perPage={10} total={95} hrefForPage={href} onShowMore={() => {}} />);
    expect(out).toContain('<a class="button pagination-more" href="/tenders?page=10">Показати ще 5 результатів</a>');
    const full = render(<Pagination page={1} perPage={24} total={95} hrefForPage={href} onShowMore={() => {}} />, { language: 'en' });
    expect(full).toContain('href="/en/tenders?page=2">Show 24 more results</a>');
  });

  it('uses the Ukrainian plural forms', () => {
    const label = (total: number) =>
      /pagination-more"[^>]*>([^<]*)</.exec(render(<Pagination page={1} perPage={24} total={24 + total} hrefForPage={href} onShowMore={() => {}} />))![1];
    expect(label(1)).toBe('Показати ще 1 результат');
    expect(label(2)).toBe('Показати ще 2 результати');
    expect(label(5)).toBe('Показати ще 5 результатів');
    expect(label(21)).toBe('Показати ще 21 результат');
  });

  it('falls back to a link to the next page without onShowMore (works without JavaScript)', () => {
    const out = render(<Pagination page={2} perPage={10} total={95} hrefForPage={href} />);
    expect(links(out).find((l) => l.attrs.class === 'button pagination-more')!.href).toBe('/tenders?page=3');
  });
});
