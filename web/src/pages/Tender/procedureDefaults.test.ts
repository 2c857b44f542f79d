import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, METHODS_WITH_DEFAULTS, configWithDefaults, durationKind, type ConfigKey } from './procedureDefaults';

describe('configWithDefaults', () => {
  it('knows every SPEC §9 procedure type that has a CDB config', () => {
    for (const type of [
      'belowThreshold', 'requestForProposal', 'aboveThreshold', 'aboveThresholdUA', 'aboveThresholdEU',
      'aboveThresholdUA.defense', 'negotiation', 'negotiation.quick', 'competitiveDialogueUA', 'competitiveDialogueEU',
      'competitiveDialogueUA.stage2', 'competitiveDialogueEU.stage2', 'reporting', 'simple.defense', 'esco',
      'closeFrameworkAgreementUA', 'closeFrameworkAgreementSelectionUA', 'priceQuotation', 'competitiveOrdering',
    ]) {
      expect(METHODS_WITH_DEFAULTS, type).toContain(type);
      expect(Object.keys(configWithDefaults(type, undefined)).sort(), type).toEqual([...CONFIG_KEYS].sort());
    }
  });

  it('gives the SPEC §9 durations', () => {
    // Complaint periods: 10 calendar days for open, dialogue, esco, framework, negotiation and defence types.
    for (const type of ['aboveThreshold', 'aboveThresholdUA', 'aboveThresholdEU', 'competitiveDialogueUA', 'esco', 'closeFrameworkAgreementUA', 'negotiation', 'aboveThresholdUA.defense', 'simple.defense']) {
      expect(configWithDefaults(type, null).cancellationComplainDuration, type).toBe(10);
    }
    expect(configWithDefaults('requestForProposal', null).awardComplainDuration).toBe(2);
    expect(configWithDefaults('priceQuotation', null).cancellationComplainDuration).toBe(0);
    // Qualification: 20 working days for EU, dialogues, esco, framework and requestForProposal.
    for (const type of ['requestForProposal', 'aboveThresholdEU', 'competitiveDialogueEU', 'competitiveDialogueUA', 'esco', 'closeFrameworkAgreementUA']) {
      expect(configWithDefaults(type, null).qualificationDuration, type).toBe(20);
    }
    expect(configWithDefaults('aboveThresholdUA', null).qualificationDuration).toBe(0);
    expect(configWithDefaults('requestForProposal', null).qualificationComplainDuration).toBe(10);
    for (const type of ['aboveThresholdEU', 'competitiveDialogueEU', 'esco', 'closeFrameworkAgreementUA']) {
      expect(configWithDefaults(type, null).qualificationComplainDuration, type).toBe(5);
    }
    expect(configWithDefaults('aboveThresholdUA', null).clarificationUntilDuration).toBe(3);
    expect(configWithDefaults('belowThreshold', null).clarificationUntilDuration).toBe(1);
    expect(configWithDefaults('requestForProposal', null).clarificationUntilDuration).toBe(4);
    expect(configWithDefaults('aboveThreshold', null).tenderComplainRegulation).toBe(3);
    for (const type of ['aboveThresholdUA', 'aboveThresholdEU', 'competitiveDialogueUA', 'esco', 'closeFrameworkAgreementUA']) {
      expect(configWithDefaults(type, null).tenderComplainRegulation, type).toBe(4);
    }
    expect(configWithDefaults('aboveThresholdUA.defense', null).tenderComplainRegulation).toBe(2);
    expect(configWithDefaults('simple.defense', null).tenderComplainRegulation).toBe(2);
  });

  it('gives the flags of the procedure', () => {
    expect(configWithDefaults('aboveThresholdEU', undefined)).toMatchObject({ hasPrequalification: true, minBidsNumber: 2, hasAuction: true });
    expect(configWithDefaults('closeFrameworkAgreementUA', undefined).minBidsNumber).toBe(3);
    expect(configWithDefaults('reporting', undefined)).toMatchObject({ hasAuction: false, hasTenderComplaints: false });
    expect(configWithDefaults('priceQuotation', undefined).hasPreSelectionAgreement).toBe(true);
    expect(configWithDefaults('requestForProposal', undefined).valueCurrencyEquality).toBe(false);
  });

  it('keeps what the tender states, even false and 0, and ignores values of the wrong type', () => {
    const merged = configWithDefaults('aboveThreshold', { hasAuction: false, minBidsNumber: 0, restricted: 'yes', awardComplainDuration: Number.NaN });
    expect(merged.hasAuction).toBe(false);
    expect(merged.minBidsNumber).toBe(0);
    expect(merged.restricted).toBe(false);
    expect(merged.awardComplainDuration).toBe(5);
  });

  it('returns only the stated values for a type without defaults', () => {
    expect(configWithDefaults('centralizedProcurement', { hasAuction: true, unknown: 1 })).toEqual({ hasAuction: true });
    expect(configWithDefaults(undefined, undefined)).toEqual({});
    expect(configWithDefaults('belowThreshold', 'not an object').hasAuction).toBe(true);
  });
});

describe('durationKind', () => {
  it('counts working days where SPEC §9 says so', () => {
    const cases: Array<[string, ConfigKey, 'working' | 'calendar']> = [
      ['belowThreshold', 'qualificationDuration', 'working'],
      ['aboveThresholdUA', 'clarificationUntilDuration', 'working'],
      ['requestForProposal', 'clarificationUntilDuration', 'calendar'],
      ['competitiveOrdering', 'clarificationUntilDuration', 'calendar'],
      ['requestForProposal', 'qualificationComplainDuration', 'working'],
      ['aboveThresholdEU', 'qualificationComplainDuration', 'calendar'],
      ['simple.defense', 'tenderComplainRegulation', 'working'],
      ['aboveThresholdUA', 'tenderComplainRegulation', 'calendar'],
      ['aboveThresholdUA', 'cancellationComplainDuration', 'calendar'],
    ];
    for (const [method, key, kind] of cases) expect(durationKind(method, key), `${method} ${key}`).toBe(kind);
  });
});
