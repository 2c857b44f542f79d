/**
 * A titled part of a record's page (tender, monitoring): `id` is its anchor (`#awards`)
 * and names its heading (`awards-title`), which labels the section for screen readers.
 */
import type { ReactNode } from 'react';

interface Props {
  id: string;
  title: string;
  /**
   * For the facts under a page's header: the title is read by screen readers only, and
   * the section, not a part one links to, has no anchor.
   */
  hiddenTitle?: boolean;
  children: ReactNode;
}

export function Section({ id, title, hiddenTitle = false, children }: Props) {
  return (
    <section id={hiddenTitle ? undefined : id} className="tender-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={hiddenTitle ? 'visually-hidden' : undefined}>{title}</h2>
      {children}
    </section>
  );
}
