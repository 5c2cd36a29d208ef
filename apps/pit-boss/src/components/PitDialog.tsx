import type { Rejection } from '@felt-studio/protocol';
import { toRejection } from '@felt-studio/ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * The frame of the pit boss's audited dialogs (the reason dialog, the exposed-card ruling): a modal labelled by
 * its title and described by its help; Escape or a tap outside closes it unless an action is under way, and
 * focus goes back to where it was when it closes. The dialog itself moves focus inside.
 */
export function PitDialog({ title, help, busy, onClose, children }: { readonly title: string; readonly help?: ReactNode; readonly busy: boolean; readonly onClose: () => void; readonly children: ReactNode }) {
  const titleId = useId();
  const helpId = useId();
  const before = useRef<Element | null>(null);
  useEffect(() => {
    before.current = document.activeElement;
    return () => {
      if (before.current instanceof HTMLElement) before.current.focus();
    };
  }, []);
  return (
    <div className="pit-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !busy && onClose()}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={help ? helpId : undefined} className="pit-dialog" onKeyDown={(e) => e.key === 'Escape' && !busy && onClose()}>
        <h2 id={titleId}>{title}</h2>
        {help ? (
          <p id={helpId} className="felt-muted">
            {help}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}

/**
 * An audited action of a pit dialog: `run` sends it, closes the dialog when the server accepts it and keeps the
 * server's refusal (code and rule ID) to show in the dialog; `busy` while it is under way.
 */
export function useDialogAction(onClose: () => void): { readonly busy: boolean; readonly error: Rejection | null; readonly dismissError: () => void; readonly run: (action: () => Promise<unknown>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Rejection | null>(null);
  const run = async (action: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      onClose();
    } catch (err) {
      setError(toRejection(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, dismissError: () => setError(null), run };
}
