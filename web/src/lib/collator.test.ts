import { describe, expect, it } from 'vitest';
import { collatorFor } from './collator';

describe('collatorFor', () => {
  it('makes one collator per language and options, and keeps it', () => {
    const uk = collatorFor('uk');
    expect(collatorFor('uk')).toBe(uk);
    expect(collatorFor('uk', { sensitivity: 'base' })).not.toBe(uk);
    expect(collatorFor('uk', { sensitivity: 'base' })).toBe(collatorFor('uk', { sensitivity: 'base' }));
    expect(collatorFor('en')).not.toBe(uk);
    expect(uk.resolvedOptions().locale).toBe('uk');
  });

  it('sorts as localeCompare in the language does (ґ after г, є after е, і and ї after и)', () => {
    const words = ['Їжа', 'Ґрунт', 'Іграшки', 'Гума', 'Ємності', 'Електрика', 'Инше', 'Яблука', 'апельсини', 'Абрикоси'];
    const byLocaleCompare = [...words].sort((a, b) => a.localeCompare(b, 'uk'));
    expect([...words].sort(collatorFor('uk').compare)).toEqual(byLocaleCompare);
    expect(byLocaleCompare).toEqual(['Абрикоси', 'апельсини', 'Гума', 'Ґрунт', 'Електрика', 'Ємності', 'Инше', 'Іграшки', 'Їжа', 'Яблука']);
  });
});
