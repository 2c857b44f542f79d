/**
 * The contract's key facts under its header: its numbers, value with and without VAT, the
 * price of one unit of a contract of one item (issue 46, item 7), what was paid (a
 * terminated contract), period, dates signed and modified, signatures.
 */
import { Facts, withValues, type Fact } from '../../../components/Facts/Facts';
import { Money } from '../../../components/Money/Money';
import { Section } from '../../../components/Section/Section';
import { UnitPrice } from '../../../components/UnitPrice/UnitPrice';
import { list, money, periodText, type Formatter, type Value } from '../../../records/parts';
import { contractLabel, netValue } from '../labels';
import type { Contract } from '../../../records/contract';
import { contractUnitPrice } from '../../../records/unitPrice';

/** `dates`: the formatter of dates without the time (the period). */
export function Summary({ contract, format, dates }: { contract: Contract; format: Formatter; dates: Formatter }) {
  const { t } = format;
  const amount = (value: Value | undefined) => money(value, format.language) && <Money value={value} format={format} />;
  const signatories = list(contract.signatories).filter((s) => s.role || s.date);
  const price = contractUnitPrice({ ...contract, items: list(contract.items) });
  const rows: Fact[] = withValues([
    [t('contract.contractId'), contract.contractID, 'code'],
    [t('contract.contractNumber'), contract.contractNumber],
    [t('contract.value'), amount(contract.value)],
    [t('contract.valueNet'), amount(netValue(contract.value))],
    [t('unitPrice.label'), price && <UnitPrice price={price} format={format} label={false} />],
    [t('contract.amountPaid'), amount(contract.amountPaid)],
    [t('contract.amountPaidNet'), amount(netValue(contract.amountPaid))],
    [t('contract.period'), contract.period && periodText(contract.period.startDate, contract.period.endDate, dates)],
    [t('contract.dateSigned'), format.date(contract.dateSigned)],
    [t('contract.dateModified'), format.date(contract.dateModified)],
    [
      t('contract.signatories'),
      signatories.length > 0 && (
        <ul className="plain">
          {signatories.map((s, i) => (
            <li key={i}>{[contractLabel(t, 'role', s.role), format.date(s.date)].filter(Boolean).join(': ')}</li>
          ))}
        </ul>
      ),
    ],
    [t('contract.template'), contract.contractTemplateName, 'code'],
  ]);
  if (!rows.length) return null;
  return (
    <Section id="contract-summary" title={t('contract.summary')} hiddenTitle>
      <Facts rows={rows} />
    </Section>
  );
}
