/**
 * One search result of each register: the same card (title linked to the record's page,
 * its id, status and kind, a snippet of what matched the keyword, then fact rows), filled
 * from the fields of that register's search answer. The matched words are marked in the
 * title and the snippet (`lib/highlight.tsx`).
 */
import type { ReactNode } from 'react';
import { AppLink, OrgLink, type OrgRole } from '../../components/AppLink/AppLink';
import { englishCpvName } from '../../components/Classifications/englishNames';
import { Deadline } from '../../components/Deadline/Deadline';
import { withValues, type Fact } from '../../components/Facts/Facts';
import { useTranslation } from '../../i18n/react';
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import { usePageState } from '../../state';
import { formatDate } from '../../lib/dates';
import { marksOf } from '../../lib/highlight';
import { highlight, type Marks, type SearchMatch } from '../../lib/keyword';
import { enumLabel, regionLabel } from '../../lib/enums';
import { localized, money, periodText, formatter, type Organization, type Value } from '../../records/parts';
import type { Award } from '../../records/tender';
import type { ContractItem } from '../../records/contract';
import type { Item } from '../../records/parts';
import type { Register } from '../../lib/filters';

interface Classified {
  classification?: { id?: string; description?: string; description_en?: string };
}

/** One member of a search answer (the fields the cards read). */
export interface Summary {
  id: string;
  tenderID?: string;
  planID?: string;
  contractID?: string;
  contractNumber?: string;
  title?: string;
  title_en?: string;
  description?: string;
  status?: string;
  procurementMethodType?: string;
  dateCreated?: string;
  dateSigned?: string;
  value?: Value;
  budget?: Value & { description?: string };
  procuringEntity?: Organization;
  buyer?: Organization;
  suppliers?: Organization[];
  classification?: Classified['classification'];
  /** Tenders, plans: the items (a contract's member carries only its one item's measure, `item`). */
  items?: Array<Classified & Pick<Item, 'id' | 'quantity' | 'unit' | 'relatedLot'>>;
  /** Tenders: the awards (the winners are `active`), for the exports' award value, price of one unit and winner. */
  awards?: Array<Pick<Award, 'id' | 'status' | 'lotID' | 'value' | 'suppliers'>>;
  /** Contracts of one item: its quantity and unit (`upstream/API.md`), for the price of one unit. */
  item?: Pick<ContractItem, 'quantity' | 'unit'>;
  numberOfItems?: number;
  tender?: { procurementMethodType?: string; tenderPeriod?: { startDate?: string } };
  /** Tenders: the submission period; its end is the card's deadline. */
  tenderPeriod?: { startDate?: string; endDate?: string };
  tender_id?: string;
  period?: { startDate?: string; endDate?: string };
  /** With a keyword, what it matched here (`upstream/API.md`; a search service may leave it out). */
  searchMatch?: SearchMatch;
  /** Tenders: the codes of the red flags the tender raises (a search service may leave it out). */
  redFlags?: unknown;
}

const statusCss = (code: string) => `status status-${code.replace(/[^a-z0-9-]/gi, '-')}`;

/** An organisation with its identifier, as one line, linked to its page. */
function orgLine(org: Organization | undefined, language: Language, role: OrgRole = 'buyer'): ReactNode {
  const name = localized(org, 'name', language) || org?.identifier?.legalName;
  if (!name) return null;
  return (
    <>
      <OrgLink role={role} id={org?.identifier?.id}>{name}</OrgLink>
      {org?.identifier?.id && <span className="muted"> · {org.identifier.id}</span>}
    </>
  );
}

/** `code name`: the record's own classification, else its first item's; in English, the classifier's name when the record has none. */
function cpvLine(record: Summary, language: Language, english: (id: string) => string | undefined): string {
  const c = record.classification?.id ? record.classification : record.items?.find((i) => i.classification?.id)?.classification;
  if (!c?.id) return '';
  const name = (language === 'en' && !c.description_en && english(c.id)) || localized(c, 'description', language);
  return `${c.id} ${name}`.trim();
}

