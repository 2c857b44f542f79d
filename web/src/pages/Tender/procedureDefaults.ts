/**
 * Tender config parameters (SPEC §3) and the defaults a tender of each procedure type has
 * when the record does not state them (SPEC §9, "Per-method tender defaults").
 *
 * Two layers, the record's own value always first:
 * 1. `SPEC_RULES`: the durations and flags SPEC §9 states, one entry per line of the
 *    spec. The spec's table is the floor: where it states a value for a method, that
 *    value is shown, even where the CDB's standard has another (aboveThreshold's award
 *    complaints 10 days, not 5; belowThreshold's qualification 20 working days, not 0;
 *    competitiveOrdering's clarifications 3 calendar days, not 0).
 * 2. `STANDARD`: for the parameters SPEC §9 does not state (hasAuction, minBidsNumber,
 *    restricted, ...) and the methods its lines do not name, the `default` of each
 *    parameter in ProzorroUKR/standards `data_model/schema/TenderConfig/<type>.json` at
 *    c32ccbf (2026-08-21), the snapshot SPEC's data was staged from.
 * `procedureDefaults.test.ts` holds the reading of each spec line as a table.
 */

export const CONFIG_KEYS = [
  'awardComplainDuration', 'cancellationComplainDuration', 'clarificationUntilDuration', 'hasAuction',
  'hasAwardComplaints', 'hasAwardingOrder', 'hasCancellationComplaints', 'hasPreSelectionAgreement',
  'hasPrequalification', 'hasQualificationComplaints', 'hasTenderComplaints', 'hasValueEstimation',
  'hasValueRestriction', 'minBidsNumber', 'qualificationComplainDuration', 'qualificationDuration',
  'restricted', 'tenderComplainRegulation', 'valueCurrencyEquality',
] as const;

export type ConfigKey = (typeof CONFIG_KEYS)[number];
export type ConfigValue = boolean | number;
export type TenderConfig = Partial<Record<ConfigKey, ConfigValue>>;

/** Parameters measured in days (all others are flags, apart from minBidsNumber). */
export const DURATION_KEYS: ReadonlySet<ConfigKey> = new Set([
  'awardComplainDuration', 'cancellationComplainDuration', 'clarificationUntilDuration',
  'qualificationComplainDuration', 'qualificationDuration', 'tenderComplainRegulation',
]);

type Row = [number, number, number, boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean, number, number, number, boolean, number, boolean];

/** One row per procedure type, columns in `CONFIG_KEYS` order: the standard's defaults. */
const STANDARD: Record<string, Row> = {
  'aboveThreshold': [5, 10, 3, true, true, true, true, false, false, false, true, true, true, 1, 0, 0, false, 3, true],
  'aboveThresholdEU': [10, 10, 3, true, true, true, true, false, true, true, true, true, true, 2, 5, 20, false, 4, true],
  'aboveThresholdUA.defense': [4, 10, 3, true, true, true, true, false, false, false, true, true, true, 1, 0, 0, false, 2, true],
  'aboveThresholdUA': [10, 10, 3, true, true, true, true, false, false, false, true, true, true, 2, 0, 0, false, 4, true],
  'belowThreshold': [2, 0, 1, true, false, true, false, false, false, false, false, true, true, 1, 0, 0, false, 0, true],
  'closeFrameworkAgreementSelectionUA': [0, 0, 0, true, false, true, false, true, false, false, false, true, true, 1, 0, 0, false, 0, true],
  'closeFrameworkAgreementUA': [10, 10, 3, true, true, true, true, false, true, true, true, true, true, 3, 5, 20, false, 4, true],
  'competitiveDialogueEU': [0, 10, 3, false, false, true, true, false, true, true, true, true, true, 3, 5, 20, false, 4, true],
  'competitiveDialogueEU.stage2': [10, 10, 3, true, true, true, true, false, true, true, true, true, true, 2, 5, 20, false, 4, true],
  'competitiveDialogueUA': [0, 10, 3, false, false, true, true, false, true, true, true, true, true, 3, 5, 20, false, 4, true],
  'competitiveDialogueUA.stage2': [10, 10, 3, true, true, true, true, false, false, false, true, true, true, 2, 0, 0, false, 4, true],
  'competitiveOrdering': [5, 0, 0, true, false, true, false, true, false, false, false, true, false, 1, 0, 0, false, 0, true],
  'complexAsset.arma': [0, 0, 5, true, false, true, false, false, true, false, false, false, false, 2, 0, 10, false, 0, true],
  'esco': [10, 10, 3, true, true, true, true, false, true, true, true, false, true, 2, 5, 20, false, 4, true],
  'negotiation': [5, 10, 0, false, true, true, true, false, false, false, false, true, true, 1, 0, 0, false, 0, true],
  'negotiation.quick': [3, 10, 0, false, true, true, true, false, false, false, false, true, true, 1, 0, 0, false, 0, true],
  'priceQuotation': [0, 0, 0, false, false, true, false, true, false, false, false, true, true, 1, 0, 0, false, 0, true],
  'reporting': [0, 0, 0, false, false, true, false, false, false, false, false, true, true, 1, 0, 0, false, 0, true],
  'requestForProposal': [2, 0, 4, false, false, false, false, false, false, false, false, false, false, 1, 10, 20, false, 0, false],
  'simple.defense': [4, 10, 3, true, true, true, true, false, false, false, true, true, true, 1, 0, 0, false, 2, true],
};

