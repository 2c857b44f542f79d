/**
 * The contents of a record's page (tender, plan, contract): links to the sections it
 * shows, under a heading that only screen readers read. Nothing without sections.
 */
interface Props {
  /** The id of the heading, which labels the list (`tender-toc-title`). */
  id: string;
  title: string;
  /** Each section's anchor and its title. */
  sections: ReadonlyArray<readonly [anchor: string, title: string]>;
}

export function Contents({ id, title, sections }: Props) {
  if (sections.length === 0) return null;
  return (
    <nav className="tender-toc" aria-labelledby={id}>
      <h2 id={id} className="visually-hidden">{title}</h2>
      <ul>
        {sections.map(([anchor, text]) => (
          <li key={anchor}><a href={`#${anchor}`}>{text}</a></li>
        ))}
      </ul>
    </nav>
  );
}
