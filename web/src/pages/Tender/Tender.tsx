/**
 * The tender page: everything a bidder reads before deciding, from the CDB tender object
 * the server prefetched (`data.tender`). Every field is optional; a section whose data is
 * absent is not rendered and not listed in the contents. The output depends only on the
 * data and the language (no clock), so the server and the browser render the same markup.
 */
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { AppLink } from '../../components/AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import type { TFunction } from 'i18next';
import type { PageRoute } from '../../routes/types';
import type { Language } from '../../contract';
import { usePageState } from '../../state';
import { formatDate } from '../../lib/dates';
import { formatNumber } from '../../lib/format';
import { codeLabel } from '../../lib/enums';
import { ExternalLink } from '../../components/ExternalLink/ExternalLink';
import { CONFIG_KEYS, DURATION_KEYS, configWithDefaults, durationKind, type ConfigKey } from './config';
import { timelineOf } from './timeline';
import { addressLine, localized, methodLabel, money, statusLabel, tenderLabel, unitName } from './labels';
import type {
  Award, Bid, Classification, Complaint, Criterion, Document, Feature, Organization, Requirement, Tender as TenderData, Value,
} from './types';

const SECTION_IDS = [
  'timeline', 'lots', 'items', 'features', 'criteria', 'documents', 'questions', 'complaints',
  'bids', 'qualifications', 'awards', 'contracts', 'cancellations', 'monitorings',
] as const;
type SectionId = (typeof SECTION_IDS)[number];

/** The objects of an optional array (the CDB's lists may hold nulls). */
export const list = <T,>(v: T[] | undefined): T[] => (Array.isArray(v) ? v.filter((x) => x && typeof x === 'object') : []);
const safeHref = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : undefined);
const cssCode = (code: string) => code.replace(/[^a-z0-9-]/gi, '-');

export interface Ctx {
  t: TFunction;
  language: Language;
  date: (iso: string | undefined) => string;
  lotTitle: (id: string | undefined) => string;
}

export default function Tender({ route: _route }: { route: PageRoute }) {
  const { data } = usePageState();
  const section = useParams()['*'];
  // A section sub-path (/tenders/{id}/awards) opens the page at that section.
  useEffect(() => {
    const id = section?.split('/')[0];
    if (id && (SECTION_IDS as readonly string[]).concat(['organizer', 'config']).includes(id)) {
      document.getElementById(id)?.scrollIntoView();
    }
  }, [section]);
  const fetched = data.tender;
  if (!fetched || !fetched.ok || !fetched.body || typeof fetched.body !== 'object') return null;
  return <TenderView tender={fetched.body as TenderData} />;
}