function Card({ href, title, id, status, kind, facts, marks }: {
  href: string;
  title: string;
  /** The matched words, marked in the title and in the snippet shown under it. */
  marks?: Marks;
  id: string;
  status?: [code: string, label: string];
  kind?: string;
  facts: Fact[];
}) {
  const words = marks?.words ?? null;
  const cut = marks?.snippet;
  return (
    <li className="tender-card">
      <h3 className="tender-card-title">
        <AppLink to={href}>{highlight(title, words)}</AppLink>
      </h3>
      <p className="tender-card-meta">
        <span className="tender-id">{id}</span>
        {status && <span className={statusCss(status[0])}>{status[1]}</span>}
        {kind && <span>{kind}</span>}
      </p>
      {cut && <p className="tender-card-snippet">{highlight(cut, words)}</p>}
      <dl className="tender-card-facts">
        {withValues(facts).map(([term, value, valueClass], i) => (
          <div key={i}>
            <dt>{term}</dt>
            <dd className={valueClass}>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** A card's fields from a record; `english` names a CPV code in English (the page's `cpvNames`). */
type CardOf = (record: Summary, t: TFunction, language: Language, english: (id: string) => string | undefined) => Parameters<typeof Card>[0];

/**
 * The red flags a tender raises, by the names the filter and the methodology give them,
 * each linked to its part of the methodology: a journalist following a flag sees which
 * one each result raised without opening it.
 */
function flagLinks(codes: unknown, t: TFunction): ReactNode {
  // Each once, in the methodology's order (by code); one the portal has no name for is left out.
  const raised = (Array.isArray(codes) ? [...new Set(codes)] : []).filter((c) => /^R\d{3}$/.test(c) && t(`redFlags.names.${c}`, { defaultValue: '' })).sort();
  return raised.length > 0 && raised.map((code, i) => (
    <span key={code}>
      {i > 0 && '; '}
      <AppLink to={`/info/red-flags#${code.toLowerCase()}`}>{`${code} · ${t(`redFlags.names.${code}`)}`}</AppLink>
    </span>
  ));
}

const tenderCard: CardOf = (r, t, language, english) => {
  const id = r.tenderID ?? r.id;
  return {
    href: `/tenders/${encodeURIComponent(id)}`,
    title: localized(r, 'title', language) || id,
    id,
    status: r.status ? [r.status, enumLabel(t, 'tenderStatus', r.status)] : undefined,
    kind: r.procurementMethodType && enumLabel(t, 'procurementMethodType', r.procurementMethodType),
    facts: [
      [t('tenderList.organizer'), orgLine(r.procuringEntity, language)],
      [t('tenderList.deadline'), r.tenderPeriod?.endDate && <Deadline at={r.tenderPeriod.endDate} language={language} />],
      [t('tenderList.value'), money(r.value, language), 'amount'],
      [t('tenderList.cpv'), cpvLine(r, language, english)],
      [t('tenderList.region'), r.procuringEntity?.address?.region && regionLabel(t, r.procuringEntity.address.region)],
      [t('tenderList.published'), r.dateCreated && formatDate(r.dateCreated, language, true)],
      [t('redFlags.filter'), flagLinks(r.redFlags, t)],
    ],
  };
};

const planCard: CardOf = (r, t, language, english) => {
  const id = r.planID ?? r.id;
  const method = r.tender?.procurementMethodType;
  return {
    href: `/plans/${encodeURIComponent(id)}`,
    title: localized(r, 'title', language) || r.budget?.description || cpvLine(r, language, english) || id,
    id,
    status: r.status ? [r.status, enumLabel(t, 'planStatus', r.status)] : undefined,
    facts: [
      [t('registers.plans.buyer'), orgLine(r.procuringEntity, language)],
      [t('registers.plans.budget'), money(r.budget, language), 'amount'],
      [t('registers.plans.method'), method && enumLabel(t, 'procurementMethodType', method)],
      [t('registers.plans.tenderStart'), r.tender?.tenderPeriod?.startDate && formatDate(r.tender.tenderPeriod.startDate, language)],
      [t('registers.plans.cpv'), cpvLine(r, language, english)],
    ],
  };
};

const contractCard: CardOf = (r, t, language) => {
  const id = r.contractID ?? r.id;
  const suppliers = (r.suppliers ?? []).filter((s) => s && typeof s === 'object');
  const tender = r.tenderID ?? r.tender_id;
  return {
    href: `/contracts/${encodeURIComponent(id)}`,
    title: localized(r, 'title', language) || r.contractNumber || id,
    id: r.contractNumber ? `${r.contractNumber} · ${id}` : id,
    status: r.status ? [r.status, enumLabel(t, 'contractStatus', r.status)] : undefined,
    facts: [
      [t('registers.contracts.buyer'), orgLine(r.buyer ?? r.procuringEntity, language)],
      [t('registers.contracts.supplier'), suppliers.length ? suppliers.map((s, i) => <span key={i} className="supplier">{orgLine(s, language, 'supplier')}</span>) : null],
      [t('registers.contracts.amount'), money(r.value, language), 'amount'],
      [t('registers.contracts.period'), r.period && periodText(r.period.startDate, r.period.endDate, formatter(t, language))],
      [t('registers.contracts.signed'), r.dateSigned && formatDate(r.dateSigned, language)],
      [t('registers.contracts.tender'), tender && <AppLink to={`/tenders/${encodeURIComponent(tender)}`}>{r.tenderID ?? t('registers.contracts.tender')}</AppLink>],
    ],
  };
};

const CARDS: Record<Register['name'], CardOf> = { tenders: tenderCard, plans: planCard, contracts: contractCard };

/**
 * One result of `register`'s search. `keyword`: the pattern of the search's words
 * (`wordsPattern`), marked when the answer does not say what matched (`searchMatch`).
 */
export function Result({ register, record, keyword }: { register: Register; record: Summary; keyword?: RegExp | null }) {
  const { t } = useTranslation();
  const state = usePageState();
  const { language } = state;
  const description = localized(record, 'description', language) || undefined;
  const marks = keyword || record.searchMatch ? marksOf(record.searchMatch, keyword ?? null, description) : undefined;
  return <Card {...CARDS[register.name](record, t, language, (id) => englishCpvName(state, id))} marks={marks} />;
}
