import { describe, expect, it } from 'vitest';
import { latinLookalikes } from './latin';

describe('latinLookalikes', () => {
  it('puts a Cyrillic look-alike in an English name back to Latin', () => {
    const fixed = latinLookalikes('\u0410land Islands');
    expect(fixed).toBe('Aland Islands');
    expect(fixed.charCodeAt(0)).toBe(65);
  });

  it('leaves Latin, Ukrainian and mixed texts with real Cyrillic alone', () => {
    expect(latinLookalikes('Ukraine')).toBe('Ukraine');
    expect(latinLookalikes('Аландські Острови')).toBe('Аландські Острови');
    expect(latinLookalikes('ТОВ Ліс Schneider')).toBe('ТОВ Ліс Schneider');
  });
});
