import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { DataTable, Row, RowLabels } from './DataTable';

/** Each body row's cells as [tag, data-label, text]. */
const cells = (html: string) =>
  [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)]
    .slice(1)
    .map(([, row]) => [...row.matchAll(/<(th|td)([^>]*)>(.*?)<\/\1>/g)].map(([, tag, attrs, text]) => [tag, /data-label="([^"]*)"/.exec(attrs)?.[1] ?? null, text]));

/** A row made by a component of its own, as a section's rows often are. */
function PartRow({ name, lot }: { name: string; lot?: string }) {
  return (
    <Row id={`part-${name}`}>
      <th scope="row">{name}</th>
      {lot !== undefined && <td>{lot}</td>}
      {null}
      <td className="money">{name.length}</td>
    </Row>
  );
}

describe('DataTable', () => {
  it('labels each cell of a row with its column heading, skipping the cells a row leaves out', () => {
    const html = renderToStaticMarkup(
      <DataTable head={['Назва', 'Лот', 'Сума']}>
        <PartRow name="перший" lot="Лот 1" />
        {[<PartRow key="b" name="другий" lot="" />]}
      </DataTable>,
    );
    expect(html).toMatch(/^<div class="table-fit"><table class="tender-table"><thead><tr><th scope="col">Назва<\/th>/);
    expect(cells(html)).toEqual([
      [['th', 'Назва', 'перший'], ['td', 'Лот', 'Лот 1'], ['td', 'Сума', '6']],
      [['th', 'Назва', 'другий'], ['td', 'Лот', ''], ['td', 'Сума', '6']],
    ]);
    // The row keeps its own attributes, and its cells theirs.
    expect(html).toContain('<tr id="part-перший">');
    expect(html).toContain('<td class="money" data-label="Сума">6</td>');
  });

  it('labels the cells a row gets as an array, and the rows of a table it does not make', () => {
    const pair = (n: number) => [<td key="a">{n}</td>, <td key="b">{n * 2}</td>];
    const html = renderToStaticMarkup(
      <table>
        <thead>
          <tr><th>Рік</th></tr>
        </thead>
        <RowLabels value={['Рік', 'Кількість', 'Подвоєна', 'Ще раз', 'Подвоєна ще раз']}>
          <tbody>
            <Row>
              <th scope="row">2025</th>
              {[1, 2].map((n) => pair(n))}
            </Row>
          </tbody>
        </RowLabels>
      </table>,
    );
    expect(cells(html)).toEqual([
      [['th', 'Рік', '2025'], ['td', 'Кількість', '1'], ['td', 'Подвоєна', '2'], ['td', 'Ще раз', '2'], ['td', 'Подвоєна ще раз', '4']],
    ]);
  });
});
