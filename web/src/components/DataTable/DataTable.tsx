/** A data table that scrolls sideways on narrow screens instead of breaking the layout. */
import type { ReactNode } from 'react';

/** `head`: the column headings, translated; `children`: the body's rows. */
export function DataTable({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table className="tender-table">
        <thead>
          <tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
