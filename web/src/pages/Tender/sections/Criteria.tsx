/** The tender's criteria: each a collapsible card of requirement groups. */
import { formatNumber } from '../../../lib/format';
import { list, localized, unitName } from '../../../records/parts';
import type { TenderFormatter } from '../formatter';
import { tenderLabel } from '../labels';
import type { Criterion, Requirement } from '../../../records/tender';

export function Criteria({ criteria, format }: { criteria: Criterion[]; format: TenderFormatter }) {
  return <>{criteria.map((c, i) => <CriterionBlock key={c.id ?? i} criterion={c} format={format} />)}</>;
}

function requirementValue(r: Requirement, format: TenderFormatter): string {
  const show = (v: unknown) =>
    typeof v === 'number' ? formatNumber(v, undefined, format.language) : typeof v === 'boolean' ? format.t(v ? 'tender.config.yes' : 'tender.config.no') : String(v);
  const unit = unitName(format.t, r.unit, format.language);
  const withUnit = (v: unknown) => (unit && typeof v === 'number' ? `${show(v)} ${unit}` : show(v));
  const parts: string[] = [];
  if (r.expectedValue !== undefined && r.expectedValue !== null) parts.push(`${format.t('tender.criterion.expected')}: ${withUnit(r.expectedValue)}`);
  if (Array.isArray(r.expectedValues) && r.expectedValues.length) parts.push(`${format.t('tender.criterion.expected')}: ${r.expectedValues.map(show).join(', ')}`);
  if (r.minValue !== undefined && r.minValue !== null) parts.push(`${format.t('tender.criterion.min')}: ${withUnit(r.minValue)}`);
  if (r.maxValue !== undefined && r.maxValue !== null) parts.push(`${format.t('tender.criterion.max')}: ${withUnit(r.maxValue)}`);
  return parts.join('; ');
}

function CriterionBlock({ criterion: c, format }: { criterion: Criterion; format: TenderFormatter }) {
  const { t } = format;
  const groups = list(c.requirementGroups);
  return (
    <details className="tender-card criterion">
      <summary>
        <h3>{localized(c, 'title', format.language)}</h3>
      </summary>
      {c.description && <p>{c.description}</p>}
      {c.source && <p className="muted">{t('tender.criterion.source')}: {tenderLabel(t, 'criterion.sources', c.source)}</p>}
      {groups.map((g, i) => (
        <div key={g.id ?? i} className="requirement-group">
          {(g.description || groups.length > 1) && <h4>{g.description || `${t('tender.criterion.group')} ${i + 1}`}</h4>}
          <ul>
            {list(g.requirements).map((r, j) => {
              const value = requirementValue(r, format);
              return (
                <li key={r.id ?? j}>
                  {r.title}
                  {value && <span className="muted"> ({value})</span>}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </details>
  );
}
