import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../styles/dialog.css';

export interface DialogProps {
  readonly title: string;
  readonly children: ReactNode;
  /** Escape, the close button and a tap outside call this. */
  readonly onClose: () => void;
  /** Buttons at the bottom (submit, cancel). */
  readonly actions?: ReactNode;
  readonly wide?: boolean;
}

/**
 * A modal dialog (role="dialog", aria-modal, labelled by its title): focus moves into it on open
 * and back to where it was on close; Escape closes it. Touch-sized; used for reasons and sign-offs.
 */
export function Dialog({ title, children, onClose, actions, wide }: DialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus], input, textarea, select, button:not([data-dialog-close])');
    (first ?? ref.current)?.focus();
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);
  return (
    <div className="felt-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className={`felt-dialog${wide ? ' is-wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="felt-dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="felt-btn felt-btn-ghost felt-btn-sm" data-dialog-close onClick={onClose} aria-label={t('close')}>
            ✕
          </button>
        </div>
        <div className="felt-dialog-body">{children}</div>
        {actions ? <div className="felt-dialog-actions">{actions}</div> : null}
      </div>
    </div>
  );
}
