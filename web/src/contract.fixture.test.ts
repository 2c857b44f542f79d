/**
 * The contract fixture (`contract.fixture.json`) against the TypeScript contract. Rust
 * reads the same file with its serde mirror (`renderer/tests/pool.rs`,
 * `server/src/config.rs`); a field renamed, added or dropped on one side only fails
 * one of the two. Here the check is in the types: `tsc` (part of `make test-web`)
 * fails when the fixture's fields and the contract's differ, in either direction.
 */
import { describe, expect, it } from 'vitest';
import fixture from './contract.fixture.json';
import type { Fetched, RenderInput, Resolution } from './contract';
import type { FormOutcome } from './lib/account';
import type { MachineRequest, Step } from './machine/types';
import { failureStatus } from './lib/data';

/**
 * Every field path of a type (`config.endpoints.search`), optional ones included; the
 * entries of a record are `*`, array elements are their element's paths.
 */
type Paths<T> = T extends readonly (infer E)[]
  ? Paths<E>
  : T extends object
    ? { [K in keyof T & string]-?: Field<K> | `${Field<K>}.${Paths<NonNullable<T[K]>> & string}` }[keyof T & string]
    : never;
type Field<K extends string> = string extends K ? '*' : K;

/** `true` only when both sides name the same paths. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(_: T) => _;

type Fixture = typeof fixture;
/** The fixture's data read as a record (its keys are examples, not fields). */
type FixtureInput = Omit<Fixture['input'], 'data'> & { data: Record<string, Fixture['input']['data'][keyof Fixture['input']['data']]> };

// A field renamed on either side makes one of these `false`, which does not type-check.
same<Same<Paths<FixtureInput>, Paths<RenderInput>>>(true);
/** The resolution's fetch bodies read as opaque (whatever JSON the call takes). */
type FixtureResolution = Omit<Fixture['resolution'], 'fetches'> & {
  fetches: Array<Omit<Fixture['resolution']['fetches'][number], 'body'> & { body?: unknown }>;
};
same<Same<Paths<FixtureResolution>, Paths<Resolution>>>(true);
/** A form outcome's echoed values read as a record (its keys are examples). */
type FixtureOutcome = Omit<Fixture['formOutcome'], 'values'> & { values?: Record<string, string> };
same<Same<Paths<FixtureOutcome>, Paths<FormOutcome>>>(true);
/** A machine step's carried state read as opaque (whatever the document's steps carry). */
type FixtureMachineRequest = Omit<Fixture['machineRequest'], 'state'> & { state: unknown };
same<Same<Paths<FixtureMachineRequest>, Paths<MachineRequest>>>(true);
/** A step's meta: the step without its text (the server reads the text apart). */
type FixtureStep = Omit<Fixture['machineStep'], 'state' | 'next'> & {
  state?: unknown;
  next?: Omit<Fixture['machineStep']['next'], 'body'> & { body?: unknown };
};
same<Same<Paths<FixtureStep>, Paths<Omit<Step, 'text'>>>>(true);

// And the values have the contract's types (JSON is read with wide types: `string`, not
// `'uk' | 'en'`; `boolean`, not `true`).
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly (infer E)[]
        ? Widen<E>[]
        : T extends object
          ? { [K in keyof T]: Widen<T[K]> }
          : T;
const input: Widen<RenderInput> = fixture.input as FixtureInput;
const resolution: Widen<Resolution> = fixture.resolution;
const outcome: Widen<FormOutcome> = fixture.formOutcome as FixtureOutcome;
const step: Widen<Omit<Step, 'text'>> = fixture.machineStep as FixtureStep;
const machineRequest: Widen<MachineRequest> = fixture.machineRequest;

describe('the contract fixture', () => {
  it('holds every kind of answer, each with its verdict', () => {
    const entries = Object.values(input.data) as Fetched[];
    expect(entries.map(failureStatus)).toEqual([null, 503, 504, 502, 502]);
    expect(resolution.fetches.map((f) => f.service)).toEqual(['search', 'search', 'users', 'cdb', 'users']);
    expect(resolution.fetches.filter((f) => f.after).map((f) => f.after)).toEqual(['tender']);
    expect(outcome.error?.status).toBe(429);
    expect([step.next?.service, machineRequest.config.defaultLanguage]).toEqual(['search', 'uk']);
  });
});
