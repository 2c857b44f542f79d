/**
 * Loading placeholder lines (SPEC §9: widths between 60 and 100 percent). The widths
 * look random but come from a seeded generator, so the server and the hydrating client
 * draw the same lines; the default seed is this component's `useId()`, which React
 * keeps equal on both sides. A width is a class (`skeleton-w60` … `skeleton-w100`, in
 * steps of 5 %), never a `style` attribute: the Content-Security-Policy allows no inline
 * styles.
 */
import { useId } from 'react';
import { mulberry32 } from '../../lib/random';

export const SKELETON_MIN_WIDTH = 60;
export const SKELETON_MAX_WIDTH = 100;
/** Widths go in these steps: one class each in styles.css. */
export const SKELETON_WIDTH_STEP = 5;

/** FNV-1a: turns a string seed (a `useId()` value) into a 32-bit number. */
export function hashSeed(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** `rows` percent widths in 60..100 in steps of 5, always the same for the same seed. */
export function skeletonWidths(seed: number | string, rows: number): number[] {
  const next = mulberry32(typeof seed === 'string' ? hashSeed(seed) : seed);
  const steps = (SKELETON_MAX_WIDTH - SKELETON_MIN_WIDTH) / SKELETON_WIDTH_STEP + 1;
  return Array.from({ length: Math.max(0, rows) }, () => SKELETON_MIN_WIDTH + SKELETON_WIDTH_STEP * Math.floor(next() * steps));
}

export function Skeleton({ rows = 3, seed }: { rows?: number; seed?: number | string }) {
  const id = useId();
  return (
    <div className="skeleton" aria-hidden="true">
      {skeletonWidths(seed ?? id, rows).map((width, i) => (
        <span key={i} className={`skeleton-line skeleton-w${width}`} />
      ))}
    </div>
  );
}
