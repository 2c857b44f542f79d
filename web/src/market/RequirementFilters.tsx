/**
 * The fields of the requirement filters inside a products page's GET form. Their names
 * are the upstream's indexed lists, so the form sends them as they are with JavaScript
 * off; `parseMarketFilters` then keeps only what is set and valid (a requirement's hidden
 * title alone is no filter). Index `i` counts the filters of one kind in title order.
 */
import { useTranslation } from '../i18n/react';
import { formatNumber } from '../lib/format';
import { localized, unitText } from '../lib/market';
import type { MarketFilters } from './filters';
import { usePageState } from '../state';
import type { RequirementFilter } from './requirements';

const num = (v: number | undefined) => (v === undefined ? '' : String(v));

export function RequirementFilters({ defs, filters }: { defs: RequirementFilter[]; filters: MarketFilters }) {
  const { t } = useTranslation();
  const { language } = usePageState();
  const index = { text: 0, number: 0, boolean: 0 };
  return (
    <>
      {defs.map((def) => {
        const i = index[def.kind]++;
        const base = `${def.kind}Requirements[${i}]`;
        const title = localized(language, def.title, def.title_en);
        const unit = def.unit ? unitText(t, def.unit, language) : '';
        const legend = unit ? `${title}, ${unit}` : title;
        const hidden = <input type="hidden" name={`${base}[requirement]`} value={def.title} />;
        if (def.kind === 'text') {
          const chosen = filters.text.find((f) => f.requirement === def.title)?.values ?? [];
          if (!def.values.length) return null;
          return (
            <fieldset key={`t-${def.title}`} className="requirement-filter" data-requirement={def.title}>
              <legend>{legend}</legend>
              {hidden}
              <ul className="filter-options">
                {def.values.map((value, j) => (
                  <li key={value}>
                    <label>
                      <input type="checkbox" name={`${base}[values][${j}]`} value={value} defaultChecked={chosen.includes(value)} />
                      <span>{value}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        }
        if (def.kind === 'number') {
          const chosen = filters.number.find((f) => f.requirement === def.title);
          const hint = (v: number | undefined) => (v === undefined ? undefined : formatNumber(v, undefined, language));
          return (
            <fieldset key={`n-${def.title}`} className="requirement-filter filter-range" data-requirement={def.title}>
              <legend>{legend}</legend>
              {hidden}
              {def.expected.length > 0 && (
                <label className="filter-field">
                  <span>{t('market.filters.value')}</span>
                  <select name={`${base}[value]`} defaultValue={num(chosen?.value)}>
                    <option value="">{t('market.filters.any')}</option>
                    {def.expected.map((v) => (
                      <option key={v} value={String(v)}>
                        {formatNumber(v, undefined, language)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <input
                type="text"
                inputMode="decimal"
                name={`${base}[minValue]`}
                aria-label={`${legend}: ${t('market.filters.from')}`}
                placeholder={hint(def.min) ? `${t('market.filters.from')} ${hint(def.min)}` : t('market.filters.from')}
                defaultValue={num(chosen?.minValue)}
              />
              <input
                type="text"
                inputMode="decimal"
                name={`${base}[maxValue]`}
                aria-label={`${legend}: ${t('market.filters.to')}`}
                placeholder={hint(def.max) ? `${t('market.filters.to')} ${hint(def.max)}` : t('market.filters.to')}
                defaultValue={num(chosen?.maxValue)}
              />
            </fieldset>
          );
        }
        const chosen = filters.boolean.find((f) => f.requirement === def.title);
        return (
          <fieldset key={`b-${def.title}`} className="requirement-filter" data-requirement={def.title}>
            <legend>{legend}</legend>
            {hidden}
            <select name={`${base}[value]`} aria-label={legend} defaultValue={chosen ? String(chosen.value) : ''}>
              <option value="">{t('market.filters.any')}</option>
              <option value="true">{t('market.yes')}</option>
              <option value="false">{t('market.no')}</option>
            </select>
          </fieldset>
        );
      })}
    </>
  );
}

/** Every module imported dynamically has a default (`build.mjs` re-exports it). */
export { RequirementFilters as default };
