/**
 * Tender config parameters (SPEC §3) and the defaults a tender of each procedure type has
 * when the API omits `config` (SPEC §9, "Per-method tender defaults").
 *
 * The table is the `default` of each parameter in ProzorroUKR/standards
 * `data_model/schema/TenderConfig/<procurementMethodType>.json` at c32ccbf (2026-08-21), the
 * snapshot SPEC's data was staged from. SPEC §9 summarises an older revision and differs in
 * two places, where the standard wins because the CDB applies it: belowThreshold
 * `qualificationDuration` is now 0 (SPEC: 20 working days) and competitiveOrdering
 * `clarificationUntilDuration` defaults to 0 (3 calendar days only in its `long` variant).
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

/** One row per procedure type, columns in `CONFIG_KEYS` order. */
const DEFAULTS: Record<string, Row> = {
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

/** The procedure types the defaults table knows. */
export const METHODS_WITH_DEFAULTS: readonly string[] = Object.keys(DEFAULTS);

/**
 * The tender's config completed with its procedure type's defaults: a value the tender
 * states always wins (even `false` or `0`); values of an unknown type are ignored. Keys
 * neither side knows are absent. Pure: the same input gives the same output.
 */
export function configWithDefaults(procurementMethodType: string | undefined, config: unknown): TenderConfig {
  const row = procurementMethodType ? DEFAULTS[procurementMethodType] : undefined;
  const given = config && typeof config === 'object' ? (config as Record<string, unknown>) : {};
  const out: TenderConfig = {};
  CONFIG_KEYS.forEach((key, i) => {
    const value = given[key];
    if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) out[key] = value;
    else if (row) out[key] = row[i];
  });
  return out;
}

const DEFENSE = new Set(['aboveThresholdUA.defense', 'simple.defense', 'defense']);
const CALENDAR_CLARIFICATIONS = new Set(['requestForProposal', 'competitiveOrdering']);

/**
 * Whether a duration counts working or calendar days (SPEC §9): qualification always and
 * requestForProposal's complaint periods in working days, defence types' tender-complaint
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
    case 'awardComplainDuration':
      return type === 'requestForProposal' || (key === 'awardComplainDuration' && type === 'belowThreshold') ? 'working' : 'calendar';
    case 'tenderComplainRegulation':
      return DEFENSE.has(type) ? 'working' : 'calendar';
    default:
      return 'calendar';
  }
}
