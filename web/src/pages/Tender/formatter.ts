/** What the tender page's sections render with. */
import type { Formatter } from '../../records/parts';

export interface TenderFormatter extends Formatter {
  /** A lot's title by its id ('' without an id, the id for a lot the tender does not list). */
  lotTitle: (id: string | undefined) => string;
}