/** The whole tender, from a CDB tender object; `notice` goes under the header. */
export function TenderView({ tender, notice }: { tender: TenderData; notice?: ReactNode }) {
  const { t } = useTranslation();
  const { language, data } = usePageState();
  // The State Audit Service's monitorings of this tender (prefetched with the tender page only).
  const monitorings = data.monitorings?.ok ? list((data.monitorings.body as { 'hydra:member'?: MonitoringSummary[] })['hydra:member']) : [];

  const lots = list(tender.lots);
  const lotTitles = new Map(lots.map((l) => [l.id, localized(l, 'title', language)]));
  const ctx: Ctx = {
    t,
    language,
    date: (iso) => formatDate(iso, language, true),
    lotTitle: (id) => (id ? lotTitles.get(id) || id : ''),
  };

  const items = list(tender.items);
  const documents = list(tender.documents);
  const questions = list(tender.questions);
  const complaints = [
    ...list(tender.complaints),
    ...list(tender.awards).flatMap((a) => list(a.complaints)),
    ...list(tender.qualifications).flatMap((q) => list(q.complaints)),
    ...list(tender.cancellations).flatMap((c) => list(c.complaints)),
  ];
  const bids = list(tender.bids);
  const qualifications = list(tender.qualifications);
  const awards = list(tender.awards);
  const contracts = list(tender.contracts);
  const cancellations = list(tender.cancellations);
  const features = list(tender.features);
  const criteria = list(tender.criteria);
  const stages = timelineOf(tender);

  const present: Record<SectionId, boolean> = {
    timeline: stages.length > 0,
    lots: lots.length > 0,
    items: items.length > 0,
    features: features.length > 0,
    criteria: criteria.length > 0,
    documents: documents.length > 0,
    questions: questions.length > 0,
    complaints: complaints.length > 0,
    bids: bids.length > 0,
    qualifications: qualifications.length > 0,
    awards: awards.length > 0,
    contracts: contracts.length > 0,
    cancellations: cancellations.length > 0,
    monitorings: monitorings.length > 0,
  };
  const sections = SECTION_IDS.filter((id) => present[id]);
  const bidders = new Map(bids.map((b) => [b.id, names(b.tenderers, language)]));

  const title = localized(tender, 'title', language) || tender.tenderID || '';

  return (
    <article className="page tender-page" aria-labelledby="tender-title">
      <header className="tender-header">
        <h1 id="tender-title" className="page-title">{title}</h1>
        <p className="tender-badges">
          {tender.tenderID && <span className="tender-id">{tender.tenderID}</span>}
          {tender.status && (
            <span className={`status status-${cssCode(tender.status)}`}>
              <span className="visually-hidden">{t('tender.status')}: </span>
              {statusLabel(t, tender.status)}
            </span>
          )}
          {tender.procurementMethodType && <span className="tender-method">{methodLabel(t, tender.procurementMethodType)}</span>}
        </p>
        {localized(tender, 'description', language) && <p className="tender-description">{localized(tender, 'description', language)}</p>}
        {notice}
      </header>

      {sections.length > 0 && (
        <nav className="tender-toc" aria-labelledby="tender-toc-title">
          <h2 id="tender-toc-title" className="visually-hidden">{t('tender.toc')}</h2>
          <ul>
            {sections.map((id) => (
              <li key={id}><a href={`#${id}`}>{t(`tender.sections.${id}`)}</a></li>
            ))}
          </ul>
        </nav>
      )}

      <Summary tender={tender} ctx={ctx} />
      {tender.procuringEntity && <Organizer org={tender.procuringEntity} ctx={ctx} />}
      <ConfigSection tender={tender} ctx={ctx} />

      {present.timeline && (
        <Section id="timeline" t={t}>
          <ol className="tender-timeline">
            {stages.map((s) => (
              <li key={s.key} className={s.current ? 'is-current' : undefined} aria-current={s.current ? 'step' : undefined}>
                <span className="stage-name">{t(`tender.periods.${s.key}`)}</span>
                {s.current && <span className="stage-current">{t('tender.timeline.current')}</span>}
                <span className="stage-dates">{s.key === 'clarificationsUntil' ? ctx.date(s.end) : periodText(s.start, s.end, ctx)}</span>
              </li>
            ))}
          </ol>
        </Section>
      )}

      {present.lots && (
        <Section id="lots" t={t}>
          <Table head={['title', 'value', 'minimalStep', 'guarantee', 'status', 'auction'].map((c) => (c === 'minimalStep' || c === 'guarantee' ? t(`tender.${c}`) : t(`tender.col.${c}`)))}>
            {lots.map((lot, i) => (
              <tr key={lot.id ?? i}>
                <th scope="row">{localized(lot, 'title', language)}</th>
                <td><Money value={lot.value} ctx={ctx} /></td>
                <td><Money value={lot.minimalStep} ctx={ctx} /></td>
                <td><Money value={lot.guarantee} ctx={ctx} /></td>
                <td>{tenderLabel(t, 'lotStatus', lot.status)}</td>
                <td>{ctx.date(lot.auctionPeriod?.startDate)}</td>
              </tr>
            ))}
          </Table>
        </Section>
      )}

      {present.items && (
        <Section id="items" t={t}>
          <Table head={['description', 'classification', 'quantity', 'delivery', ...(lots.length ? ['lot'] : [])].map((c) => t(`tender.col.${c}`))}>
            {items.map((item, i) => (
              <tr key={item.id ?? i}>
                <th scope="row">{localized(item, 'description', language)}</th>
                <td>
                  <ul className="plain">
                    {[item.classification, ...list(item.additionalClassifications)].filter(Boolean).map((c, j) => (
                      <li key={j}><ClassificationText c={c as Classification} language={language} /></li>
                    ))}
                  </ul>
                </td>
                <td>{typeof item.quantity === 'number' ? `${formatNumber(item.quantity, undefined, language)} ${unitName(t, item.unit, language)}`.trim() : unitName(t, item.unit, language)}</td>
                <td>
                  {addressLine(item.deliveryAddress)}
                  {(item.deliveryDate?.startDate || item.deliveryDate?.endDate) && (
                    <div className="muted">
                      {item.deliveryDate.startDate && item.deliveryDate.endDate
                        ? t('tender.deliveryRange', { start: formatDate(item.deliveryDate.startDate, language), end: formatDate(item.deliveryDate.endDate, language) })
                        : item.deliveryDate.endDate
                          ? t('tender.deliveryUntil', { date: formatDate(item.deliveryDate.endDate, language) })
                          : t('tender.timeline.from', { start: formatDate(item.deliveryDate.startDate, language) })}
                    </div>
                  )}
                </td>
                {lots.length > 0 && <td>{ctx.lotTitle(item.relatedLot)}</td>}
              </tr>
            ))}
          </Table>
        </Section>
      )}

      {present.features && (
        <Section id="features" t={t}>
          {features.map((f, i) => <FeatureBlock key={f.code ?? i} feature={f} ctx={ctx} />)}
        </Section>
      )}

      {present.criteria && (
        <Section id="criteria" t={t}>
          {criteria.map((c, i) => <CriterionBlock key={c.id ?? i} criterion={c} ctx={ctx} />)}
        </Section>
      )}

      {present.documents && (
        <Section id="documents" t={t}>
          <Table head={['title', 'documentType', 'format', 'datePublished'].map((c) => t(`tender.col.${c}`))}>
            {documents.map((d, i) => <DocumentRow key={d.id ? `${d.id}-${i}` : i} doc={d} ctx={ctx} />)}
          </Table>
        </Section>
      )}

      {present.questions && (
        <Section id="questions" t={t}>
          <ol className="tender-cards">
            {questions.map((q, i) => (
              <li key={q.id ?? i} className="tender-card">
                <h3>{q.title}</h3>
                {q.date && <p className="muted">{t('tender.questionAsked', { date: ctx.date(q.date) })}</p>}
                {q.description && <p className="pre">{q.description}</p>}
                {q.answer ? (
                  <div className="tender-answer">
                    <h4>{t('tender.answer')}</h4>
                    {q.dateAnswered && <p className="muted">{t('tender.answered', { date: ctx.date(q.dateAnswered) })}</p>}
                    <p className="pre">{q.answer}</p>
                  </div>
                ) : (
                  <p className="muted">{t('tender.noAnswer')}</p>
                )}
              </li>
            ))}
          </ol>
        </Section>
      )}

      {present.complaints && (
        <Section id="complaints" t={t}>
          <ol className="tender-cards">{complaints.map((c, i) => <ComplaintCard key={c.id ?? i} complaint={c} ctx={ctx} />)}</ol>
        </Section>
      )}

      {present.bids && (
        <Section id="bids" t={t}>
          <Table head={['participant', ...(lots.length ? ['lot'] : []), 'value', 'status', 'date'].map((c) => t(`tender.col.${c}`))}>
            {bids.flatMap((b, i) => bidRows(b, i, lots.length > 0, ctx))}
          </Table>
        </Section>
      )}

      {present.qualifications && (
        <Section id="qualifications" t={t}>
          <Table head={['participant', ...(lots.length ? ['lot'] : []), 'status', 'date'].map((c) => t(`tender.col.${c}`))}>
            {qualifications.map((q, i) => (
              <tr key={q.id ?? i}>
                <th scope="row">{bidders.get(q.bidID) || q.bidID}</th>
                {lots.length > 0 && <td>{ctx.lotTitle(q.lotID)}</td>}
                <td>{tenderLabel(t, 'qualificationStatus', q.status)}</td>
                <td>{ctx.date(q.date)}</td>
              </tr>
            ))}
          </Table>
        </Section>
      )}

      {present.awards && (
        <Section id="awards" t={t}>
          <Table head={['supplier', ...(lots.length ? ['lot'] : []), 'value', 'status', 'date'].map((c) => t(`tender.col.${c}`))}>
            {awards.map((a, i) => <AwardRow key={a.id ?? i} award={a} withLot={lots.length > 0} ctx={ctx} />)}
          </Table>
        </Section>
      )}

      {present.contracts && (
        <Section id="contracts" t={t}>
          <Table head={['contractId', 'suppliers', 'value', 'status', 'dateSigned'].map((c) => t(`tender.col.${c}`))}>
            {contracts.map((c, i) => {
              const suppliers = list(c.suppliers).length ? c.suppliers : awards.find((a) => a.id === c.awardID)?.suppliers;
              return (
                <tr key={c.id ?? i}>
                  <th scope="row">{c.contractID ?? c.id}</th>
                  <td>{names(suppliers, language)}</td>
                  <td><Money value={c.value} ctx={ctx} /></td>
                  <td>{tenderLabel(t, 'contractStatus', c.status)}</td>
                  <td>{ctx.date(c.dateSigned)}</td>
                </tr>
              );
            })}
          </Table>
        </Section>
      )}

      {present.cancellations && (
        <Section id="cancellations" t={t}>
          <Table head={['reason', 'lot', 'status', 'date'].map((c) => t(`tender.col.${c}`))}>
            {cancellations.map((c, i) => (
              <tr key={c.id ?? i}>
                <th scope="row">
                  {c.reasonType && <span className="reason-type">{tenderLabel(t, 'cancellationReason', c.reasonType)}</span>}
                  {c.reason && <span className="pre">{c.reason}</span>}
                </th>
                <td>{c.cancellationOf === 'lot' ? ctx.lotTitle(c.relatedLot) : t('tender.lotAll')}</td>
                <td>{tenderLabel(t, 'cancellationStatus', c.status)}</td>
                <td>{ctx.date(c.date)}</td>
              </tr>
            ))}
          </Table>
        </Section>
      )}

      {present.monitorings && (
        <Section id="monitorings" t={t}>
          <Table head={['monitoringId', 'status', 'reason', 'date'].map((c) => t(`tender.col.${c}`))}>
            {monitorings.map((m, i) => (
              <tr key={m.id ?? i}>
                <th scope="row">
                  <AppLink to={`/tenders/${encodeURIComponent(tender.tenderID ?? tender.id ?? '')}/monitorings/${encodeURIComponent(m.monitoring_id ?? m.id ?? '')}`}>
                    {m.monitoring_id ?? m.id}
                  </AppLink>
                </th>
                <td>{m.status ? codeLabel(t, 'monitoring.status', m.status) : ''}</td>
                <td>{(m.reasons ?? []).map((r) => codeLabel(t, 'monitoring.reason', r)).join(', ')}</td>
                <td>{ctx.date(m.monitoringPeriod?.startDate ?? m.dateCreated)}</td>
              </tr>
            ))}
          </Table>
        </Section>
      )}
    </article>
  );
}

