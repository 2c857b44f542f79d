import { describe, expect, it } from 'vitest';
import { hasId, isObject, membersIn, membersOf, totalOf } from './collection';

describe('the collection reader', () => {
  const body = { 'hydra:member': [{ id: 'a' }, null, 'b', 3, [], { id: 'c' }], 'hydra:totalItems': 6 };

  it('gives the members array as it is, or null when there is none', () => {
    expect(membersIn(body)).toBe(body['hydra:member']);
    for (const none of [undefined, null, 'x', 1, [], {}, { 'hydra:member': {} }, { 'hydra:member': 'a' }]) expect(membersIn(none)).toBeNull();
    expect(membersIn({ 'hydra:member': [] })).toEqual([]);
  });

  it('keeps the members that are objects, or those a test accepts', () => {
    expect(membersOf(body)).toEqual([{ id: 'a' }, [], { id: 'c' }]);
    expect(membersOf<{ id: string }>(body, (m) => isObject(m) && (m as { id?: unknown }).id === 'c')).toEqual([{ id: 'c' }]);
    expect(membersOf(body, hasId)).toEqual([{ id: 'a' }, { id: 'c' }]);
    expect(membersOf({ 'hydra:member': [{ id: 1 }, { name: 'x' }, { id: '' }] }, hasId)).toEqual([{ id: '' }]);
    for (const none of [undefined, null, {}, { 'hydra:member': null }]) expect(membersOf(none)).toEqual([]);
  });

  it('reads the total only when it is a number', () => {
    expect(totalOf(body)).toBe(6);
    expect(totalOf({ 'hydra:totalItems': 0 })).toBe(0);
    for (const none of [undefined, null, {}, { 'hydra:totalItems': '6' }]) expect(totalOf(none)).toBeUndefined();
  });
});
