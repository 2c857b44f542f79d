/**
 * Grid or list (SPEC §4, §9): the choice is remembered under `catalogView` except on a
 * phone, where the grid always shows; the server renders the grid (hydration matches);
 * the stylesheet keeps a phone on the grid before any script runs.
 */
import { describe, expect, it } from 'vitest';
import { render, tr } from '../components/test-utils';
import { Catalogue, MOBILE_QUERY, VIEW_KEY, ViewToggle, chooseView, storedView, useCatalogueView, type ViewEnv } from './CatalogueView';

// Node's file reading, without Node's types in the project (as `test-shared-data.ts` does).
const { readFileSync } = (await import('node:fs' as string)) as { readFileSync(path: URL, encoding: 'utf8'): string };

function memory(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}
const desktop = (storage = memory()): ViewEnv => ({ storage, mobile: false });
const phone = (storage = memory()): ViewEnv => ({ storage, mobile: true });

describe('catalogue view', () => {
  it('is the grid until a list is chosen, and remembers the choice under catalogView', () => {
    const storage = memory();
    expect(VIEW_KEY).toBe('catalogView');
    expect(storedView(desktop(storage))).toBe('grid');
    expect(chooseView(desktop(storage), 'list')).toBe('list');
    expect(storage.items.get('catalogView')).toBe('list');
    expect(storedView(desktop(storage))).toBe('list');
    expect(chooseView(desktop(storage), 'grid')).toBe('grid');
    expect(storedView(desktop(storage))).toBe('grid');
    // Anything else stored is the grid.
    expect(storedView(desktop(memory({ catalogView: 'table' })))).toBe('grid');
  });

  it('is always the grid on a phone (640 px and narrower), and stores nothing there', () => {
    expect(MOBILE_QUERY).toBe('(max-width: 640px)');
    const storage = memory({ catalogView: 'list' });
    expect(storedView(phone(storage))).toBe('grid');
    const fresh = memory();
    expect(chooseView(phone(fresh), 'list')).toBe('grid');
    expect(fresh.items.size).toBe(0);
  });

  it('survives a storage that refuses (private mode) or is missing', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(storedView({ storage: refusing, mobile: false })).toBe('grid');
    expect(chooseView({ storage: refusing, mobile: false }, 'list')).toBe('list');
    expect(storedView({ storage: null, mobile: false })).toBe('grid');
  });

  it('renders the grid on the server, with the toggle inert until the page hydrates', () => {
    function Page() {
      const view = useCatalogueView();
      return (
        <>
          <ViewToggle {...view} />
          <Catalogue view={view.view}>
            <li>x</li>
          </Catalogue>
        </>
      );
    }
    const markup = render(<Page />);
    expect(markup).toContain('<ul class="catalogue catalogue-grid" data-view="grid">');
    expect(markup).toContain(`<button type="button" class="view-toggle-grid" aria-pressed="true" disabled="">${tr('uk', 'market.view.grid')}</button>`);
    expect(markup).toContain(`<button type="button" class="view-toggle-list" aria-pressed="false" disabled="">${tr('uk', 'market.view.list')}</button>`);
    expect(markup).toContain(`role="group" aria-label="${tr('uk', 'market.view.label')}"`);
  });

  it('keeps a phone on the grid in the stylesheet: the list layout and the toggle exist only above 640 px', () => {
    const css = readFileSync(new URL('./Market.css', import.meta.url), 'utf8');
    const wide = css.indexOf('@media (min-width: 641px)');
    expect(wide).toBeGreaterThan(0);
    const outside = css.slice(0, wide) + css.slice(css.indexOf('\n}', wide));
    expect(outside).not.toMatch(/\.catalogue-list/);
    expect(outside).toMatch(/\.view-toggle \{ display: none; \}/);
    expect(css.slice(wide)).toMatch(/\.catalogue-list \{ grid-template-columns: 1fr;/);
  });
});
