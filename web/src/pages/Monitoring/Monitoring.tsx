/**
 * The monitoring view (`/tenders/{tenderId}/monitorings/{id}/*`): a State Audit
 * Service monitoring of a tender, from the monitoring API object the server
 * prefetched (`data.monitoring`, and `data.tender` for the tender's title). It reads
 * top to bottom in the order a monitoring happens: decision to start, the dialogue
 * between auditor and buyer, the conclusion, the buyer's report on eliminating the
 * violations and the auditor's resolution, an appeal, a stop or cancellation.
 */
import type { ReactNode } from 'react';
import { AppLink } from '../../components/AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import type { TFunction } from 'i18next';
import type { PageRoute } from '../../routes/types';
import { usePageState } from '../../state';
import { formatDate } from '../../lib/dates';
import { codeLabel } from '../../lib/enums';
import { DocumentRow, Table, list, periodText, type Ctx } from '../Tender/Tender';
import { addressLine } from '../Tender/labels';
import type { Document, Organization } from '../Tender/types';
import type { Monitoring as MonitoringData, MonitoringPost } from './types';

const label = (t: TFunction, group: string, code: string | undefined) => (code ? codeLabel(t, `monitoring.${group}`, code) : '');

export default function Monitoring({ route: _route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const { data, language } = usePageState();
  const fetched = data.monitoring;
  if (!fetched?.ok || !fetched.body || typeof fetched.body !== 'object') return null;
  const m = fetched.body as MonitoringData;
  const tender = data.tender?.ok ? (data.tender.body as { tenderID?: string; title?: string; title_en?: string }) : null;
  const tenderID = tender?.tenderID ?? m.tenderID ?? m.tender_id ?? '';
  const tenderTitle = (language === 'en' && tender?.title_en) || tender?.title || tenderID;
  const ctx: Ctx = { t, language, date: (iso) => formatDate(iso, language, true), lotTitle: (id) => id ?? '' };

  const auditors = list(m.parties).filter((p) => Array.isArray(p.roles) && p.roles.includes('sas'));
  const posts = list(m.posts);
  const questions = posts.filter((p) => !p.relatedPost);
  const answersTo = (id: string | undefined) => posts.filter((p) => id && p.relatedPost === id);
  const conclusion = m.conclusion;

  return (
    <article className="page tender-page monitoring-page" aria-labelledby="monitoring-title">
      <header className="tender-header">
        <p className="breadcrumbs">
          <AppLink to={`/tenders/${encodeURIComponent(tenderID)}`}>{tenderTitle}</AppLink>
        </p>
        <h1 id="monitoring-title" className="page-title">{t('monitoring.heading', { id: m.monitoring_id ?? m.id })}</h1>
        <p className="tender-badges">
          <span className="tender-id">{m.monitoring_id ?? m.id}</span>
          {m.status && <span className={`status status-${m.status}`}>{label(t, 'status', m.status)}</span>}
          <span>{t('monitoring.ofTender')} <AppLink to={`/tenders/${encodeURIComponent(tenderID)}`} className="tender-id">{tenderID}</AppLink></span>
        </p>
      </header>

      <section className="tender-section" aria-labelledby="monitoring-facts-title">
        <h2 id="monitoring-facts-title" className="visually-hidden">{t('monitoring.facts')}</h2>
        <dl className="tender-facts">
          {(m.reasons ?? []).length > 0 && (
            <div>
              <dt>{t('monitoring.reasons')}</dt>
              <dd>{(m.reasons ?? []).map((r) => label(t, 'reason', r)).join(', ')}</dd>
            </div>
          )}
          {(m.procuringStages ?? []).length > 0 && (
            <div>
              <dt>{t('monitoring.stages')}</dt>
              <dd>{(m.procuringStages ?? []).map((s) => label(t, 'stage', s)).join(', ')}</dd>
            </div>
          )}
          {m.monitoringPeriod && (
            <div>
              <dt>{t('monitoring.period')}</dt>
              <dd>{periodText(m.monitoringPeriod.startDate, m.monitoringPeriod.endDate, ctx)}</dd>
            </div>
          )}
          {m.eliminationPeriod && (
            <div>
              <dt>{t('monitoring.eliminationPeriod')}</dt>
              <dd>{periodText(m.eliminationPeriod.startDate, m.eliminationPeriod.endDate, ctx)}</dd>
            </div>
          )}
          {m.endDate && (
            <div>
              <dt>{t('monitoring.endDate')}</dt>
              <dd>{ctx.date(m.endDate)}</dd>
            </div>
          )}
          {m.dateModified && (
            <div>
              <dt>{t('monitoring.dateModified')}</dt>
              <dd>{ctx.date(m.dateModified)}</dd>
            </div>
          )}
        </dl>
      </section>

      {auditors.length > 0 && (
        <Block id="auditor" title={t('monitoring.auditor')}>
          {auditors.map((p, i) => <Party key={p.id ?? i} party={p} t={t} />)}
        </Block>
      )}

      {m.decision && (
        <Block id="decision" title={t('monitoring.decision')}>
          <Dated date={m.decision.datePublished ?? m.decision.date} ctx={ctx} />
          {m.decision.description && <p className="pre">{m.decision.description}</p>}
          <Documents docs={m.decision.documents} ctx={ctx} />
        </Block>
      )}

      {questions.length > 0 && (
        <Block id="dialogue" title={t('monitoring.dialogue')}>
          <ol className="tender-cards">
            {questions.map((q, i) => (
              <li key={q.id ?? i} className="tender-card">
                <Post post={q} ctx={ctx} />
                {answersTo(q.id).map((a, j) => (
                  <div key={a.id ?? j} className="tender-answer">
                    <Post post={a} ctx={ctx} />
                  </div>
                ))}
              </li>
            ))}
          </ol>
        </Block>
      )}

      {conclusion && (
        <Block id="conclusion" title={t('monitoring.conclusion')}>
          <Dated date={conclusion.datePublished ?? conclusion.date} ctx={ctx} />
          <p>
            <strong>{t(conclusion.violationOccurred ? 'monitoring.violationFound' : 'monitoring.noViolation')}</strong>
          </p>
          {(conclusion.violationType ?? []).length > 0 && (
            <ul>
              {(conclusion.violationType ?? []).map((v) => <li key={v}>{label(t, 'violation', v)}</li>)}
            </ul>
          )}
          {conclusion.otherViolationType && <p className="pre">{conclusion.otherViolationType}</p>}
          {conclusion.auditFinding && (
            <>
              <h3>{t('monitoring.auditFinding')}</h3>
              <p className="pre">{conclusion.auditFinding}</p>
            </>
          )}
          {conclusion.stringsAttached && (
            <>
              <h3>{t('monitoring.stringsAttached')}</h3>
              <p className="pre">{conclusion.stringsAttached}</p>
            </>
          )}
          {conclusion.description && <p className="pre">{conclusion.description}</p>}
          <Documents docs={conclusion.documents} ctx={ctx} />
        </Block>
      )}

      {m.eliminationReport && (
        <Block id="elimination-report" title={t('monitoring.eliminationReport')}>
          <Dated date={m.eliminationReport.datePublished ?? m.eliminationReport.dateCreated} ctx={ctx} />
          {m.eliminationReport.description && <p className="pre">{m.eliminationReport.description}</p>}
          <Documents docs={m.eliminationReport.documents} ctx={ctx} />
        </Block>
      )}

      {m.eliminationResolution && (
        <Block id="elimination-resolution" title={t('monitoring.eliminationResolution')}>
          <Dated date={m.eliminationResolution.datePublished ?? m.eliminationResolution.dateCreated} ctx={ctx} />
          {m.eliminationResolution.result && <p><strong>{label(t, 'result', m.eliminationResolution.result)}</strong></p>}
          {m.eliminationResolution.resultByType && Object.keys(m.eliminationResolution.resultByType).length > 0 && (
            <ul>
              {Object.entries(m.eliminationResolution.resultByType).map(([type, result]) => (
                <li key={type}>{label(t, 'violation', type)}: {label(t, 'result', result)}</li>
              ))}
            </ul>
          )}
          {m.eliminationResolution.description && <p className="pre">{m.eliminationResolution.description}</p>}
          <Documents docs={m.eliminationResolution.documents} ctx={ctx} />
        </Block>
      )}

      {m.appeal && (
        <Block id="appeal" title={t('monitoring.appeal')}>
          <Dated date={m.appeal.datePublished ?? m.appeal.dateCreated} ctx={ctx} />
          {m.appeal.description && <p className="pre">{m.appeal.description}</p>}
          {m.appeal.proceeding?.dateProceedings && (
            <p>{t('monitoring.proceeding', { number: m.appeal.proceeding.proceedingNumber ?? '', date: ctx.date(m.appeal.proceeding.dateProceedings) })}</p>
          )}
          <Documents docs={m.appeal.documents} ctx={ctx} />
        </Block>
      )}

      {m.cancellation && (
        <Block id="cancellation" title={t(m.status === 'stopped' ? 'monitoring.stopped' : 'monitoring.cancelled')}>
          <Dated date={m.cancellation.datePublished ?? m.cancellation.date} ctx={ctx} />
          {m.cancellation.description && <p className="pre">{m.cancellation.description}</p>}
          <Documents docs={m.cancellation.documents} ctx={ctx} />
        </Block>
      )}
    </article>
  );
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="tender-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function Dated({ date, ctx }: { date: string | undefined; ctx: Ctx }) {
  return date ? <p className="muted">{ctx.date(date)}</p> : null;
}

function Documents({ docs, ctx }: { docs: Document[] | undefined; ctx: Ctx }) {
  const all = list(docs);
  if (!all.length) return null;
  return (
    <Table head={['title', 'documentType', 'format', 'datePublished'].map((c) => ctx.t(`tender.col.${c}`))}>
      {all.map((d, i) => <DocumentRow key={d.id ? `${d.id}-${i}` : i} doc={d} ctx={ctx} />)}
    </Table>
  );
}

function Post({ post, ctx }: { post: MonitoringPost; ctx: Ctx }) {
  const { t } = ctx;
  return (
    <>
      <h3>{post.title || t('monitoring.post')}</h3>
      <p className="tender-badges">
        {post.author && <span>{label(t, 'author', post.author)}</span>}
        {post.datePublished && <span className="muted">{ctx.date(post.datePublished)}</span>}
      </p>
      {post.description && <p className="pre">{post.description}</p>}
      <Documents docs={post.documents} ctx={ctx} />
    </>
  );
}

function Party({ party, t }: { party: Organization & { roles?: string[] }; t: TFunction }) {
  const contact = party.contactPoint;
  return (
    <dl className="tender-facts">
      <div>
        <dt>{t('monitoring.auditorName')}</dt>
        <dd>{party.name || party.identifier?.legalName}</dd>
      </div>
      {party.identifier?.id && (
        <div>
          <dt>{t('tender.identifier')}</dt>
          <dd className="code">{party.identifier.id}</dd>
        </div>
      )}
      {addressLine(party.address) && (
        <div>
          <dt>{t('tender.address')}</dt>
          <dd>{addressLine(party.address)}</dd>
        </div>
      )}
      {contact?.name && (
        <div>
          <dt>{t('tender.contactPoint')}</dt>
          <dd>
            {contact.name}
            {contact.telephone && <>, <a href={`tel:${contact.telephone.replace(/[^\d+]/g, '')}`}>{contact.telephone}</a></>}
            {contact.email && <>, <a href={`mailto:${contact.email}`}>{contact.email}</a></>}
          </dd>
        </div>
      )}
    </dl>
  );
}
