/** The empty-state block (SPEC §2.6): a title, a text and an optional button or link. */
import { AppLink } from '../AppLink/AppLink';

export type EmptyStateAction = { label: string; to: string } | { label: string; onClick: () => void };

interface Props {
  title: string;
  text: string;
  /** `to` renders a link (an app path), `onClick` a button. */
  action?: EmptyStateAction;
}

export function EmptyState({ title, text, action }: Props) {
  return (
    <div className="empty-state">
      <h2 className="empty-state-title">{title}</h2>
      <p className="empty-state-text">{text}</p>
      {action &&
        ('to' in action ? (
          <AppLink className="button button-primary" to={action.to}>
            {action.label}
          </AppLink>
        ) : (
          <button type="button" className="button button-primary" onClick={action.onClick}>
            {action.label}
          </button>
        ))}
    </div>
  );
}
