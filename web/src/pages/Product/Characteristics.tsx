/**
 * The product's characteristics: each of its requirement responses as a row, beside what
 * its profile requires when the profile is known (value and unit, a range, the expected
 * values, yes or no), and the profile's requirements it does not answer. Only facts:
 * whether a value meets its requirement is for the catalogue's owners (`mismatch.ts`).
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import { formatNumber } from '../../lib/format';
import { localized, type Profile, type Requirement, type RequirementResponse } from '../../lib/market';
import { unitName } from '../../records/parts';

export interface CharacteristicRow {
  /** The characteristic's name in the page's language (the profile's `title_en` in English). */
  name: string;
  response?: RequirementResponse;
  requirement?: Requirement;
}

const key = (title: unknown) => (typeof title === 'string' ? title.trim().toLocaleLowerCase('uk') : '');

/** Every requirement of the profile, in its order (criteria, groups, requirements). */
export function requirementsOf(profile: Pick<Profile, 'criteria'> | null): Requirement[] {
  if (!profile || !Array.isArray(profile.criteria)) return [];
  return profile.criteria.flatMap((c) =>
    (Array.isArray(c?.requirementGroups) ? c.requirementGroups : []).flatMap((g) =>
      (Array.isArray(g?.requirements) ? g.requirements : []).filter((r): r is Requirement => !!r && typeof r.title === 'string'),
    ),
  );
}

/** The rows: the responses in the product's order, then the profile's requirements left unanswered. */
export function characteristicRows(responses: RequirementResponse[] | undefined, profile: Profile | null, language: Language): CharacteristicRow[] {
  const requirements = new Map<string, Requirement>();
  for (const r of requirementsOf(profile)) if (!requirements.has(key(r.title))) requirements.set(key(r.title), r);
  const answered = new Set<string>();
  const rows: CharacteristicRow[] = [];
  for (const response of Array.isArray(responses) ? responses : []) {
    if (!response || typeof response.requirement !== 'string' || answered.has(key(response.requirement))) continue;
    answered.add(key(response.requirement));
    const requirement = requirements.get(key(response.requirement));
    rows.push({ name: requirement ? localized(language, requirement.title, requirement.title_en) : response.requirement, response, requirement });
  }
  for (const [k, requirement] of requirements) {
    if (!answered.has(k)) rows.push({ name: localized(language, requirement.title, requirement.title_en), requirement });
  }
  return rows;
}

const yesNo = (t: TFunction, v: boolean) => t(v ? 'product.yes' : 'product.no');
const num = (v: unknown, language: Language) => (typeof v === 'number' ? formatNumber(v, undefined, language) : typeof v === 'string' ? v : '');
const withUnit = (text: string, unit: string) => (text && unit ? `${text} ${unit}` : text);

/** What the product states for a characteristic, with the requirement's unit when known. */
export function responseText(response: RequirementResponse, requirement: Requirement | undefined, t: TFunction, language: Language): string {
  if (Array.isArray(response.values)) return response.values.filter((v) => typeof v === 'string' || typeof v === 'number').join(', ');
  const { value } = response;
  if (typeof value === 'boolean') return yesNo(t, value);
  const unit = requirement && requirement.dataType !== 'string' ? unitName(t, requirement.unit, language) : '';
  return withUnit(num(value, language), unit);
}

/** What the profile requires of a characteristic, in words; '' when it states nothing. */
export function requirementText(r: Requirement, t: TFunction, language: Language): string {
  switch (r.dataType) {
    case 'string': {
      const expected = Array.isArray(r.expectedValues) ? r.expectedValues.filter((v) => typeof v === 'string') : [];
      if (!expected.length) return '';
      const values = expected.join(', ');
      const min = typeof r.expectedMinItems === 'number' ? r.expectedMinItems : undefined;
      const max = typeof r.expectedMaxItems === 'number' ? r.expectedMaxItems : undefined;
      if (max === 1) return expected.length > 1 ? t('product.requires.oneOf', { values }) : values;
      if (min !== undefined && max !== undefined) return t('product.requires.itemsBetween', { values, min, max });
      if (min !== undefined) return t('product.requires.itemsAtLeast', { values, min });
      return max !== undefined ? t('product.requires.itemsAtMost', { values, max }) : values;
    }
    case 'number':
    case 'integer': {
      const unit = unitName(t, r.unit, language);
      const min = num(r.minValue, language);
      const max = num(r.maxValue, language);
      const exact = num(r.expectedValue, language);
      if (exact) return withUnit(exact, unit);
      if (min && max) return withUnit(t('product.requires.between', { min, max }), unit);
      if (min) return withUnit(t('product.requires.atLeast', { min }), unit);
      return max ? withUnit(t('product.requires.atMost', { max }), unit) : '';
    }
    case 'boolean':
      return typeof r.expectedValue === 'boolean' ? yesNo(t, r.expectedValue) : '';
    default:
      return '';
  }
}

interface Props {
  rows: CharacteristicRow[];
  /** Whether the profile is known: the column of its requirements is shown. */
  withRequirements: boolean;
  t: TFunction;
  language: Language;
}

/** The rows as a table: the characteristic heads its row, the columns name what each cell is. */
export function Characteristics({ rows, withRequirements, t, language }: Props) {
  return (
    <div className="table-scroll">
      <table className="tender-table product-characteristics">
        <caption className="visually-hidden">{t('product.characteristics.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('product.characteristics.name')}</th>
            <th scope="col">{t('product.characteristics.value')}</th>
            {withRequirements && <th scope="col">{t('product.characteristics.required')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const value = row.response ? responseText(row.response, row.requirement, t, language) : '';
            const required = row.requirement ? requirementText(row.requirement, t, language) : '';
            return (
              <tr key={i}>
                <th scope="row">{row.name}</th>
                <td>{value || <span className="muted">{t(row.response ? 'product.characteristics.empty' : 'product.characteristics.noResponse')}</span>}</td>
                {withRequirements && <td>{required || <span className="muted">{t('product.characteristics.noRequirement')}</span>}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
