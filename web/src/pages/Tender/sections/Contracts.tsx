/** The contracts signed, their suppliers taken from the award when the contract names none. */
import { DataTable } from '../../../components/DataTable/DataTable';
import { Money } from '../../../components/Money/Money';
import { list, organizationNames } from '../../../lib/ocds';
import type { Ctx } from '../ctx';
import { tenderLabel } from '../labels';
import type { Award, Contract } from '../types';

export function Contracts({ contracts, awards, ctx }: { contracts: Contract[]; awards: Award[]; ctx: Ctx }) {
  const { t } = ctx;
  return (
    <DataTable head={['contractId', 'suppliers', 'value', 'status', 'dateSigned'].map((c) => t(`tender.col.${c}`))}>
      {contracts.map((c, i) => {
        const suppliers = list(c.suppliers).length ? c.suppliers : awards.find((a) => a.id === c.awardID)?.suppliers;
        return (
          <tr key={c.id ?? i}>
            <th scope="row">{c.contractID ?? c.id}</th>
            <td>{organizationNames(suppliers, ctx.language)}</td>
            <td><Money value={c.value} ctx={ctx} /></td>
            <td>{tenderLabel(t, 'contractStatus', c.status)}</td>
            <td>{ctx.date(c.dateSigned)}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
