/**
 * The tender's config parameters, completed with its procedure type's defaults; a
 * defaulted value is marked as such. The rows (19 for most methods) are folded behind a
 * disclosure at the end of the page: a bidder reads them after the facts and documents.
 * The browser loads this section and the defaults' table as a chunk of their own
 * (`Tender.tsx`): the server renders it in place, and hydration keeps that markup until
 * the chunk is in.
 */
import type { TFunction } from 'i18next';
import { Facts, type Fact } from '../../../components/Facts/Facts';
import { Section } from '../../../components/Section/Section';
import type { TenderFormatter } from '../formatter';
import { CONFIG_KEYS, DURATION_KEYS, configWithDefaults, durationKind, type ConfigKey } from '../procedureDefaults';
import type { Tender } from '../../../records/tender';

function configValue(key: ConfigKey, value: boolean | number, method: string | undefined, t: TFunction): string {
  if (typeof value === 'boolean') return t(value ? 'tender.config.yes' : 'tender.config.no');
  if (DURATION_KEYS.has(key)) {
    if (value === 0) return t('tender.config.none');
    return t(durationKind(method, key) === 'working' ? 'tender.config.workingDays' : 'tender.config.calendarDays', { count: value });
  }
  return String(value);
}

export function Config({ tender, format }: { tender: Tender; format: TenderFormatter }) {
  const { t } = format;
  const method = tender.procurementMethodType;
  const values = configWithDefaults(method, tender.config);
  const own = tender.config && typeof tender.config === 'object' ? tender.config : {};
  const keys = CONFIG_KEYS.filter((k) => values[k] !== undefined);
  if (!keys.length) return null;
  const defaulted = keys.filter((k) => !(k in own));
  return (
    <Section id="config" title={t('tender.config.heading')}>
      <details className="tender-config-details">
        <summary>{t('tender.config.show', { count: keys.length })}</summary>
        {defaulted.length > 0 && <p className="muted">{t('tender.config.defaultsNote')}</p>}
        <Facts
          className="tender-config"
          rows={keys.map((k): Fact => [
            t(`tender.config.params.${k}`),
            <>
              {configValue(k, values[k] as boolean | number, method, t)}
              {!(k in own) && <span className="muted"> {t('tender.config.defaultMark')}</span>}
            </>,
          ])}
        />
      </details>
    </Section>
  );
}

export default Config;
