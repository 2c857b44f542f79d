/**
 * A data table that fits its box at any width (issue 46, item 2): a table where there is
 * room; in a narrow box (a phone) each row a card, its row heading on top and each other
 * cell a line `heading: value` (CSS, `.table-fit` in Tender.css, so the server's HTML
 * does it without JavaScript). A cell's heading is its `data-label`, which `Row` writes
 * from the table's column headings.
 */
import { Children, cloneElement, createContext, isValidElement, useContext, type ComponentProps, type ReactElement, type ReactNode } from 'react';

const Heads = createContext<string[]>([]);

/** The column headings the `Row`s inside it label their cells with (a table not made by `DataTable`). */
export const RowLabels = Heads.Provider;

/** `head`: the column headings, translated; `children`: the body's rows, each a `Row`. */
export function DataTable({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="table-fit">
      <table className="tender-table">
        <thead>
          <tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr>
        </thead>
        <RowLabels value={head}>
          <tbody>{children}</tbody>
        </RowLabels>
      </table>
    </div>
  );
}

/**
 * A row whose cells (its element children, in order; `false` and `null` ones skipped) carry
 * their column's heading as `data-label`, for the narrow layout to show beside the value.
 */
export function Row({ children, ...props }: ComponentProps<'tr'>) {
  const head = useContext(Heads);
  let column = 0;
  return (
    <tr {...props}>
      {Children.map(children, (cell) => (isValidElement(cell) ? cloneElement(cell as ReactElement<{ 'data-label'?: string }>, { 'data-label': head[column++] }) : cell))}
    </tr>
  );
}
