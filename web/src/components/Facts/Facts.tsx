/** Term and value rows (a record's identifier, address, value...) as a definition list. */
import type { ReactNode } from 'react';

/** One row: its term, its value and, when the value needs one, the class of the value. */
export type Fact = readonly [term: string, value: ReactNode, valueClass?: string];

/** The rows that have a value: one that is null, undefined, false or '' is left out. */
export const withValues = (rows: readonly Fact[]): Fact[] =>
  rows.filter(([, value]) => value !== null && value !== undefined && value !== false && value !== '');

/** `className` is added to `tender-facts`. */
export function Facts({ rows, className }: { rows: readonly Fact[]; className?: string }) {
  return (
    <dl className={className ? `tender-facts ${className}` : 'tender-facts'}>
      {withValues(rows).map(([term, value, valueClass], i) => (
        <div key={i}>
          <dt>{term}</dt>
          <dd className={valueClass}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
