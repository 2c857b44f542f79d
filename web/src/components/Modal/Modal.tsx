/**
 * The modal dialog (SPEC §2.6): a title, content and up to three buttons; without
 * buttons it has one blue 'understood' button that closes it. Closed, it renders
 * nothing. It is rendered in place (portals do not render on the server) and sits
 * above the page through fixed positioning. It follows the WAI-ARIA dialog pattern: focus
 * moves to its first control, Tab and Shift+Tab stay inside it, Escape closes it, and focus
 * goes back to the element that opened it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';

export const MODAL_MAX_BUTTONS = 3;

export interface ModalButton {
  label: string;
  onClick: () => void;
  variant?: 'primary' | 'secondary';
}

interface Props {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** At most three are shown: any further buttons are dropped (the layout holds three). */
  buttons?: ModalButton[];
  onClose: () => void;
  /**
   * Its widest: `medium` 800 px, `small` 500 px. A class, not a `style` attribute: the
   * Content-Security-Policy allows no inline styles.
   */
  size?: 'small' | 'medium';
}

export function Modal({ open, title, children, buttons, onClose, size = 'medium' }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  // Escape calls the latest onClose without re-running the open effect on each render.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const controls = () => [...(dialog.current?.querySelectorAll<HTMLElement>('a[href],button:not(:disabled),input,select,textarea') ?? [])];
    (controls()[0] ?? dialog.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeRef.current();
      if (e.key !== 'Tab') return;
      const all = controls();
      const [first, last] = [all[0], all[all.length - 1]];
      const at = document.activeElement as HTMLElement | null;
      // Past either end, or from outside the dialog, focus wraps round to the other end.
      if (!dialog.current?.contains(at) || at === dialog.current || at === (e.shiftKey ? first : last)) {
        e.preventDefault();
        (e.shiftKey ? last : first)?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;

  const shown: ModalButton[] = buttons?.length
    ? buttons.slice(0, MODAL_MAX_BUTTONS)
    : [{ label: t('modal.understood'), onClick: onClose, variant: 'primary' }];

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className={`modal modal-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button type="button" className="modal-close" aria-label={t('modal.close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal-body">{children}</div>
        <div className="modal-buttons">
          {shown.map((b, i) => (
            <button
              key={i}
              type="button"
              className={b.variant === 'secondary' ? 'button' : 'button button-primary'}
              onClick={b.onClick}
            >
              {b.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
