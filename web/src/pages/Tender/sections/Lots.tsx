/** The tender's lots with their amounts, status and auction date. */
import { DataTable, Row } from '../../../components/DataTable/DataTable';
import { Money } from '../../../components/Money/Money';
import { localized } from '../../../records/parts';
import { anchorOf } from '../../../records/anchors';
import type { TenderFormatter } from '../formatter';
import { tenderLabel } from '../labels';
import type { Lot } from '../../../records/tender';

export function Lots({ lots, format }: { lots: Lot[]; format: TenderFormatter }) {
  const { t } = format;
  return (
    <DataTable head={['title', 'value', 'minimalStep', 'guarantee', 'status', 'auction'].map((c) => (c === 'minimalStep' || c === 'guarantee' ? t(`tender.${c}`) : t(`tender.col.${c}`)))}>
      {lots.map((lot, i) => (
        <Row key={lot.id ?? i} id={anchorOf('lot', lot.id)}>
          <th scope="row">{localized(lot, 'title', format.language)}</th>
          <td><Money value={lot.value} format={format} /></td>
          <td><Money value={lot.minimalStep} format={format} /></td>
          <td><Money value={lot.guarantee} format={format} /></td>
          <td>{tenderLabel(t, 'lotStatus', lot.status)}</td>
          <td>{format.date(lot.auctionPeriod?.startDate)}</td>
        </Row>
      ))}
    </DataTable>
  );
}
