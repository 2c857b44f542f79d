/**
 * The characteristic-mismatch check over real upstream answers (a product that satisfies
 * its first profile, one of the ~8 % that break one of its requirements, a national
 * catalogue product) and over each rule of SPEC's reading of a requirement.
 */
import { describe, expect, it } from 'vitest';
import type { Product, Profile, Requirement } from '../../lib/market';
import { MAX_REPORT_BYTES, failingRequirements, mismatchReport, reportBody, satisfies } from './mismatch';
import fixtures from './fixtures.json';

const fx = fixtures as unknown as {
  product: Product;
  profile: Profile;
  breaking: { product: Product; profile: Profile; fails: string[] };
  prozorro: { product: Product; profile: Profile };
};

const withResponses = (responses: Product['requirementResponses']): Product => ({ id: 'p', requirementResponses: responses });
const profileOf = (...requirements: Requirement[]): Profile => ({ id: 'f', criteria: [{ requirementGroups: [{ requirements }] }] });

describe('mismatch over real upstream answers', () => {
  it('finds nothing wrong with a product that satisfies its profile', () => {
    expect(fx.product.relatedProfiles?.[0]).toBe(fx.profile.id);
    expect(failingRequirements(fx.product, fx.profile)).toEqual([]);
    expect(mismatchReport(fx.product, fx.profile)).toBeNull();
  });

  it('names the requirement a breaking product fails', () => {
    const { product, profile, fails } = fx.breaking;
    expect(product.relatedProfiles?.[0]).toBe(profile.id);
    expect(fails).toHaveLength(1);
    expect(mismatchReport(product, profile)).toEqual({ productId: product.id, profileId: profile.id, requirements: fails });
  });

  it('finds national-catalogue products conforming', () => {
    expect(mismatchReport(fx.prozorro.product, fx.prozorro.profile)).toBeNull();
  });

  it('counts a requirement left unanswered as failed', () => {
    const [first, ...rest] = fx.product.requirementResponses ?? [];
    const report = mismatchReport({ ...fx.product, requirementResponses: rest }, fx.profile);
    expect(report?.requirements).toEqual([first.requirement]);
  });
});

describe('satisfies', () => {
  const text: Requirement = { title: 'Колір', dataType: 'string', expectedValues: ['білий', 'сірий'], expectedMinItems: 1, expectedMaxItems: 1 };
  it('takes text values that are all expected, in number within the bounds', () => {
    expect(satisfies(text, { requirement: 'Колір', values: ['білий'] })).toBe(true);
    expect(satisfies(text, { requirement: 'Колір', values: ['Білий '] })).toBe(true);
    expect(satisfies(text, { requirement: 'Колір', values: ['чорний'] })).toBe(false);
    expect(satisfies(text, { requirement: 'Колір', values: ['білий', 'сірий'] })).toBe(false);
    expect(satisfies(text, { requirement: 'Колір', values: [] })).toBe(false);
    expect(satisfies({ ...text, expectedMaxItems: 2 }, { requirement: 'Колір', values: ['білий', 'сірий'] })).toBe(true);
    expect(satisfies(text, { requirement: 'Колір', value: 5 })).toBe(false);
  });

  it('takes a number equal to the expected value, or within the range', () => {
    const exact: Requirement = { title: 'Щільність', dataType: 'number', expectedValue: 80 };
    expect(satisfies(exact, { requirement: 'Щільність', value: 80 })).toBe(true);
    expect(satisfies(exact, { requirement: 'Щільність', value: 81 })).toBe(false);
    const range: Requirement = { title: 'Обʼєм', dataType: 'number', minValue: 0.5, maxValue: 2 };
    expect(satisfies(range, { requirement: 'Обʼєм', value: 0.5 })).toBe(true);
    expect(satisfies(range, { requirement: 'Обʼєм', value: 2 })).toBe(true);
    expect(satisfies(range, { requirement: 'Обʼєм', value: 2.5 })).toBe(false);
    expect(satisfies(range, { requirement: 'Обʼєм', value: '1,5' })).toBe(true);
    expect(satisfies(range, { requirement: 'Обʼєм', value: 'багато' })).toBe(false);
    const atLeast: Requirement = { title: 'Потужність', dataType: 'integer', minValue: 100 };
    expect(satisfies(atLeast, { requirement: 'Потужність', value: 5000 })).toBe(true);
    expect(satisfies(atLeast, { requirement: 'Потужність', value: 99 })).toBe(false);
    expect(satisfies(atLeast, { requirement: 'Потужність', value: 100.5 })).toBe(false);
    expect(satisfies({ title: 'x', dataType: 'number' }, { requirement: 'x', value: 3 })).toBe(true);
  });

  it('takes a boolean equal to the expected one', () => {
    const yes: Requirement = { title: 'Гарантія', dataType: 'boolean', expectedValue: true };
    expect(satisfies(yes, { requirement: 'Гарантія', value: true })).toBe(true);
    expect(satisfies(yes, { requirement: 'Гарантія', value: false })).toBe(false);
    expect(satisfies(yes, { requirement: 'Гарантія', value: 'true' })).toBe(false);
  });

  it('fails a requirement without a response', () => {
    expect(satisfies(text, undefined)).toBe(false);
  });
});

describe('failingRequirements', () => {
  const a: Requirement = { title: 'A', dataType: 'boolean', expectedValue: true };
  const b: Requirement = { title: 'B', dataType: 'boolean', expectedValue: false };
  it('matches responses to requirements by title, case aside', () => {
    expect(failingRequirements(withResponses([{ requirement: 'a', value: true }, { requirement: 'B', value: true }]), profileOf(a, b))).toEqual(['B']);
  });

  it('reads requirement groups as alternatives', () => {
    const profile: Profile = { id: 'f', criteria: [{ requirementGroups: [{ requirements: [a] }, { requirements: [b] }] }] };
    expect(failingRequirements(withResponses([{ requirement: 'B', value: false }]), profile)).toEqual([]);
    expect(failingRequirements(withResponses([{ requirement: 'A', value: false }, { requirement: 'B', value: true }]), profile)).toEqual(['A']);
  });

  it('survives odd shapes', () => {
    expect(failingRequirements({ requirementResponses: null as never }, { criteria: [null as never, { requirementGroups: [{ requirements: [null as never] }] }] })).toEqual([]);
    expect(failingRequirements(withResponses([]), { criteria: undefined })).toEqual([]);
  });
});

describe('reportBody', () => {
  it('is the report as JSON', () => {
    const report = { productId: 'p', profileId: 'f', requirements: ['Колір'] };
    expect(JSON.parse(reportBody(report))).toEqual(report);
  });

  it('stays within 4 KB, keeping the first titles', () => {
    const requirements = Array.from({ length: 200 }, (_, i) => `Характеристика номер ${i}`);
    const body = reportBody({ productId: 'p'.repeat(32), profileId: 'f'.repeat(32), requirements });
    expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(MAX_REPORT_BYTES);
    const kept = JSON.parse(body).requirements as string[];
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(requirements.slice(0, kept.length));
    const one = reportBody({ productId: 'p', profileId: 'f', requirements: ['я'.repeat(5000)] });
    expect(new TextEncoder().encode(one).length).toBeLessThanOrEqual(MAX_REPORT_BYTES);
    expect(JSON.parse(one).requirements[0].length).toBeGreaterThan(1000);
  });
});