interface MonitoringSummary {
  id?: string;
  monitoring_id?: string;
  status?: string;
  reasons?: string[];
  monitoringPeriod?: { startDate?: string };
  dateCreated?: string;
}

function Section({ id, t, children }: { id: SectionId; t: TFunction; children: ReactNode }) {
  return (
    <section id={id} className="tender-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(`tender.sections.${id}`)}</h2>
      {children}
    </section>
  );
}

/** A data table that scrolls sideways on narrow screens instead of breaking the layout. */
export function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table className="tender-table">
        <thead>
          <tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function Money({ value, ctx }: { value: Value | undefined; ctx: Ctx }) {
  const amount = money(value, ctx.language);
  if (!amount) return null;
  return (
    <>
      <span className="money">{amount}</span>
      {typeof value?.valueAddedTaxIncluded === 'boolean' && (
        <span className="vat"> {ctx.t(value.valueAddedTaxIncluded ? 'tender.vatIncluded' : 'tender.vatExcluded')}</span>
      )}
    </>
  );
}

function names(orgs: Organization[] | undefined, language: Language): string {
  return list(orgs).map((o) => localized(o, 'name', language) || o.identifier?.legalName || '').filter(Boolean).join('; ');
}

export function periodText(start: string | undefined, end: string | undefined, ctx: Ctx): string {
  if (start && end && start !== end) return ctx.t('tender.timeline.range', { start: ctx.date(start), end: ctx.date(end) });
  if (start && end) return ctx.date(start);
  if (start) return ctx.t('tender.timeline.from', { start: ctx.date(start) });
  return end ? ctx.t('tender.timeline.until', { end: ctx.date(end) }) : '';
}

