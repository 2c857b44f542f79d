/**
 * The awards: the suppliers with their identifiers (and their records), amount, status and
 * date; under an award of one item its price per unit (issue 46, item 7), so a buyer
 * comparing past purchases need not divide it by hand.
 */
import { Fragment } from 'react';
import { DataTable, Row } from '../../../components/DataTable/DataTable';
import { Money } from '../../../components/Money/Money';
import { OrgLink } from '../../../components/AppLink/AppLink';
import { RegisterLinks } from '../../../components/RegisterLinks/RegisterLinks';
import { UnitPrice } from '../../../components/UnitPrice/UnitPrice';
import { list, localized } from '../../../records/parts';
import type { TenderFormatter } from '../formatter';
import { tenderLabel } from '../labels';
import type { Award, Tender } from '../../../records/tender';
import { awardUnitPrice } from '../../../records/unitPrice';

/** `tender`: its items and value, which an award's price per unit is read from. */
export function Awards({ awards, tender, withLot, format }: { awards: Award[]; tender: Tender; withLot: boolean; format: TenderFormatter }) {
  return (
    <DataTable head={['supplier', ...(withLot ? ['lot'] : []), 'value', 'status', 'date'].map((c) => format.t(`tender.col.${c}`))}>
      {awards.map((a, i) => <AwardRow key={a.id ?? i} award={a} tender={tender} withLot={withLot} format={format} />)}
    </DataTable>
  );
}

function AwardRow({ award: a, tender, withLot, format }: { award: Award; tender: Tender; withLot: boolean; format: TenderFormatter }) {
  const suppliers = list(a.suppliers);
  const price = awardUnitPrice(tender, a);
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
      <td>
        <Money value={a.value} format={format} />
        {price && <div className="muted"><UnitPrice price={price} format={format} /></div>}
      </td>
      <td>{tenderLabel(format.t, 'awardStatus', a.status)}</td>
      <td>{format.date(a.date)}</td>
    </Row>
  );
}
