/**
 * The info pages (`/info/tariffs`, `/info/contacts`, `/info/regulations`, `/info/search-help`,
 * `/info/red-flags`): operator-edited
 * Markdown from `content/info/`, rendered to HTML at build time (`web/scripts/content.mjs`),
 * with a table of contents on long pages and, on contacts, the configured support details
 * (`client.contacts`, `client.supportEmail`). Server and browser render the same
 * strings, so hydration finds identical markup. Each page's text in each language is a
 * chunk of its own (`content/<page>.<language>.gen.ts`), which gives this component
 * its content through `infoPage`.
 */
import { useTranslation } from '../../i18n/react';
import { usePageState } from '../../state';
import { Facts } from '../../components/Facts/Facts';
import type { PageComponent, PageRoute } from '../../lib/routeModule';
import type { InfoContent, TocEntry } from './content.gen';

/** A page with at least this many h2/h3 headings gets a table of contents. */
export const TOC_MIN_ENTRIES = 4;

/** The `tel:` form of a phone number as people write it (`+380 44 000 00 00`). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

interface TocNode {
  entry: TocEntry;
  children: TocNode[];
}

/** h3 entries under the h2 before them (an h3 before any h2 stands on its own). */
function nest(toc: TocEntry[]): TocNode[] {
  const nodes: TocNode[] = [];
  for (const entry of toc) {
    const parent = nodes[nodes.length - 1];
    if (entry.depth > 2 && parent && parent.entry.depth === 2) parent.children.push({ entry, children: [] });
    else nodes.push({ entry, children: [] });
  }
  return nodes;
}

function TocList({ nodes }: { nodes: TocNode[] }) {
  return (
    <ul>
      {nodes.map(({ entry, children }) => (
        <li key={entry.id}>
          <a href={`#${entry.id}`}>{entry.text}</a>
          {children.length > 0 && <TocList nodes={children} />}
        </li>
      ))}
    </ul>
  );
}

function TableOfContents({ toc }: { toc: TocEntry[] }) {
  const { t } = useTranslation();
  return (
    <nav className="info-toc" aria-labelledby="info-toc-title">
      <h2 id="info-toc-title" className="info-toc-title">
        {t('info.toc')}
      </h2>
      <TocList nodes={nest(toc)} />
    </nav>
  );
}

/** The configured ways to reach support, as a definition list with working links. */
function ContactDetails() {
  const { t } = useTranslation();
  const { language, config } = usePageState();
  const { phone, address, hours } = config.contacts;
  return (
    <section className="info-contact-details" aria-labelledby="contacts-title">
      <h2 id="contacts-title">{t('info.contacts.heading')}</h2>
      <Facts
        rows={[
          [t('info.contacts.email'), <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>],
          [t('info.contacts.phone'), <a href={telHref(phone)}>{phone}</a>],
          [t('info.contacts.address'), address[language]],
          [t('info.contacts.hours'), hours[language]],
        ]}
      />
    </section>
  );
}

/** The page of one text (one info page in one language): what each content chunk exports. */
export function infoPage(content: InfoContent): PageComponent {
  return function InfoPage({ route }) {
    return <Info route={route} content={content} />;
  };
}

export function Info({ route, content }: { route: PageRoute; content: InfoContent }) {
  const { t } = useTranslation();
  const { html, toc } = content;
  return (
    <article className={`page info-page info-page-${route.name}`} aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {t(`pages.${route.name}.heading`, { defaultValue: t(`pages.${route.name}.title`) })}
      </h1>
      {route.name === 'contacts' && <ContactDetails />}
      {toc.length >= TOC_MIN_ENTRIES && <TableOfContents toc={toc} />}
      <div className="info-content" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
