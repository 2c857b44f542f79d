/** The tender's key facts under its header: id, procedure, category and amounts. */
import { Facts, withValues, type Fact } from '../../../components/Facts/Facts';
import { Money } from '../../../components/Money/Money';
import { Section } from '../../../components/Section/Section';
import { money } from '../../../lib/ocds';
import type { Ctx } from '../ctx';
import { methodLabel, tenderLabel } from '../labels';
import type { Tender, Value } from '../types';

export function Summary({ tender, ctx }: { tender: Tender; ctx: Ctx }) {
  const { t } = ctx;
  const amount = (value: Value | undefined) => money(value, ctx.language) && <Money value={value} ctx={ctx} />;
  const rows: Fact[] = withValues([
    [t('tender.tenderId'), tender.tenderID],
    [t('tender.method'), tender.procurementMethodType && methodLabel(t, tender.procurementMethodType)],
    [t('tender.category'), tender.mainProcurementCategory && tenderLabel(t, 'categories', tender.mainProcurementCategory)],
    [t('tender.value'), amount(tender.value)],
    [t('tender.guarantee'), amount(tender.guarantee)],
    [t('tender.minimalStep'), amount(tender.minimalStep)],
  ]);
  if (!rows.length) return null;
  return (
    <Section id="summary" title={t('tender.summary')} hiddenTitle>
      <Facts rows={rows} />
    </Section>
  );
}
