/**
 * The tender's key facts under its header: id, the submission deadline, the expected value,
 * procedure, category, the plan(s) it was created from and the other amounts.
 */
import { AppLink } from '../../../components/AppLink/AppLink';
import { Deadline } from '../../../components/Deadline/Deadline';
import { Facts, withValues, type Fact } from '../../../components/Facts/Facts';
import { Money } from '../../../components/Money/Money';
import { Section } from '../../../components/Section/Section';
import { list, money } from '../../../records/parts';
import type { TenderFormatter } from '../formatter';
import { tenderLabel } from '../labels';
import { methodLabel } from '../../../lib/enums';
import { formatDate } from '../../../lib/dates';
import type { Tender, Value } from '../../../records/tender';

/** The plans of the register (their planIDs), else the ids the tender names. */
function planLinks(tender: Tender, plans: Array<{ planID?: string; id?: string }>) {
  const ids = plans.length ? plans.map((p) => p.planID ?? p.id) : list(tender.plans).map((p) => p.id);
  const links = ids.filter((id): id is string => !!id);
  return links.length > 0 && links.map((id, i) => (
    <span key={id}>
      {i > 0 && ', '}
      <AppLink to={`/plans/${encodeURIComponent(id)}`}>{id}</AppLink>
    </span>
  ));
}

export function Summary({ tender, plans, format }: { tender: Tender; plans: Array<{ planID?: string; id?: string }>; format: TenderFormatter }) {
  const { t } = format;
  const amount = (value: Value | undefined) => money(value, format.language) && <Money value={value} format={format} />;
  const rows: Fact[] = withValues([
    [t('tender.tenderId'), tender.tenderID],
    [t('tender.deadline'), tender.tenderPeriod?.endDate && <Deadline at={tender.tenderPeriod.endDate} language={format.language} />],
    [t('tender.value'), amount(tender.value)],
    [t('tender.method'), tender.procurementMethodType && methodLabel(t, tender.procurementMethodType)],
    [t('tender.category'), tender.mainProcurementCategory && tenderLabel(t, 'categories', tender.mainProcurementCategory)],
    [t('tender.plans'), planLinks(tender, plans)],
    [t('tender.guarantee'), amount(tender.guarantee)],
    [t('tender.minimalStep'), amount(tender.minimalStep)],
    // When the record last changed (issue 41): the mirror follows the central database.
    [t('freshness.modified'), tender.dateModified && formatDate(tender.dateModified, format.language, true)],
  ]);
  if (!rows.length) return null;
  return (
    <Section id="summary" title={t('tender.summary')} hiddenTitle>
      <Facts rows={rows} />
    </Section>
  );
}
