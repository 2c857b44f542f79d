/**
 * Horizontal bar charts drawn on the server as inline SVG, readable without JavaScript:
 * one bar per row (`BarChart`), or one per series (`GroupedBarChart`). The SVG is
 * decoration for sighted readers (`aria-hidden`): the table beside it, which the page
 * always renders, carries the same figures for screen readers.
 */
export interface Bar {
  label: string;
  value: number;
}

const ROW = 26;
const LABEL_WIDTH = 230;
const WIDTH = 640;
// At 12 px a Cyrillic letter takes up to about 7.5 units: 28 of them fit the label's room.
const LABEL_CHARS = 28;

const clipLabel = (s: string) => (s.length > LABEL_CHARS ? `${s.slice(0, LABEL_CHARS - 1)}…` : s);

/** Width given to each character of a value printed after its bar (12 px text, wide digits and spaces). */
const VALUE_CHAR = 7.5;

export function BarChart({ bars, format }: { bars: Bar[]; format: (n: number) => string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  // The longest value must fit after the longest bar inside the drawing.
  const values = bars.map((b) => format(b.value));
  const valueRoom = Math.ceil(Math.max(0, ...values.map((v) => v.length)) * VALUE_CHAR) + 12;
  const room = Math.max(40, WIDTH - LABEL_WIDTH - valueRoom);
  return (
    <svg className="org-chart" viewBox={`0 0 ${WIDTH} ${bars.length * ROW + 4}`} aria-hidden="true" focusable="false">
      {bars.map((b, i) => {
        const y = i * ROW + 2;
        const w = Math.max(b.value > 0 ? 2 : 0, Math.round((b.value / max) * room));
        return (
          <g key={i}>
            <text x={LABEL_WIDTH - 8} y={y + ROW / 2 + 4} textAnchor="end">{clipLabel(b.label)}</text>
            <rect x={LABEL_WIDTH} y={y + 4} width={w} height={ROW - 8} rx={2} />
            <text x={LABEL_WIDTH + w + 6} y={y + ROW / 2 + 4}>{values[i]}</text>
          </g>
        );
      })}
    </svg>
  );
}

/** One row of a `GroupedBarChart`: a label and a bar per series (null: none in that series). */
export interface BarGroup {
  label: string;
  bars: Array<{ value: number; text: string } | null>;
}

const BAR = 14;
const BAR_GAP = 3;
const GROUP_PAD = 7;
const LEGEND_ROW = 20;
const LINE = 14;

/** A label in at most two lines of `LABEL_CHARS`, cut at spaces; the rest clipped. */
function labelLines(s: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > LABEL_CHARS) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length > 2 ? [clipLabel(lines[0]), clipLabel(`${lines[1]} ${lines.slice(2).join(' ')}`)] : lines.map(clipLabel);
}

/**
 * Bars side by side per row, one per series (`org-bar-0`, `org-bar-1`…), on one scale,
 * each followed by its text (`30 % (12 з 40)`), under a legend naming the series.
 * Decoration like `BarChart`: the table beside it carries the same figures.
 */
export function GroupedBarChart({ groups, legend }: { groups: BarGroup[]; legend: string[] }) {
  const series = legend.length;
  const max = Math.max(1e-9, ...groups.flatMap((g) => g.bars.map((b) => b?.value ?? 0)));
  const texts = groups.flatMap((g) => g.bars.map((b) => b?.text ?? ''));
  const valueRoom = Math.ceil(Math.max(0, ...texts.map((v) => v.length)) * VALUE_CHAR) + 12;
  const room = Math.max(40, WIDTH - LABEL_WIDTH - valueRoom);
  const rowHeight = series * BAR + (series - 1) * BAR_GAP + 2 * GROUP_PAD;
  const top = series > 1 ? series * LEGEND_ROW : 0;
  return (
    <svg className="org-chart" viewBox={`0 0 ${WIDTH} ${top + groups.length * rowHeight + 4}`} aria-hidden="true" focusable="false">
      {series > 1 &&
        legend.map((name, i) => (
          <g key={`legend-${i}`}>
            <rect className={`org-bar-${i}`} x={LABEL_WIDTH} y={i * LEGEND_ROW + 4} width={12} height={12} rx={2} />
            <text x={LABEL_WIDTH + 18} y={i * LEGEND_ROW + 14}>{name}</text>
          </g>
        ))}
      {groups.map((g, row) => {
        const y = top + row * rowHeight;
        const lines = labelLines(g.label);
        const first = y + rowHeight / 2 + 4 - ((lines.length - 1) * LINE) / 2;
        return (
          <g key={row}>
            <text x={LABEL_WIDTH - 8} y={first} textAnchor="end">
              {lines.map((line, i) => (
                <tspan key={i} x={LABEL_WIDTH - 8} y={first + i * LINE}>{line}</tspan>
              ))}
            </text>
            {g.bars.map((b, i) => {
              if (!b) return null;
              const by = y + GROUP_PAD + i * (BAR + BAR_GAP);
              const w = Math.max(b.value > 0 ? 2 : 0, Math.round((b.value / max) * room));
              return (
                <g key={i}>
                  <rect className={`org-bar-${i}`} x={LABEL_WIDTH} y={by} width={w} height={BAR} rx={2} />
                  <text x={LABEL_WIDTH + w + 6} y={by + BAR / 2 + 4}>{b.text}</text>
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
