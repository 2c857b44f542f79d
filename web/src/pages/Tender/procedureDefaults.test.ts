import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, METHODS_WITH_DEFAULTS, configWithDefaults, durationKind, type ConfigKey, type ConfigValue } from './procedureDefaults';

type Kind = 'working' | 'calendar' | '-';

/**
 * The reading of each line of SPEC §9 "Per-method tender defaults": the line, the
 * parameters it sets, the methods it names as this portal reads them, the value and the
 * kind of days. The groups: above-threshold = aboveThreshold, aboveThresholdUA,
 * aboveThresholdEU, aboveThresholdUA.defense; negotiation = negotiation, negotiation.quick;
 * dialogue = competitiveDialogueUA/EU and their stage2; framework = closeFrameworkAgreementUA
 * and closeFrameworkAgreementSelectionUA; defense = aboveThresholdUA.defense, simple.defense;
 * EU = aboveThresholdEU; UA = aboveThresholdUA. A defence type takes the defence line.
 */
const SPEC_TABLE: Array<[string, ConfigKey[], string[], ConfigValue, Kind]> = [
  ['complaint durations: 10 calendar days for above-threshold, negotiation, dialogue, esco, framework and defense types',
    ['awardComplainDuration', 'cancellationComplainDuration'],
    ['aboveThreshold', 'aboveThresholdUA', 'aboveThresholdEU', 'aboveThresholdUA.defense', 'negotiation', 'negotiation.quick',
      'competitiveDialogueUA', 'competitiveDialogueEU', 'competitiveDialogueUA.stage2', 'competitiveDialogueEU.stage2', 'esco',
      'closeFrameworkAgreementUA', 'closeFrameworkAgreementSelectionUA', 'simple.defense'], 10, 'calendar'],
  ['complaint durations: 2 working days for requestForProposal',
    ['awardComplainDuration', 'cancellationComplainDuration'], ['requestForProposal'], 2, 'working'],
  ['complaint durations: 0 for the others',
    ['awardComplainDuration', 'cancellationComplainDuration'], ['belowThreshold', 'priceQuotation', 'reporting', 'competitiveOrdering', 'complexAsset.arma'], 0, '-'],
  ['qualificationDuration: 20 working days for belowThreshold, requestForProposal, aboveThresholdEU, dialogues, esco, framework',
    ['qualificationDuration'],
    ['belowThreshold', 'requestForProposal', 'aboveThresholdEU', 'competitiveDialogueUA', 'competitiveDialogueEU',
      'competitiveDialogueUA.stage2', 'competitiveDialogueEU.stage2', 'esco', 'closeFrameworkAgreementUA', 'closeFrameworkAgreementSelectionUA'], 20, 'working'],
  ['qualificationDuration: otherwise 0',
    ['qualificationDuration'], ['aboveThreshold', 'aboveThresholdUA', 'aboveThresholdUA.defense', 'simple.defense', 'negotiation',
      'negotiation.quick', 'reporting', 'priceQuotation', 'competitiveOrdering', 'complexAsset.arma'], 0, '-'],
  ['qualificationComplainDuration: 10 working days for requestForProposal',
    ['qualificationComplainDuration'], ['requestForProposal'], 10, 'working'],
  ['qualificationComplainDuration: 5 calendar days for EU, dialogue, esco and framework types',
    ['qualificationComplainDuration'],
    ['aboveThresholdEU', 'competitiveDialogueUA', 'competitiveDialogueEU', 'competitiveDialogueUA.stage2', 'competitiveDialogueEU.stage2',
      'esco', 'closeFrameworkAgreementUA', 'closeFrameworkAgreementSelectionUA'], 5, 'calendar'],
  ['clarificationUntilDuration: 3 working days for above-threshold types',
    ['clarificationUntilDuration'], ['aboveThreshold', 'aboveThresholdUA', 'aboveThresholdEU', 'aboveThresholdUA.defense'], 3, 'working'],
  ['clarificationUntilDuration: 1 for belowThreshold (working days, as the line before)',
    ['clarificationUntilDuration'], ['belowThreshold'], 1, 'working'],
  ['clarificationUntilDuration: 4 calendar days for requestForProposal',
    ['clarificationUntilDuration'], ['requestForProposal'], 4, 'calendar'],
  ['clarificationUntilDuration: 3 calendar days for competitiveOrdering',
    ['clarificationUntilDuration'], ['competitiveOrdering'], 3, 'calendar'],
  ['tenderComplainRegulation: 3 calendar days for aboveThreshold',
    ['tenderComplainRegulation'], ['aboveThreshold'], 3, 'calendar'],
  ['tenderComplainRegulation: 4 for UA, EU, dialogue, esco, framework (calendar days, as the line before)',
    ['tenderComplainRegulation'],
    ['aboveThresholdUA', 'aboveThresholdEU', 'competitiveDialogueUA', 'competitiveDialogueEU', 'competitiveDialogueUA.stage2',
      'competitiveDialogueEU.stage2', 'esco', 'closeFrameworkAgreementUA', 'closeFrameworkAgreementSelectionUA'], 4, 'calendar'],
  ['tenderComplainRegulation: 2 working days for defense types',
    ['tenderComplainRegulation'], ['aboveThresholdUA.defense', 'simple.defense'], 2, 'working'],
  ['hasQualificationComplaints is true for EU, dialogue, esco and framework types',
    ['hasQualificationComplaints'],
    ['aboveThresholdEU', 'competitiveDialogueUA', 'competitiveDialogueEU', 'competitiveDialogueUA.stage2', 'competitiveDialogueEU.stage2',
      'esco', 'closeFrameworkAgreementUA', 'closeFrameworkAgreementSelectionUA'], true, '-'],
  ['hasValueEstimation is true for most methods (the standard\'s exceptions: esco, requestForProposal)',
    ['hasValueEstimation'], ['aboveThreshold', 'aboveThresholdUA', 'belowThreshold', 'negotiation', 'reporting', 'priceQuotation', 'competitiveOrdering'], true, '-'],
];

describe('SPEC §9 per-method defaults, line by line', () => {
  for (const [line, keys, methods, value, kind] of SPEC_TABLE) {
    it(line, () => {
      for (const method of methods) {
        for (const key of keys) {
          expect(configWithDefaults(method, undefined)[key], `${method} ${key}`).toBe(value);
          if (kind !== '-') expect(durationKind(method, key), `${method} ${key}`).toBe(kind);
        }
      }
    });
  }

  it('shows the record\'s own value over the spec\'s', () => {
    const own = configWithDefaults('aboveThreshold', { awardComplainDuration: 5 });
    expect(own.awardComplainDuration).toBe(5);
    expect(configWithDefaults('belowThreshold', { qualificationDuration: 0 }).qualificationDuration).toBe(0);
    expect(configWithDefaults('competitiveOrdering', { clarificationUntilDuration: 0 }).clarificationUntilDuration).toBe(0);
  });

  it('fixes the three rows the audit found (issue 29)', () => {
    expect(configWithDefaults('aboveThreshold', undefined).awardComplainDuration).toBe(10);
    expect(configWithDefaults('belowThreshold', undefined).qualificationDuration).toBe(20);
    expect(configWithDefaults('competitiveOrdering', undefined).clarificationUntilDuration).toBe(3);
  });
});


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
    expect(merged.awardComplainDuration).toBe(10);
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
