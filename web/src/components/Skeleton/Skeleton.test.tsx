import { describe, expect, it } from 'vitest';
import { Skeleton, skeletonWidths } from './Skeleton';
import { render } from '../test-utils';

const widths = (markup: string) => [...markup.matchAll(/skeleton-w(\d+)/g)].map((m) => Number(m[1]));
// The tests' tsconfig has no Node types: the module is loaded by a name tsc does not resolve.
const { readFileSync } = (await import('node:fs' as string)) as { readFileSync(path: URL, encoding: 'utf8'): string };
const css = readFileSync(new URL('../../styles.css', import.meta.url), 'utf8');

describe('skeletonWidths', () => {
  it('stays between 60 and 100 percent, in steps of 5', () => {
    for (let seed = 0; seed < 200; seed++) {
      for (const w of skeletonWidths(seed, 10)) {
        expect(w % 5).toBe(0);
        expect(w).toBeGreaterThanOrEqual(60);
        expect(w).toBeLessThanOrEqual(100);
      }
    }
  });

  it('is stable for equal seeds and varies between seeds', () => {
    expect(skeletonWidths(42, 5)).toEqual(skeletonWidths(42, 5));
    expect(skeletonWidths('«r1»', 5)).toEqual(skeletonWidths('«r1»', 5));
    expect(skeletonWidths(1, 5)).not.toEqual(skeletonWidths(2, 5));
    expect(skeletonWidths('«r1»', 5)).not.toEqual(skeletonWidths('«r2»', 5));
  });

  it('looks random: every width used about as often, both ends of the range reached', () => {
    const all = Array.from({ length: 100 }, (_, seed) => skeletonWidths(seed, 10)).flat();
    expect(new Set(all).size).toBe(9);
    expect(Math.min(...all)).toBe(60);
    expect(Math.max(...all)).toBe(100);
    for (const w of new Set(all)) expect(all.filter((x) => x === w).length).toBeGreaterThan(all.length / 9 / 2);
  });

  it('gives as many widths as rows', () => {
    expect(skeletonWidths(7, 0)).toEqual([]);
    expect(skeletonWidths(7, 4)).toHaveLength(4);
  });
});

describe('Skeleton', () => {
  it('renders three hidden lines by default with the seed widths', () => {
    const out = render(<Skeleton seed={9} />);
    expect(out).toContain('aria-hidden="true"');
    expect(widths(out)).toEqual(skeletonWidths(9, 3));
  });

  it('sets widths by class, never by a style attribute (no inline styles under the CSP)', () => {
    const out = render(<Skeleton rows={40} seed={3} />);
    expect(out).not.toContain('style=');
    for (let w = 60; w <= 100; w += 5) expect(css).toMatch(new RegExp(`\\.skeleton-w${w} \\{\\s*width: ${w}%;\\s*\\}`));
  });

  it('renders the same widths for the same tree (as the hydrating client does)', () => {
    const tree = (
      <>
        <Skeleton rows={5} />
        <Skeleton rows={5} />
      </>
    );
    const first = render(tree);
    expect(render(tree)).toBe(first);
    const w = widths(first);
    expect(w.slice(0, 5)).not.toEqual(w.slice(5)); // siblings differ: their ids differ
  });
});
