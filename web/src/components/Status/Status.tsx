/** A record's status (a tender's, a complaint's, a plan milestone's…) as a badge. */
import type { ReactNode } from 'react';

/** The classes of a status badge: `status status-<code>`, the code made safe for CSS. */
export const statusClass = (code: string) => `status status-${code.replace(/[^a-z0-9-]/gi, '-')}`;

/**
 * The badge of status `code` showing `children` (its label). `label` ("Статус"), when
 * given, is read to screen readers before it: a record page's header says what the
 * badge is; a card's badge among others needs no such word.
 */
export function Status({ code, label, children }: { code: string; label?: string; children: ReactNode }) {
  return (
    <span className={statusClass(code)}>
      {label ? <span className="visually-hidden">{label}: </span> : null}
      {children}
    </span>
  );
}
