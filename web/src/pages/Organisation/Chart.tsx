/**
 * A horizontal bar chart drawn on the server as inline SVG, readable without JavaScript.
 * The SVG is decoration for sighted readers (`aria-hidden`): the table beside it, which
 * the page always renders, carries the same figures for screen readers.
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
