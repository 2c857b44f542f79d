/**
 * The whole tender under its header, section by section: the view the tender page
 * (`Tender.tsx`) and the external tender's (`pages/ExternalTender`) share, from a CDB
 * tender object. Every field is optional; a section whose data is absent is not rendered
 * and not listed in the contents. The output depends only on the data, the language and
 * the page's moment (`lib/clock.ts`: the server's while rendering and hydrating), so the
 * server and the browser render the same markup; after hydration the deadlines and the
 * timeline's countdown follow the browser's clock.
 * Each section is a file of `sections/`; this one puts them in order under the header:
 * what a bidder decides on first (status, deadline, value, buyer, then the stages and the
 * documents), the procedure's parameters last and folded (issue 29: their 19 rows stood
 * between the buyer and the documents, a long scroll on a phone).
 * A file apart from the page's own: what only the tender page has (following, the
 * history, the head's links) stays out of the external view's first load.
 */
import { RecordFreshness } from '../../components/Freshness/RecordFreshness';
import { Suspense, lazy, type ReactNode } from 'react';
import { Contents } from '../../components/Contents/Contents';
import { Documents } from '../../components/Documents/Documents';
import { ExternalLink } from '../../components/ExternalLink/ExternalLink';
import { Section } from '../../components/Section/Section';
import { Status } from '../../components/Status/Status';
import { Unavailable } from '../../components/Unavailable/Unavailable';
import { useTranslation } from '../../i18n/react';
import { dataOf, type DataSource } from '../../lib/data';
import { methodLabel } from '../../lib/enums';
import { formatter, list, localized } from '../../records/parts';
import { membersOf } from '../../records/collection';
import { assessmentOf } from '../../records/redFlags';
import { usePageState } from '../../state';
import type { TenderFormatter } from './formatter';
import { statusLabel } from './labels';
import { Complaints, complaintsOf } from './sections/Complaints';
import { Config as ConfigOnServer } from './sections/Config.server';
import { Items } from './sections/Items';
import { Lots } from './sections/Lots';
import { Monitorings, monitoringsOf } from './sections/Monitorings';
import { Organizer } from './sections/Organizer';
import { RedFlags as RedFlagsOnServer } from './sections/RedFlags.server';
import * as OnServer from './sections/deferred.server';
import { Summary } from './sections/Summary';
import { Timeline } from './sections/Timeline';
import { timelineOf } from './timeline';
import { tenderOcdsUrl } from '../../lib/machineUrls';
import type { Contract, Tender as TenderData } from '../../records/tender';

// The procedure parameters (folded, last on the page) and their defaults' table come as a
// chunk of their own in the browser: the server renders them in place.
const Config = __SERVER__ ? ConfigOnServer : lazy(() => import('./sections/Config'));
// The red flags too: the server renders them in place, and hydration keeps its markup until the chunk is in.
const RedFlags = __SERVER__ ? RedFlagsOnServer : lazy(() => import('./sections/RedFlags'));
// The sections further down: one chunk, asked for at once, each hydrated in its own task.
const deferred = __SERVER__ ? null : import('./sections/deferred');
type Sections = Omit<typeof import('./sections/deferred'), 'default'>;
function later<K extends keyof Sections>(name: K): Sections[K] {
  return __SERVER__ ? (OnServer as Sections)[name] : (lazy(() => deferred!.then((m) => ({ default: m[name] as never }))) as unknown as Sections[K]);
}
const Awards = later('Awards');
const Bids = later('Bids');
const Cancellations = later('Cancellations');
const Contracts = later('Contracts');
const Criteria = later('Criteria');
const Features = later('Features');
const Qualifications = later('Qualifications');
const Questions = later('Questions');
const PriceBenchmark = later('PriceBenchmark');
/** A deferred section's boundary: the server's markup stays until its chunk is in. */
const inPart = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

/** The sections listed in the contents, in the order of the page. */
export const SECTION_IDS = [
  'timeline', 'documents', 'lots', 'items', 'features', 'criteria', 'questions', 'complaints',
  'bids', 'qualifications', 'awards', 'contracts', 'redFlags', 'cancellations', 'monitorings', 'history',
] as const;
type SectionId = (typeof SECTION_IDS)[number];

/** The members of another register's answer about this tender (none when it failed). */
const registered = <T,>(state: DataSource, key: string): T[] => membersOf<T>(dataOf<unknown>(state, key));

/** The contract register's contracts of the tender (linked to their pages), then the tender's own that the register lacks. */
function contractsOf(registered: Contract[], own: Contract[]): Array<Contract & { registered?: boolean }> {
  const ids = new Set(registered.map((c) => c.id));
  return [...registered.map((c) => ({ ...c, registered: true })), ...own.filter((c) => !ids.has(c.id))];
}

/**
 * The whole tender, from a CDB tender object; `notice` goes under the header, `follow`
 * in it, and `history` is the section of the changes.
 */
