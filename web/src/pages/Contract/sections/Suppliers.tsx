/** The suppliers, each with its identifier (linking to the searches filtered by it) and address. */
import type { Formatter } from '../../../records/parts';
import type { Party as PartyData } from '../../../records/contract';
import { Party } from './Party';

export function Suppliers({ suppliers, format }: { suppliers: PartyData[]; format: Formatter }) {
  return (
    <ul className="tender-cards">
      {suppliers.map((s, i) => (
        <li key={s.identifier?.id ? `${s.identifier.id}-${i}` : i} className="tender-card contract-party">
          <Party party={s} filter="supplier" format={format} />
        </li>
      ))}
    </ul>
  );
}
