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
import { Documents } from '../../components/Documents/Documents';
import { Facts } from '../../components/Facts/Facts';
import { Section } from '../../components/Section/Section';
import { useTranslation } from '../../i18n/react';
import type { TFunction } from 'i18next';
import type { PageRoute } from '../../lib/routeModule';
import { usePageState } from '../../state';
import { dataOf } from '../../lib/data';
import { codeLabel } from '../../lib/enums';
import { addressLine, formatter, list, periodText, type Document, type Formatter, type Organization, type Period } from '../../records/parts';
import { tenderPath } from '../Tender/path';
import type { Monitoring as MonitoringData, MonitoringPost } from './types';

// The page's head comes with its chunk (`PageChunk`).
export { jsonLd, meta } from './meta';

const label = (t: TFunction, group: string, code: string | undefined) => (code ? codeLabel(t, `monitoring.${group}`, code) : '');

export default function Monitoring({ route: _route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const state = usePageState();
  const { language } = state;
  const m = dataOf<MonitoringData>(state, 'monitoring');
  if (!m) return null;
  const tender = dataOf<{ tenderID?: string; title?: string; title_en?: string }>(state, 'tender');
  const tenderID = tender?.tenderID ?? m.tenderID ?? m.tender_id ?? '';
  const tenderTitle = (language === 'en' && tender?.title_en) || tender?.title || tenderID;
  const format = formatter(t, language);

  const auditors = list(m.parties).filter((p) => Array.isArray(p.roles) && p.roles.includes('sas'));
  const posts = list(m.posts);
  const questions = posts.filter((p) => !p.relatedPost);
  const answersTo = (id: string | undefined) => posts.filter((p) => id && p.relatedPost === id);
  const conclusion = m.conclusion;
  const period = (p: Period | undefined) => p && periodText(p.startDate, p.endDate, format);

  return (
    <article className="page tender-page monitoring-page" aria-labelledby="monitoring-title">
      <header className="tender-header">
        <p className="breadcrumbs">
          <AppLink to={tenderPath(tenderID)}>{tenderTitle}</AppLink>
        </p>
        <h1 id="monitoring-title" className="page-title">{t('monitoring.heading', { id: m.monitoring_id ?? m.id })}</h1>
        <p className="tender-badges">
          <span className="tender-id">{m.monitoring_id ?? m.id}</span>
          {m.status && <span className={`status status-${m.status}`}>{label(t, 'status', m.status)}</span>}
          <span>{t('monitoring.ofTender')} <AppLink to={tenderPath(tenderID)} className="tender-id">{tenderID}</AppLink></span>
        </p>
      </header>

      <Section id="monitoring-facts" title={t('monitoring.facts')} hiddenTitle>
        <Facts
          rows={[
            [t('monitoring.reasons'), (m.reasons ?? []).map((r) => label(t, 'reason', r)).join(', ')],
            [t('monitoring.stages'), (m.procuringStages ?? []).map((s) => label(t, 'stage', s)).join(', ')],
            [t('monitoring.period'), period(m.monitoringPeriod)],
            [t('monitoring.eliminationPeriod'), period(m.eliminationPeriod)],
            [t('monitoring.endDate'), format.date(m.endDate)],
            [t('monitoring.dateModified'), format.date(m.dateModified)],
          ]}
        />
      </Section>

      {auditors.length > 0 && (
        <Section id="auditor" title={t('monitoring.auditor')}>
          {auditors.map((p, i) => <Party key={p.id ?? i} party={p} t={t} />)}
        </Section>
      )}

      {m.decision && (
        <Stage id="decision" title={t('monitoring.decision')} date={m.decision.datePublished ?? m.decision.date} description={m.decision.description} docs={m.decision.documents} format={format} />
      )}

      {questions.length > 0 && (
        <Section id="dialogue" title={t('monitoring.dialogue')}>
          <ol className="tender-cards">
            {questions.map((q, i) => (
              <li key={q.id ?? i} className="tender-card">
                <Post post={q} format={format} />
                {answersTo(q.id).map((a, j) => (
                  <div key={a.id ?? j} className="tender-answer">
                    <Post post={a} format={format} />
                  </div>
                ))}
              </li>
            ))}
          </ol>
        </Section>
      )}

      {conclusion && (
        <Stage id="conclusion" title={t('monitoring.conclusion')} date={conclusion.datePublished ?? conclusion.date} description={conclusion.description} docs={conclusion.documents} format={format}>
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
        </Stage>
      )}

      {m.eliminationReport && (
        <Stage id="elimination-report" title={t('monitoring.eliminationReport')} date={m.eliminationReport.datePublished ?? m.eliminationReport.dateCreated} description={m.eliminationReport.description} docs={m.eliminationReport.documents} format={format} />
      )}

      {m.eliminationResolution && (
        <Stage id="elimination-resolution" title={t('monitoring.eliminationResolution')} date={m.eliminationResolution.datePublished ?? m.eliminationResolution.dateCreated} description={m.eliminationResolution.description} docs={m.eliminationResolution.documents} format={format}>
          {m.eliminationResolution.result && <p><strong>{label(t, 'result', m.eliminationResolution.result)}</strong></p>}
          {m.eliminationResolution.resultByType && Object.keys(m.eliminationResolution.resultByType).length > 0 && (
            <ul>
              {Object.entries(m.eliminationResolution.resultByType).map(([type, result]) => (
                <li key={type}>{label(t, 'violation', type)}: {label(t, 'result', result)}</li>
              ))}
            </ul>
          )}
        </Stage>
      )}

      {m.appeal && (
        // The court proceeding follows the appeal's text: both are the stage's own content.
        <Stage id="appeal" title={t('monitoring.appeal')} date={m.appeal.datePublished ?? m.appeal.dateCreated} docs={m.appeal.documents} format={format}>
          {m.appeal.description && <p className="pre">{m.appeal.description}</p>}
          {m.appeal.proceeding?.dateProceedings && (
            <p>{t('monitoring.proceeding', { number: m.appeal.proceeding.proceedingNumber ?? '', date: format.date(m.appeal.proceeding.dateProceedings) })}</p>
          )}
        </Stage>
      )}

      {m.cancellation && (
        <Stage id="cancellation" title={t(m.status === 'stopped' ? 'monitoring.stopped' : 'monitoring.cancelled')} date={m.cancellation.datePublished ?? m.cancellation.date} description={m.cancellation.description} docs={m.cancellation.documents} format={format} />
      )}
    </article>
  );
}

interface StageProps {
  id: string;
  title: string;
  date: string | undefined;
  description?: string;
  docs: Document[] | undefined;
  format: Formatter;
  /** What the stage states besides its text, shown between its date and its text. */
  children?: ReactNode;
}

/** One step of the monitoring (decision, conclusion, report...): its date, content, text and documents. */
function Stage({ id, title, date, description, docs, format, children }: StageProps) {
  return (
    <Section id={id} title={title}>
      {date && <p className="muted">{format.date(date)}</p>}
      {children}
      {description && <p className="pre">{description}</p>}
      <Documents docs={docs} format={format} />
    </Section>
  );
}

function Post({ post, format }: { post: MonitoringPost; format: Formatter }) {
  const { t } = format;
  return (
    <>
      <h3>{post.title || t('monitoring.post')}</h3>
      <p className="tender-badges">
        {post.author && <span>{label(t, 'author', post.author)}</span>}
        {post.datePublished && <span className="muted">{format.date(post.datePublished)}</span>}
      </p>
      {post.description && <p className="pre">{post.description}</p>}
      <Documents docs={post.documents} format={format} />
    </>
  );
}

function Party({ party, t }: { party: Organization & { roles?: string[] }; t: TFunction }) {
  const contact = party.contactPoint;
  return (
    <Facts
      rows={[
        [t('monitoring.auditorName'), party.name || party.identifier?.legalName],
        [t('party.identifier'), party.identifier?.id, 'code'],
        [t('party.address'), addressLine(party.address)],
        [
          t('party.contactPoint'),
          contact?.name && (
            <>
              {contact.name}
              {contact.telephone && <>, <a href={`tel:${contact.telephone.replace(/[^\d+]/g, '')}`}>{contact.telephone}</a></>}
              {contact.email && <>, <a href={`mailto:${contact.email}`}>{contact.email}</a></>}
            </>
          ),
        ],
      ]}
    />
  );
}