export function TenderView({ tender, notice, follow, history, ocds = false }: {
  tender: TenderData;
  notice?: ReactNode;
  follow?: ReactNode;
  history?: ReactNode;
  /** Whether the record is this platform's, with its OCDS JSON to link (not an external tender). */
  ocds?: boolean;
}) {
  const { t } = useTranslation();
  const state = usePageState();
  const { language, config } = state;

  const lots = list(tender.lots);
  const lotTitles = new Map(lots.map((l) => [l.id, localized(l, 'title', language)]));
  const format: TenderFormatter = { ...formatter(t, language), lotTitle: (id) => (id ? lotTitles.get(id) || id : '') };
  const withLot = lots.length > 0;

  const items = list(tender.items);
  const documents = list(tender.documents);
  const questions = list(tender.questions);
  const complaints = complaintsOf(tender);
  const bids = list(tender.bids);
  const qualifications = list(tender.qualifications);
  const awards = list(tender.awards);
  const contracts = contractsOf(registered<Contract>(state, 'contracts'), list(tender.contracts));
  const plans = registered<{ planID?: string; id?: string }>(state, 'plans');
  const cancellations = list(tender.cancellations);
  const features = list(tender.features);
  const criteria = list(tender.criteria);
  const stages = timelineOf(tender);
  // Fetched with the tender page only (null: the request failed, and the section says so).
  const monitorings = monitoringsOf(state);
  // The red flags the server computed on this tender (absent when it computed none).
  const assessment = dataOf(state, 'redFlags', assessmentOf);
  // What others paid per unit, by item (issue 47; none when the answer failed): a line
  // under an item's quantity, from the deferred chunk, only for the items it names.
  // (The entries are read by the line itself: `records/prices.ts` stays out of the first load.)
  const prices = new Map(list(dataOf<{ items?: Array<{ itemId?: string }> }>(state, 'prices')?.items).map((p) => [p.itemId, p]));
  // One boundary holds the section rather than one per line: the server pays for each (a
  // large tender has dozens of lines), and the section's markup stays until the chunk is in.
  const priceNote = (item: { id?: string }) => prices.has(item.id) && <PriceBenchmark entry={prices.get(item.id)} owner="tender" format={format} />;
  const itemList = <Items items={items} withLot={withLot} format={format} note={priceNote} />;
  const anchors = new Set([
    ...(stages.length > 0 ? ['timeline'] : []),
    ...(bids.length > 0 ? ['bids'] : []),
    ...bids.map((b) => `bid-${b.id}`),
    ...awards.map((a) => `award-${a.id}`),
    ...qualifications.map((q) => `qualification-${q.id}`),
  ]);

  // Each section's content, or false when the tender has nothing for it.
  const content: Record<SectionId, ReactNode> = {
    timeline: stages.length > 0 && <Timeline stages={stages} status={tender.status} tenderId={tender.tenderID} format={format} />,
    lots: withLot && <Lots lots={lots} format={format} />,
    items: items.length > 0 && (prices.size ? inPart(itemList) : itemList),
    features: features.length > 0 && inPart(<Features features={features} format={format} />),
    criteria: criteria.length > 0 && inPart(<Criteria criteria={criteria} format={format} />),
    documents: documents.length > 0 && <Documents docs={documents} format={format} anchors />,
    questions: questions.length > 0 && inPart(<Questions questions={questions} format={format} />),
    complaints: complaints.length > 0 && <Complaints complaints={complaints} format={format} />,
    bids: bids.length > 0 && inPart(<Bids bids={bids} withLot={withLot} format={format} />),
    qualifications: qualifications.length > 0 && inPart(<Qualifications qualifications={qualifications} bids={bids} withLot={withLot} format={format} />),
    awards: awards.length > 0 && inPart(<Awards awards={awards} tender={tender} withLot={withLot} format={format} />),
    contracts: contracts.length > 0 && inPart(<Contracts contracts={contracts} awards={awards} tender={tender} format={format} />),
    redFlags: assessment && (
      <Suspense fallback={null}>
        <RedFlags assessment={assessment} anchors={anchors} format={format} />
      </Suspense>
    ),
    cancellations: cancellations.length > 0 && inPart(<Cancellations cancellations={cancellations} format={format} />),
    monitorings: monitorings === null ? <Unavailable /> : monitorings.length > 0 && <Monitorings monitorings={monitorings} tender={tender} format={format} />,
    history,
  };
  const sections = SECTION_IDS.filter((id) => content[id]);

  const title = localized(tender, 'title', language) || tender.tenderID || '';
  const description = localized(tender, 'description', language);
  // The same tender on the central procurement portal (SPEC §2.2: an external link, a new tab).
  const portal = config.endpoints.procurement.replace(/\/+$/, '');
  const onPortal = portal && tender.tenderID ? `${portal}/tender/${encodeURIComponent(tender.tenderID)}` : '';

  return (
    <article className="page tender-page" aria-labelledby="tender-title">
      <header className="tender-header">
        <h1 id="tender-title" className="page-title">{title}</h1>
        <p className="tender-badges">
          {tender.tenderID && <span className="tender-id">{tender.tenderID}</span>}
          {tender.status && <Status code={tender.status} label={t('tender.status')}>{statusLabel(t, tender.status)}</Status>}
          {tender.procurementMethodType && <span className="tender-method">{methodLabel(t, tender.procurementMethodType)}</span>}
        </p>
        {description && <p className="tender-description">{description}</p>}
        {(onPortal || (ocds && tender.tenderID)) && (
          <p className="tender-portal">
            {onPortal && <ExternalLink href={onPortal}>{t('tender.onPortal')}</ExternalLink>}
            {/* The whole record as the platform publishes it, in sight (the head names it too). */}
            {ocds && tender.tenderID && (
              <a href={tenderOcdsUrl(tender.tenderID)} type="application/json" download>{t('tender.ocdsDownload')}</a>
            )}
          </p>
        )}
        {notice}
        {follow}
        <RecordFreshness />
      </header>

      <Contents id="tender-toc-title" title={t('tender.toc')} sections={sections.map((id) => [id, t(`tender.sections.${id}`)])} />

      <Summary tender={tender} plans={plans} format={format} />
      {tender.procuringEntity && <Organizer org={tender.procuringEntity} format={format} />}

      {sections.map((id) => (
        <Section key={id} id={id} title={t(`tender.sections.${id}`)}>
          {content[id]}
        </Section>
      ))}

      <Suspense fallback={null}>
        <Config tender={tender} format={format} />
      </Suspense>
    </article>
  );
}
