/** Non-price criteria (features) with their options' weights as percentages. */
import { DataTable, Row } from '../../../components/DataTable/DataTable';
import { formatNumber } from '../../../lib/format';
import { list, localized } from '../../../records/parts';
import type { TenderFormatter } from '../formatter';
import { tenderLabel } from '../labels';
import type { Feature } from '../../../records/tender';

export function Features({ features, format }: { features: Feature[]; format: TenderFormatter }) {
  return <>{features.map((f, i) => <FeatureBlock key={f.code ?? i} feature={f} format={format} />)}</>;
}

function FeatureBlock({ feature: f, format }: { feature: Feature; format: TenderFormatter }) {
  const { t } = format;
  const options = list(f.enum);
  return (
    <div className="tender-card">
      <h3>{localized(f, 'title', format.language)}</h3>
      {f.featureOf && <p className="muted">{t('tender.col.featureOf')}: {tenderLabel(t, 'featureOf', f.featureOf)}</p>}
      {f.description && f.description !== f.title && <p>{f.description}</p>}
      {options.length > 0 && (
        <DataTable head={[t('tender.col.options'), t('tender.col.value')]}>
          {options.map((o, i) => (
            <Row key={i}>
              <th scope="row">{o.title}</th>
              <td>{typeof o.value === 'number' ? t('tender.featureValue', { value: formatNumber(o.value * 100, undefined, format.language) }) : ''}</td>
            </Row>
          ))}
        </DataTable>
      )}
    </div>
  );
}