// The groups SPEC §9 names, read by the method's name (SPEC's enumeration, §9).
const ABOVE_THRESHOLD = ['aboveThreshold', 'aboveThresholdUA', 'aboveThresholdEU', 'aboveThresholdUA.defense'];
const NEGOTIATION = ['negotiation', 'negotiation.quick'];
const DIALOGUE = ['competitiveDialogueUA', 'competitiveDialogueEU', 'competitiveDialogueUA.stage2', 'competitiveDialogueEU.stage2'];
const FRAMEWORK = ['closeFrameworkAgreementUA', 'closeFrameworkAgreementSelectionUA'];
const DEFENSE_TYPES = ['aboveThresholdUA.defense', 'simple.defense', 'defense'];
const EU = ['aboveThresholdEU'];
const UA = ['aboveThresholdUA'];

/** One line of SPEC §9: these parameters have this value for these methods. */
export interface SpecRule {
  keys: readonly ConfigKey[];
  methods: readonly string[] | 'others';
  value: ConfigValue;
}

/**
 * SPEC §9's lines, in its order; for one method and parameter the first rule naming the
 * method wins, then an `others` rule of the same parameter. A defence type that is also
 * above-threshold or UA takes the defence line where the spec gives one.
 */
export const SPEC_RULES: readonly SpecRule[] = [
  // Complaint durations: 10 calendar days for above-threshold, negotiation, dialogue, esco,
  // framework and defense types; 2 working days for requestForProposal; 0 for the others.
  { keys: ['awardComplainDuration', 'cancellationComplainDuration'], methods: [...ABOVE_THRESHOLD, ...NEGOTIATION, ...DIALOGUE, 'esco', ...FRAMEWORK, ...DEFENSE_TYPES], value: 10 },
  { keys: ['awardComplainDuration', 'cancellationComplainDuration'], methods: ['requestForProposal'], value: 2 },
  { keys: ['awardComplainDuration', 'cancellationComplainDuration'], methods: 'others', value: 0 },
  // qualificationDuration: 20 working days for belowThreshold, requestForProposal,
  // aboveThresholdEU, dialogues, esco, framework; otherwise 0.
  { keys: ['qualificationDuration'], methods: ['belowThreshold', 'requestForProposal', 'aboveThresholdEU', ...DIALOGUE, 'esco', ...FRAMEWORK], value: 20 },
  { keys: ['qualificationDuration'], methods: 'others', value: 0 },
  // qualificationComplainDuration: 10 working days for requestForProposal; 5 calendar days
  // for EU, dialogue, esco and framework types.
  { keys: ['qualificationComplainDuration'], methods: ['requestForProposal'], value: 10 },
  { keys: ['qualificationComplainDuration'], methods: [...EU, ...DIALOGUE, 'esco', ...FRAMEWORK], value: 5 },
  // clarificationUntilDuration: 3 working days for above-threshold types; 1 for
  // belowThreshold; 4 calendar days for requestForProposal; 3 calendar days for competitiveOrdering.
  { keys: ['clarificationUntilDuration'], methods: ABOVE_THRESHOLD, value: 3 },
  { keys: ['clarificationUntilDuration'], methods: ['belowThreshold'], value: 1 },
  { keys: ['clarificationUntilDuration'], methods: ['requestForProposal'], value: 4 },
  { keys: ['clarificationUntilDuration'], methods: ['competitiveOrdering'], value: 3 },
  // tenderComplainRegulation: 3 calendar days for aboveThreshold; 4 for UA, EU, dialogue,
  // esco, framework; 2 working days for defense types (first, so that UA.defense takes it).
  { keys: ['tenderComplainRegulation'], methods: DEFENSE_TYPES, value: 2 },
  { keys: ['tenderComplainRegulation'], methods: ['aboveThreshold'], value: 3 },
  { keys: ['tenderComplainRegulation'], methods: [...UA, ...EU, ...DIALOGUE, 'esco', ...FRAMEWORK], value: 4 },
  // hasQualificationComplaints is true for EU, dialogue, esco and framework types. ("hasValueEstimation
  // is true for most methods" names no method: the standard's values stand.)
  { keys: ['hasQualificationComplaints'], methods: [...EU, ...DIALOGUE, 'esco', ...FRAMEWORK], value: true },
];

