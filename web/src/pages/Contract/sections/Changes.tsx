/**
 * The changes to the contract: each one's legal grounds (labelled from the contract's own
 * list of grounds), rationale, what it changed (value, period, items), status, date signed
 * and documents.
 */
import { Documents } from '../../../components/Documents/Documents';
import { Facts } from '../../../components/Facts/Facts';
import { Money } from '../../../components/Money/Money';
import { list, localized, money, periodText, type Formatter, type Value } from '../../../records/parts';
import { Status } from '../../../components/Status/Status';
import { anchorOf } from '../../../records/anchors';
import { contractLabel, netValue } from '../labels';
import type { Change, ContractDocument, RationaleType } from '../../../records/contract';

interface Props {
  changes: Change[];
  /** The contract's documents of each change, by the change's id. */
  documentsOf: (changeId: string | undefined) => ContractDocument[];
  /** The contract's list of legal grounds, by code. */
  rationaleTypes: Record<string, RationaleType> | undefined;
  format: Formatter;
  /** The formatter of dates without the time (headings, periods). */
  dates: Formatter;
}

export function Changes({ changes, documentsOf, rationaleTypes, format, dates }: Props) {
  // A change's anchor (`#change-…`, what a change event links to) goes on its first entry only: ids are unique.
  const first = (c: Change, i: number) => changes.findIndex((o) => o.id === c.id) === i;
  return (
    <ol className="tender-cards">
      {changes.map((c, i) => (
        <li key={c.id ? `${c.id}-${i}` : i} id={first(c, i) ? anchorOf('change', c.id) : undefined} className="tender-card">
          <ChangeCard change={c} documents={[...list(c.documents), ...documentsOf(c.id)]} rationaleTypes={rationaleTypes} format={format} dates={dates} />
        </li>
      ))}
    </ol>
  );
}

interface CardProps {
  change: Change;
  documents: ContractDocument[];
  rationaleTypes: Record<string, RationaleType> | undefined;
  format: Formatter;
  dates: Formatter;
}

function ChangeCard({ change: c, documents, rationaleTypes, format, dates }: CardProps) {
  const { t, language } = format;
  const when = dates.date(c.dateSigned ?? c.date);
  const grounds = (c.rationaleTypes ?? []).filter((code): code is string => typeof code === 'string' && code !== '');
  const rationale = localized(c, 'rationale', language);
  const m = c.modifications;
  const amount = (value: Value | undefined) => money(value, language) && <Money value={value} format={format} />;
  return (
    <>
      <h3>{when ? t('contract.changeOf', { date: when }) : t('contract.change')}</h3>
      {(c.status || c.contractNumber) && (
        <p className="tender-badges">
          {c.status && <Status code={c.status}>{contractLabel(t, 'changeStatus', c.status)}</Status>}
          {c.contractNumber && <span>{t('contract.changeNumber', { number: c.contractNumber })}</span>}
        </p>
      )}
      {grounds.length > 0 && (
        <>
          <h4>{t('contract.rationaleTypes')}</h4>
          <ul>
            {grounds.map((code) => <li key={code}><Ground code={code} type={rationaleTypes?.[code]} format={format} /></li>)}
          </ul>
        </>
      )}
      {rationale && (
        <>
          <h4>{t('contract.rationale')}</h4>
          <p className="pre">{rationale}</p>
        </>
      )}
      <Facts
        rows={[
          [t('contract.newValue'), amount(m?.value)],
          [t('contract.newValueNet'), amount(netValue(m?.value))],
          [t('contract.newPeriod'), m?.period && periodText(m.period.startDate, m.period.endDate, dates)],
          [t('contract.itemsChanged'), list(m?.items).length > 0 && t('contract.itemsCount', { count: list(m?.items).length })],
          [t('contract.dateSigned'), format.date(c.dateSigned)],
        ]}
      />
      <Documents docs={documents} format={format} />
    </>
  );
}

/**
 * A legal ground: the portal's short name of the code, with the clause the contract's
 * list cites (`Підпункт 4 пункту 19`); without a short name, the list's own description.
 */
function Ground({ code, type, format }: { code: string; type: RationaleType | undefined; format: Formatter }) {
  const { t, language } = format;
  const clause = (language === 'en' && type?.title_en) || type?.title_uk || '';
  const known = contractLabel(t, 'rationaleType', code);
  const description = (language === 'en' && type?.description_en) || type?.description_uk || '';
  const label = known !== code ? known : description || code;
  return (
    <>
      {label}
      {clause && <span className="muted"> ({clause})</span>}
    </>
  );
}
