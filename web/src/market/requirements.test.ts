import { describe, expect, it } from 'vitest';
import type { Profile } from '../lib/market';
import categoryProfilesFx from './fixtures/categoryProfiles.json';
import profileFx from './fixtures/profile.json';
import { requirementFilters, requirementIndex, requirementsOf } from './requirements';

const profiles = categoryProfilesFx['hydra:member'] as unknown as Profile[];

describe('requirement filters of a category', () => {
  it('merge the requirements of its profiles by title, sorted by title', () => {
    const defs = requirementFilters(profiles);
    expect(defs.map((d) => [d.kind, d.title])).toEqual([
      ['number', "Об'єм"],
      ['text', 'Розмір голки'],
      ['boolean', 'Стерильний'],
    ]);
    // Every value some profile expects, once; the lowest minimum; the unit.
    expect(defs[1].values).toEqual(['21G', '22G', '23G', '25G']);
    expect(defs[0]).toMatchObject({ min: 1, unit: { code: 'MLT' }, title_en: 'Volume', expected: [] });
    expect(defs[0].max).toBeUndefined();
  });

  it('keep a profile\'s own requirements', () => {
    const defs = requirementFilters([profileFx as unknown as Profile]);
    expect(defs.find((d) => d.kind === 'number')?.min).toBe(profileFx.criteria[0].requirementGroups[0].requirements[0].minValue);
    expect(requirementsOf([profileFx as unknown as Profile])).toHaveLength(3);
  });

  it('collect exact values and ranges of numbers, and skip what is not a requirement', () => {
    const p = (requirements: unknown[]): Profile => ({ id: 'x', criteria: [{ requirementGroups: [{ requirements: requirements as never }] }] });
    const defs = requirementFilters([
      p([{ title: 'Щільність', dataType: 'integer', expectedValue: 80 }, { title: 'Щільність', dataType: 'integer', minValue: 70, maxValue: 90 }]),
      p([{ title: 'Щільність', dataType: 'integer', expectedValue: 60 }, { title: 'Щільність', dataType: 'integer', minValue: 65, maxValue: 120 }, null, { title: '' }, { title: 'Дата', dataType: 'date' }]),
      { id: 'broken', criteria: null as never },
    ]);
    expect(defs).toEqual([{ title: 'Щільність', title_en: undefined, kind: 'number', values: [], expected: [60, 80], min: 65, max: 120, unit: undefined }]);
  });

  it('index definitions by lower-cased title for the cards', () => {
    const index = requirementIndex(profiles);
    expect(index.get('стерильний')?.title_en).toBe('Sterile');
    expect(index.get("об'єм")?.unit?.code).toBe('MLT');
  });
});
