/**
 * A record's documents as a table: title (a new-tab link when the document has a web
 * address), type, format and publication date. Nothing without documents. With
 * `anchors` (a record's own list, one a page), each document's row is `#document-<id>`,
 * what its change events link to: the last version's row, as the list holds every
 * version under one id.
 */
import { codeLabel } from '../../lib/enums';
import { list, localized, safeHref, type Document, type Formatter } from '../../records/parts';
import { anchorOf } from '../../records/anchors';
import { DataTable, Row } from '../DataTable/DataTable';
import { ExternalLink } from '../ExternalLink/ExternalLink';

const COLUMNS = ['title', 'documentType', 'format', 'datePublished'];

export function Documents({ docs, format, anchors }: { docs: Document[] | undefined; format: Formatter; anchors?: boolean }) {
  const all = list(docs);
  if (!all.length) return null;
  const ids = all.map((d) => d.id);
  const last = (d: Document, i: number) => anchors && ids.lastIndexOf(d.id) === i;
  return (
    <DataTable head={COLUMNS.map((c) => format.t(`tender.col.${c}`))}>
      {all.map((d, i) => <DocumentRow key={d.id ? `${d.id}-${i}` : i} doc={d} format={format} id={last(d, i) ? anchorOf('document', d.id) : undefined} />)}
    </DataTable>
  );
}

function DocumentRow({ doc, format, id }: { doc: Document; format: Formatter; id?: string }) {
  const title = localized(doc, 'title', format.language) || doc.id || '';
  const href = safeHref(doc.url);
  return (
    <Row id={id}>
      <th scope="row">{href ? <ExternalLink href={href}>{title}</ExternalLink> : title}</th>
      <td>{doc.documentType ? codeLabel(format.t, 'tender.documentType', doc.documentType) : ''}</td>
      <td className="code">{doc.format}</td>
      <td>{format.date(doc.datePublished)}</td>
    </Row>
  );
}
