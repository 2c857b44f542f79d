/** The buyer, its identifier linking to the searches of its tenders, plans and contracts. */
import type { Formatter } from '../../../records/parts';
import type { Party as PartyData } from '../../../records/contract';
import { Party } from './Party';

export function Buyer({ buyer, format }: { buyer: PartyData; format: Formatter }) {
  return (
    <div className="contract-party">
      <Party party={buyer} filter="organizer" format={format} />
    </div>
  );
}
