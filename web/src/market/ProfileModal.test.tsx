/**
 * The profile choice 'Вибір профілю товара' (SPEC §2.5): its pages (20 each) append,
 * none is the empty state, a failed page goes back to the one before (and is logged by
 * the chooser); the modal shows a skeleton while loading, a Cancel button and 'show next N'.
 */
import { describe, expect, it } from 'vitest';
import { html, links, render, tr } from '../components/test-utils';
import type { Profile } from '../lib/market';
import ProfileModal from './ProfileModal';
import { ProfileChooser } from './ProfileChooser';
import { PROFILES_PER_PAGE, initialPager, pageOf, pagerReducer, profilesPagePath, type PagerAction, type PagerState } from './profilePager';
import categoryProfilesFx from './fixtures/categoryProfiles.json';

const real = categoryProfilesFx['hydra:member'] as unknown as Profile[];
/** `n` profiles shaped like the real ones, with their own ids. */
const profiles = (n: number, from = 0): Profile[] =>
  Array.from({ length: n }, (_, i) => ({ ...real[(from + i) % real.length], id: `p${String(from + i).padStart(3, '0')}` }));
const run = (...actions: PagerAction[]) => actions.reduce(pagerReducer, initialPager);
const noop = () => {};
const modal = (state: PagerState) => render(<ProfileModal open state={state} onClose={noop} onMore={noop} />);

describe('profile pages', () => {
  it('asks for 20 profiles of the category a page', () => {
    expect(PROFILES_PER_PAGE).toBe(20);
    expect(profilesPagePath('33141310-0029-44667400', 2)).toBe('/api/categories/33141310-0029-44667400/profiles?page=2&perPage=20');
  });

  it('appends the next page to the list', () => {
    const s = run(
      { type: 'request', page: 1 },
      { type: 'loaded', page: 1, items: profiles(20), total: 45 },
      { type: 'request', page: 2 },
      { type: 'loaded', page: 2, items: profiles(20, 20), total: 45 },
    );
    expect(s.items.map((p) => p.id)).toEqual(profiles(40).map((p) => p.id));
    expect(s).toMatchObject({ page: 2, total: 45, status: 'done' });
  });

  it('is empty when the category has no profile', () => {
    expect(run({ type: 'request', page: 1 }, { type: 'loaded', page: 1, items: [], total: 0 })).toMatchObject({ items: [], status: 'done', page: 1 });
  });

  it('goes back to the page before when a page fails, keeping what it had', () => {
    const s = run(
      { type: 'request', page: 1 },
      { type: 'loaded', page: 1, items: profiles(20), total: 45 },
      { type: 'request', page: 2 },
      { type: 'failed', page: 2 },
    );
    expect(s).toMatchObject({ page: 1, status: 'failed' });
    expect(s.items).toHaveLength(20);
    expect(run({ type: 'request', page: 1 }, { type: 'failed', page: 1 })).toMatchObject({ page: 0, items: [], status: 'failed' });
  });

  it('reads a hydra answer, and refuses anything else', () => {
    expect(pageOf(categoryProfilesFx).items.map((p) => p.id)).toEqual(real.map((p) => p.id));
    expect(pageOf(categoryProfilesFx).total).toBe(categoryProfilesFx['hydra:totalItems']);
    expect(() => pageOf({ error: 'x' })).toThrow();
    expect(() => pageOf(null)).toThrow();
  });
});

describe('the profile choice modal', () => {
  it('is titled as SPEC §2.5 says, with a Cancel button, and a skeleton while the first page loads', () => {
    const markup = modal(run({ type: 'request', page: 1 }));
    expect(markup).toContain(`>${html('Вибір профілю товара')}</h2>`);
    expect(markup).toContain(`>${tr('uk', 'market.profileModal.cancel')}</button>`);
    expect(markup).toContain('class="skeleton"');
    expect(markup).not.toContain('pagination-more');
  });

  it('lists the profiles as links to their pages, with "show next N" while more remain', () => {
    const markup = modal(run({ type: 'request', page: 1 }, { type: 'loaded', page: 1, items: profiles(20), total: 45 }));
    expect(links(markup).map((l) => l.href)).toEqual(profiles(20).map((p) => `/market/profile/${p.id}`));
    expect(markup).toContain(tr('uk', 'pagination.showMore', { count: 20 }));
    expect(markup).toContain(tr('uk', 'market.profileModal.shown', { shown: '20', total: '45' }));
    const last = modal(
      run({ type: 'request', page: 1 }, { type: 'loaded', page: 1, items: profiles(20), total: 45 }, { type: 'request', page: 2 }, { type: 'loaded', page: 2, items: profiles(20, 20), total: 45 }),
    );
    expect(last).toContain(tr('uk', 'pagination.showMore', { count: 5 }));
    // Loading the next page: the list stays, a skeleton follows it.
    const loading = modal(run({ type: 'request', page: 1 }, { type: 'loaded', page: 1, items: profiles(20), total: 45 }, { type: 'request', page: 2 }));
    expect(links(loading)).toHaveLength(20);
    expect(loading).toContain('class="skeleton"');
    expect(loading).not.toContain('pagination-more');
  });

  it('has no next button on the last page', () => {
    expect(modal(run({ type: 'request', page: 1 }, { type: 'loaded', page: 1, items: profiles(4), total: 4 }))).not.toContain('pagination-more');
  });

  it('shows the empty state of SPEC §2.5 when there is no profile', () => {
    const markup = modal(run({ type: 'request', page: 1 }, { type: 'loaded', page: 1, items: [], total: 0 }));
    expect(markup).toContain(`<h2 class="empty-state-title">${html('Профілів не знайдено')}</h2>`);
    expect(markup).toContain(`<p class="empty-state-text">${html('За цими характеристиками нічого не знайдено.')}</p>`);
  });

  it('says a page failed; the first one can be tried again', () => {
    const first = modal(run({ type: 'request', page: 1 }, { type: 'failed', page: 1 }));
    expect(first).toContain(tr('uk', 'market.profileModal.failed'));
    expect(first).toContain(tr('uk', 'market.profileModal.retry'));
    // After a later page failed, its 'show next' is the way to try again.
    const later = modal(
      run({ type: 'request', page: 1 }, { type: 'loaded', page: 1, items: profiles(20), total: 45 }, { type: 'request', page: 2 }, { type: 'failed', page: 2 }),
    );
    expect(later).toContain(tr('uk', 'pagination.showMore', { count: 20 }));
  });

  it('is opened by a link to the page\'s own list of profiles, and not rendered on the server', () => {
    const markup = render(<ProfileChooser categoryId="c-1" listId="category-profiles" />);
    expect(markup).toBe(`<a class="button button-primary profile-chooser" href="#category-profiles" aria-haspopup="dialog">${tr('uk', 'market.chooseProfile')}</a>`);
  });
});
