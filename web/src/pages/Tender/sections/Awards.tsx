/** The awards: the suppliers with their identifiers (and their records), amount, status and date. */
import { Fragment } from 'react';
import { DataTable } from '../../../components/DataTable/DataTable';
import { Money } from '../../../components/Money/Money';
import { OrgLink } from '../../../components/AppLink/AppLink';
import { RegisterLinks } from '../../../components/RegisterLinks/RegisterLinks';
import { list, localized } from '../../../records/parts';
import type { Ctx } from '../ctx';
import { tenderLabel } from '../labels';
import type { Award } from '../../../records/tender';

export function Awards({ awards, withLot, ctx }: { awards: Award[]; withLot: boolean; ctx: Ctx }) {
  return (
    <DataTable head={['supplier', ...(withLot ? ['lot'] : []), 'value', 'status', 'date'].map((c) => ctx.t(`tender.col.${c}`))}>
      {awards.map((a, i) => <AwardRow key={a.id ?? i} award={a} withLot={withLot} ctx={ctx} />)}
    </DataTable>
  );
}

function AwardRow({ award: a, withLot, ctx }: { award: Award; withLot: boolean; ctx: Ctx }) {
  const suppliers = list(a.suppliers);
  return (
    <tr id={a.id ? `award-${a.id}` : undefined}>
      <th scope="row">
        {suppliers.map((s, i) => (
          <Fragment key={i}>
            <span className="supplier">
              <OrgLink role="supplier" id={s.identifier?.id}>{localized(s, 'name', ctx.language) || s.identifier?.legalName}</OrgLink>
              {s.identifier?.id && <span className="muted"> {[s.identifier.scheme, s.identifier.id].filter(Boolean).join(' ')}</span>}
            </span>
            <RegisterLinks filter="supplier" id={s.identifier?.id} />
          </Fragment>
        ))}
      </th>
      {withLot && <td>{ctx.lotTitle(a.lotID)}</td>}
      <td><Money value={a.value} ctx={ctx} /></td>
      <td>{tenderLabel(ctx.t, 'awardStatus', a.status)}</td>
      <td>{ctx.date(a.date)}</td>
    </tr>
  );
}
