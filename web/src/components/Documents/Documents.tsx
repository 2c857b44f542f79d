/**
 * A record's documents as a table: title (a new-tab link when the document has a web
 * address), type, format and publication date. Nothing without documents.
 */
import { codeLabel } from '../../lib/enums';
import { list, localized, safeHref, type Document, type Formatter } from '../../records/parts';
import { DataTable } from '../DataTable/DataTable';
import { ExternalLink } from '../ExternalLink/ExternalLink';

const COLUMNS = ['title', 'documentType', 'format', 'datePublished'];

export function Documents({ docs, format }: { docs: Document[] | undefined; format: Formatter }) {
  const all = list(docs);
  if (!all.length) return null;
  return (
    <DataTable head={COLUMNS.map((c) => format.t(`tender.col.${c}`))}>
      {all.map((d, i) => <DocumentRow key={d.id ? `${d.id}-${i}` : i} doc={d} format={format} />)}
    </DataTable>
  );
}

function DocumentRow({ doc, format }: { doc: Document; format: Formatter }) {
  const title = localized(doc, 'title', format.language) || doc.id || '';
  const href = safeHref(doc.url);
  return (
    <tr>
      <th scope="row">{href ? <ExternalLink href={href}>{title}</ExternalLink> : title}</th>
      <td>{doc.documentType ? codeLabel(format.t, 'tender.documentType', doc.documentType) : ''}</td>
      <td className="code">{doc.format}</td>
      <td>{format.date(doc.datePublished)}</td>
    </tr>
  );
}