/** The procedure types the defaults know: the standard's and those SPEC §9 names. */
export const METHODS_WITH_DEFAULTS: readonly string[] = [
  ...new Set([...Object.keys(STANDARD), ...SPEC_RULES.flatMap((r) => (r.methods === 'others' ? [] : r.methods))]),
];
const KNOWN = new Set(METHODS_WITH_DEFAULTS);

/** SPEC §9's value of one parameter for one method, if the spec states one. */
export function specDefault(procurementMethodType: string, key: ConfigKey): ConfigValue | undefined {
  if (!KNOWN.has(procurementMethodType)) return undefined;
  const rules = SPEC_RULES.filter((r) => r.keys.includes(key));
  const named = rules.find((r) => r.methods !== 'others' && r.methods.includes(procurementMethodType));
  return (named ?? rules.find((r) => r.methods === 'others'))?.value;
}

/**
 * The tender's config completed with its procedure type's defaults: a value the tender
 * states always wins (even `false` or `0`), then SPEC §9's, then the standard's; values of
 * an unknown type are ignored. Keys no side knows are absent. Pure: the same input gives
 * the same output.
 */
export function configWithDefaults(procurementMethodType: string | undefined, config: unknown): TenderConfig {
  const row = procurementMethodType ? STANDARD[procurementMethodType] : undefined;
  const given = config && typeof config === 'object' ? (config as Record<string, unknown>) : {};
  const out: TenderConfig = {};
  CONFIG_KEYS.forEach((key, i) => {
    const value = given[key];
    if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) out[key] = value;
    else {
      const fallback = (procurementMethodType ? specDefault(procurementMethodType, key) : undefined) ?? row?.[i];
      if (fallback !== undefined) out[key] = fallback;
    }
  });
  return out;
}

const DEFENSE = new Set(DEFENSE_TYPES);
const CALENDAR_CLARIFICATIONS = new Set(['requestForProposal', 'competitiveOrdering']);

/**
 * Whether a duration counts working or calendar days (SPEC §9): qualification always and
 * requestForProposal's complaint periods (award, cancellation, qualification) in working
 * days, belowThreshold's award complaints as the CDB counts them, defence types' tender-complaint
 * regulation too, and enquiry answers in working days except for requestForProposal and
 * competitiveOrdering; everything else in calendar days.
 */
export function durationKind(procurementMethodType: string | undefined, key: ConfigKey): 'working' | 'calendar' {
  const type = procurementMethodType ?? '';
  switch (key) {
    case 'qualificationDuration':
      return 'working';
    case 'clarificationUntilDuration':
      return CALENDAR_CLARIFICATIONS.has(type) ? 'calendar' : 'working';
    case 'qualificationComplainDuration':
    case 'cancellationComplainDuration':
    case 'awardComplainDuration':
      return type === 'requestForProposal' || (key === 'awardComplainDuration' && type === 'belowThreshold') ? 'working' : 'calendar';
    case 'tenderComplainRegulation':
      return DEFENSE.has(type) ? 'working' : 'calendar';
    default:
      return 'calendar';
  }
}