function Summary({ tender, ctx }: { tender: TenderData; ctx: Ctx }) {
  const { t } = ctx;
  const rows: Array<[string, ReactNode]> = [];
  if (tender.tenderID) rows.push([t('tender.tenderId'), tender.tenderID]);
  if (tender.procurementMethodType) rows.push([t('tender.method'), methodLabel(t, tender.procurementMethodType)]);
  if (tender.mainProcurementCategory) rows.push([t('tender.category'), tenderLabel(t, 'categories', tender.mainProcurementCategory)]);
  if (money(tender.value, ctx.language)) rows.push([t('tender.value'), <Money value={tender.value} ctx={ctx} />]);
  if (money(tender.guarantee, ctx.language)) rows.push([t('tender.guarantee'), <Money value={tender.guarantee} ctx={ctx} />]);
  if (money(tender.minimalStep, ctx.language)) rows.push([t('tender.minimalStep'), <Money value={tender.minimalStep} ctx={ctx} />]);
  if (!rows.length) return null;
  return (
    <section className="tender-section" aria-labelledby="summary-title">
      <h2 id="summary-title" className="visually-hidden">{t('tender.summary')}</h2>
      <dl className="tender-facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Organizer({ org, ctx }: { org: Organization; ctx: Ctx }) {
  const { t, language } = ctx;
  const id = org.identifier;
  const cp = org.contactPoint;
  const website = safeHref(cp?.url);
  return (
    <section id="organizer" className="tender-section" aria-labelledby="organizer-title">
      <h2 id="organizer-title">{t('tender.organizer')}</h2>
      <p className="organizer-name">{localized(org, 'name', language) || id?.legalName}</p>
      <dl className="tender-facts">
        {id?.id && (
          <div>
            <dt>{t('tender.identifier')}</dt>
            <dd>{[id.scheme, id.id].filter(Boolean).join(' ')}</dd>
          </div>
        )}
        {addressLine(org.address) && (
          <div>
            <dt>{t('tender.address')}</dt>
            <dd>{addressLine(org.address)}</dd>
          </div>
        )}
        {localized(cp, 'name', language) && (
          <div>
            <dt>{t('tender.contactPoint')}</dt>
            <dd>{localized(cp, 'name', language)}</dd>
          </div>
        )}
        {cp?.email && (
          <div>
            <dt>{t('tender.email')}</dt>
            <dd><a href={`mailto:${cp.email}`}>{cp.email}</a></dd>
          </div>
        )}
        {cp?.telephone && (
          <div>
            <dt>{t('tender.telephone')}</dt>
            <dd><a href={`tel:${cp.telephone.replace(/[^\d+]/g, '')}`}>{cp.telephone}</a></dd>
          </div>
        )}
        {website && (
          <div>
            <dt>{t('tender.website')}</dt>
            <dd><ExternalLink href={website}>{website}</ExternalLink></dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function configValue(key: ConfigKey, value: boolean | number, method: string | undefined, t: TFunction): string {
  if (typeof value === 'boolean') return t(value ? 'tender.config.yes' : 'tender.config.no');
  if (DURATION_KEYS.has(key)) {
    if (value === 0) return t('tender.config.none');
    return t(durationKind(method, key) === 'working' ? 'tender.config.workingDays' : 'tender.config.calendarDays', { count: value });
  }
  return String(value);
}

function ConfigSection({ tender, ctx }: { tender: TenderData; ctx: Ctx }) {
  const { t } = ctx;
  const method = tender.procurementMethodType;
  const values = configWithDefaults(method, tender.config);
  const own = tender.config && typeof tender.config === 'object' ? tender.config : {};
  const keys = CONFIG_KEYS.filter((k) => values[k] !== undefined);
  if (!keys.length) return null;
  const defaulted = keys.filter((k) => !(k in own));
  return (
    <section id="config" className="tender-section" aria-labelledby="config-title">
      <h2 id="config-title">{t('tender.config.heading')}</h2>
      {defaulted.length > 0 && <p className="muted">{t('tender.config.defaultsNote')}</p>}
      <dl className="tender-facts tender-config">
        {keys.map((k) => (
          <div key={k}>
            <dt>{t(`tender.config.params.${k}`)}</dt>
            <dd>
              {configValue(k, values[k] as boolean | number, method, t)}
              {!(k in own) && <span className="muted"> {t('tender.config.defaultMark')}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ClassificationText({ c, language }: { c: Classification; language: Language }) {
  const text = localized(c, 'description', language);
  return (
    <>
      {c.scheme && <span className="muted">{c.scheme} </span>}
      {c.id && <span className="code">{c.id}</span>}
      {text && ` ${text}`}
    </>
  );
}

export function DocumentRow({ doc, ctx }: { doc: Document; ctx: Ctx }) {
  const title = localized(doc, 'title', ctx.language) || doc.id || '';
  const href = safeHref(doc.url);
  return (
    <tr>
      <th scope="row">{href ? <ExternalLink href={href}>{title}</ExternalLink> : title}</th>
      <td>{tenderLabel(ctx.t, 'documentType', doc.documentType)}</td>
      <td className="code">{doc.format}</td>
      <td>{ctx.date(doc.datePublished)}</td>
    </tr>
  );
}

function ComplaintCard({ complaint: c, ctx }: { complaint: Complaint; ctx: Ctx }) {
  const { t } = ctx;
  return (
    <li className="tender-card">
      <h3>{c.title || c.complaintID || tenderLabel(t, 'complaintType', c.type)}</h3>
      <p className="tender-badges">
        {c.type && <span>{tenderLabel(t, 'complaintType', c.type)}</span>}
        {c.status && <span className={`status status-${cssCode(c.status)}`}>{tenderLabel(t, 'complaintStatus', c.status)}</span>}
        {(c.dateSubmitted || c.date) && <span className="muted">{ctx.date(c.dateSubmitted || c.date)}</span>}
      </p>
      {c.description && <p className="pre">{c.description}</p>}
      {c.resolution && (
        <div className="tender-answer">
          <h4>{t('tender.resolution')}</h4>
          <p className="pre">{c.resolution}</p>
        </div>
      )}
    </li>
  );
}

function bidRows(b: Bid, index: number, withLot: boolean, ctx: Ctx): ReactNode[] {
  const who = names(b.tenderers, ctx.language);
  const lotValues = list(b.lotValues);
  const rows = lotValues.length ? lotValues.map((lv) => ({ lot: lv.relatedLot, value: lv.value, status: lv.status ?? b.status, date: lv.date ?? b.date })) : [{ lot: undefined, value: b.value, status: b.status, date: b.date }];
  return rows.map((r, i) => (
    <tr key={`${b.id ?? index}-${i}`}>
      <th scope="row">{who}</th>
      {withLot && <td>{ctx.lotTitle(r.lot)}</td>}
      <td><Money value={r.value} ctx={ctx} /></td>
      <td>{tenderLabel(ctx.t, 'bidStatus', r.status)}</td>
      <td>{ctx.date(r.date)}</td>
    </tr>
  ));
}

function AwardRow({ award: a, withLot, ctx }: { award: Award; withLot: boolean; ctx: Ctx }) {
  const suppliers = list(a.suppliers);
  return (
    <tr>
      <th scope="row">
        {suppliers.map((s, i) => (
          <span key={i} className="supplier">
            {localized(s, 'name', ctx.language) || s.identifier?.legalName}
            {s.identifier?.id && <span className="muted"> {[s.identifier.scheme, s.identifier.id].filter(Boolean).join(' ')}</span>}
          </span>
        ))}
      </th>
      {withLot && <td>{ctx.lotTitle(a.lotID)}</td>}
      <td><Money value={a.value} ctx={ctx} /></td>
      <td>{tenderLabel(ctx.t, 'awardStatus', a.status)}</td>
      <td>{ctx.date(a.date)}</td>
    </tr>
  );
}

function FeatureBlock({ feature: f, ctx }: { feature: Feature; ctx: Ctx }) {
  const { t } = ctx;
  const options = list(f.enum);
  return (
    <div className="tender-card">
      <h3>{localized(f, 'title', ctx.language)}</h3>
      {f.featureOf && <p className="muted">{t('tender.col.featureOf')}: {tenderLabel(t, 'featureOf', f.featureOf)}</p>}
      {f.description && f.description !== f.title && <p>{f.description}</p>}
      {options.length > 0 && (
        <Table head={[t('tender.col.options'), t('tender.col.value')]}>
          {options.map((o, i) => (
            <tr key={i}>
              <th scope="row">{o.title}</th>
              <td>{typeof o.value === 'number' ? t('tender.featureValue', { value: formatNumber(o.value * 100, undefined, ctx.language) }) : ''}</td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}

function requirementValue(r: Requirement, ctx: Ctx): string {
  const show = (v: unknown) =>
    typeof v === 'number' ? formatNumber(v, undefined, ctx.language) : typeof v === 'boolean' ? ctx.t(v ? 'tender.config.yes' : 'tender.config.no') : String(v);
  const unit = unitName(ctx.t, r.unit, ctx.language);
  const withUnit = (v: unknown) => (unit && typeof v === 'number' ? `${show(v)} ${unit}` : show(v));
  const parts: string[] = [];
  if (r.expectedValue !== undefined && r.expectedValue !== null) parts.push(`${ctx.t('tender.criterion.expected')}: ${withUnit(r.expectedValue)}`);
  if (Array.isArray(r.expectedValues) && r.expectedValues.length) parts.push(`${ctx.t('tender.criterion.expected')}: ${r.expectedValues.map(show).join(', ')}`);
  if (r.minValue !== undefined && r.minValue !== null) parts.push(`${ctx.t('tender.criterion.min')}: ${withUnit(r.minValue)}`);
  if (r.maxValue !== undefined && r.maxValue !== null) parts.push(`${ctx.t('tender.criterion.max')}: ${withUnit(r.maxValue)}`);
  return parts.join('; ');
}

function CriterionBlock({ criterion: c, ctx }: { criterion: Criterion; ctx: Ctx }) {
  const { t } = ctx;
  const groups = list(c.requirementGroups);
  return (
    <details className="tender-card criterion">
      <summary>
        <h3>{localized(c, 'title', ctx.language)}</h3>
      </summary>
      {c.description && <p>{c.description}</p>}
      {c.source && <p className="muted">{t('tender.criterion.source')}: {tenderLabel(t, 'criterion.sources', c.source)}</p>}
      {groups.map((g, i) => (
        <div key={g.id ?? i} className="requirement-group">
          {(g.description || groups.length > 1) && <h4>{g.description || `${t('tender.criterion.group')} ${i + 1}`}</h4>}
          <ul>
            {list(g.requirements).map((r, j) => {
              const value = requirementValue(r, ctx);
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
