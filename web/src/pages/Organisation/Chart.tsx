/**
 * Horizontal bar charts, readable without JavaScript: one bar per row (`BarChart`), or one
 * per series (`GroupedBarChart`). Text is HTML, at the page's size at any width (issue 46,
 * item 2: an SVG drawing scaled to a phone's width shrank its text to 5 px); each bar is
 * an SVG rectangle as wide as its share of the track (an attribute, not an inline style,
 * which the CSP refuses). A grid lays them out (`.org-chart` in Organisation.css): label,
 * track and value beside each other, and in a narrow box the label above its bars. The
 * chart is decoration for sighted readers (`aria-hidden`): the table beside it, which the
 * page always renders, carries the same figures for screen readers.
 */
export interface Bar {
  label: string;
  value: number;
}

/** A bar of `share` (0 to 1) of the track, in series `series`'s colour, then its text. */
function Track({ share, text, series = 0 }: { share: number; text: string; series?: number }) {
  // A positive value shows, however small beside the largest.
  const percent = share > 0 ? Math.max(0.5, Math.round(share * 1000) / 10) : 0;
  return (
    <>
      <svg className="org-chart-track" focusable="false">
        <rect className={`org-bar-${series}`} width={`${percent}%`} height="100%" rx={2} />
      </svg>
      <span className="org-chart-value">{text}</span>
    </>
  );
}

export function BarChart({ bars, format }: { bars: Bar[]; format: (n: number) => string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <div className="org-chart" aria-hidden="true">
      {bars.map((b, i) => (
        <div key={i} className="org-chart-row">
          <span className="org-chart-label">{b.label}</span>
          <Track share={b.value / max} text={format(b.value)} />
        </div>
      ))}
    </div>
  );
}

/** One row of a `GroupedBarChart`: a label and a bar per series (null: none in that series). */
export interface BarGroup {
  label: string;
  bars: Array<{ value: number; text: string } | null>;
}

/**
 * Bars under each other per row, one per series (`org-bar-0`, `org-bar-1`…), on one scale,
 * each followed by its text (`30 % (12 з 40)`; a series with no figure, `—`), under a
 * legend naming the series. Decoration like `BarChart`: the table beside it carries the
 * same figures.
 */
export function GroupedBarChart({ groups, legend }: { groups: BarGroup[]; legend: string[] }) {
  const series = legend.length;
  const max = Math.max(1e-9, ...groups.flatMap((g) => g.bars.map((b) => b?.value ?? 0)));
  return (
    <div className={`org-chart org-chart-${series}`} aria-hidden="true">
      {series > 1 && (
        <ul className="org-chart-legend">
          {legend.map((name, i) => (
            <li key={i}>
              <svg className="org-chart-key" focusable="false">
                <rect className={`org-bar-${i}`} width="100%" height="100%" rx={2} />
              </svg>
              {name}
            </li>
          ))}
        </ul>
      )}
      {groups.map((g, row) => (
        <div key={row} className="org-chart-row">
          <span className="org-chart-label">{g.label}</span>
          {legend.map((_, i) => {
            const b = g.bars[i];
            return <Track key={i} share={b ? b.value / max : 0} text={b ? b.text : '—'} series={i} />;
          })}
        </div>
      ))}
    </div>
  );
}
