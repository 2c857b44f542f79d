/** The awards: the suppliers with their identifiers (and their records), amount, status and date. */
import { Fragment } from 'react';
import { DataTable, Row } from '../../../components/DataTable/DataTable';
import { Money } from '../../../components/Money/Money';
import { OrgLink } from '../../../components/AppLink/AppLink';
import { RegisterLinks } from '../../../components/RegisterLinks/RegisterLinks';
import { list, localized } from '../../../records/parts';
import type { TenderFormatter } from '../formatter';
import { tenderLabel } from '../labels';
import type { Award } from '../../../records/tender';

export function Awards({ awards, withLot, format }: { awards: Award[]; withLot: boolean; format: TenderFormatter }) {
  return (
    <DataTable head={['supplier', ...(withLot ? ['lot'] : []), 'value', 'status', 'date'].map((c) => format.t(`tender.col.${c}`))}>
      {awards.map((a, i) => <AwardRow key={a.id ?? i} award={a} withLot={withLot} format={format} />)}
    </DataTable>
  );
}

function AwardRow({ award: a, withLot, format }: { award: Award; withLot: boolean; format: TenderFormatter }) {
  const suppliers = list(a.suppliers);
  return (
    <Row id={a.id ? `award-${a.id}` : undefined}>
      <th scope="row">
        {suppliers.map((s, i) => (
          <Fragment key={i}>
            <span className="supplier">
              <OrgLink role="supplier" id={s.identifier?.id}>{localized(s, 'name', format.language) || s.identifier?.legalName}</OrgLink>
              {s.identifier?.id && <span className="muted"> {[s.identifier.scheme, s.identifier.id].filter(Boolean).join(' ')}</span>}
            </span>
            <RegisterLinks filter="supplier" id={s.identifier?.id} />
          </Fragment>
        ))}
      </th>
      {withLot && <td>{format.lotTitle(a.lotID)}</td>}
      <td><Money value={a.value} format={format} /></td>
      <td>{tenderLabel(format.t, 'awardStatus', a.status)}</td>
      <td>{format.date(a.date)}</td>
    </Row>
  );
}
