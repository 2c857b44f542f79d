/**
 * The contract page: what was agreed, between whom, for how much and how it changed,
 * from the contract object the server prefetched (`data.contract`). Every field is
 * optional; a section whose data is absent is not rendered and not listed in the
 * contents. The output depends only on the data and the language (no clock), so the
 * server and the browser render the same markup. Each section is a file of `sections/`;
 * this one puts them in order under the header.
 */
import { RecordFreshness } from '../../components/Freshness/RecordFreshness';
import { Suspense, lazy, type ReactNode } from 'react';
import { AppLink } from '../../components/AppLink/AppLink';
import { Contents } from '../../components/Contents/Contents';
import { Documents } from '../../components/Documents/Documents';
import { Follow as FollowOnServer } from '../../components/Follow/Follow.server';
import { Section } from '../../components/Section/Section';
import { Status } from '../../components/Status/Status';
import { useTranslation } from '../../i18n/react';
import { formatDate } from '../../lib/dates';
import { dataOf } from '../../lib/data';
import { formatter, list, localized, type Formatter } from '../../records/parts';
import type { PageRoute } from '../../lib/routeModule';
import { usePageState } from '../../state';
import { statusLabel } from '../../lib/enums';
import { Buyer } from './sections/Buyer';
import { Changes } from './sections/Changes';
import { Items } from './sections/Items';
import { Milestones } from './sections/Milestones';
import { Origin, originFacts } from './sections/Origin';
import { Summary } from './sections/Summary';
import { Suppliers } from './sections/Suppliers';
import type { Contract as ContractData, ContractDocument } from '../../records/contract';

// Following (`components/Follow`): the server renders it in place; the browser loads it as
// a chunk of its own, and hydration keeps the server's markup until it is in.
const Follow = __SERVER__ ? FollowOnServer : lazy(() => import('../../components/Follow/Follow'));

// The page's head comes with its chunk (`PageChunk`).
export { jsonLd, meta } from './meta';

/** The sections listed in the contents, in the order of the page. */
const SECTION_IDS = ['origin', 'buyer', 'suppliers', 'items', 'milestones', 'changes', 'documents'] as const;
type SectionId = (typeof SECTION_IDS)[number];

export default function Contract({ route: _route }: { route: PageRoute }) {
  const state = usePageState();
  const contract = dataOf<ContractData>(state, 'contract');
  return contract && <ContractView contract={contract} />;
}

/** The whole contract, from a contract object (the platform's or a derived one). */
export function ContractView({ contract }: { contract: ContractData }) {
  const { t } = useTranslation();
  const { language } = usePageState();
  const format = formatter(t, language);
  // Periods, terms and headings read as days; signatures and changes keep their time.
  const dates: Formatter = { ...format, date: (iso) => formatDate(iso, language) };

  const origin = originFacts(contract, format);
  const suppliers = list(contract.suppliers);
  const items = list(contract.items);
  const milestones = list(contract.milestones);
  const changes = list(contract.changes);
  // A change's documents are shown with that change; the rest under Documents.
  const changeIds = new Set(changes.map((c) => c.id).filter(Boolean));
  const ofChange = (d: ContractDocument) => d.documentOf === 'change' && !!d.relatedItem && changeIds.has(d.relatedItem);
  const allDocuments = list(contract.documents);
  const documents = allDocuments.filter((d) => !ofChange(d));
  const documentsOf = (id: string | undefined) => (id ? allDocuments.filter((d) => ofChange(d) && d.relatedItem === id) : []);

  // Each section's content, or false when the contract has nothing for it.
  const content: Record<SectionId, ReactNode> = {
    origin: origin.length > 0 && <Origin facts={origin} />,
    buyer: contract.buyer && typeof contract.buyer === 'object' && <Buyer buyer={contract.buyer} format={format} />,
    suppliers: suppliers.length > 0 && <Suppliers suppliers={suppliers} format={format} />,
    items: items.length > 0 && <Items contract={contract} items={items} format={format} dates={dates} />,
    milestones: milestones.length > 0 && <Milestones milestones={milestones} format={format} dates={dates} />,
    changes: changes.length > 0 && (
      <Changes changes={changes} documentsOf={documentsOf} rationaleTypes={contract.contractChangeRationaleTypes} format={format} dates={dates} />
    ),
    documents: documents.length > 0 && <Documents docs={documents} format={format} anchors />,
  };
  const sections = SECTION_IDS.filter((id) => content[id]);

  const id = contract.contractID || contract.id || '';
  const title = localized(contract, 'title', language) || id;
  const description = localized(contract, 'description', language);

  return (
    <article className="page tender-page contract-page" aria-labelledby="contract-title">
      <header className="tender-header">
        <p className="breadcrumbs">
          <AppLink to="/contracts">{t('contract.all')}</AppLink>
        </p>
        <h1 id="contract-title" className="page-title">{title}</h1>
        <p className="tender-badges">
          {id && <span className="tender-id">{id}</span>}
          {contract.status && <Status code={contract.status} label={t('contract.statusLabel')}>{statusLabel(t, 'contract', contract.status)}</Status>}
        </p>
        {description && <p className="tender-description">{description}</p>}
        {contract.contractID && contract.id && (
          <Suspense fallback={null}>
            <Follow register="contracts" recordKey={contract.contractID} target={contract.id} />
          </Suspense>
        )}
        <RecordFreshness />
      </header>

      <Contents id="contract-toc-title" title={t('contract.toc')} sections={sections.map((s) => [s, t(`contract.sections.${s}`)])} />

      <Summary contract={contract} format={format} dates={dates} />

      {sections.map((s) => (
        <Section key={s} id={s} title={t(`contract.sections.${s}`)}>
          {content[s]}
        </Section>
      ))}
    </article>
  );
}
