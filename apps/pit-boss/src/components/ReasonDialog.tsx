import { ErrorNotice } from '@felt-studio/ui';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PitDialog, useDialogAction } from './PitDialog';

export interface ReasonDialogProps {
  readonly title: string;
  readonly help?: string;
  /** Extra fields above the reason (limits, checks, a correction). Return false from `validate` to block. */
  readonly children?: ReactNode;
  readonly validate?: () => string | null;
  readonly confirmLabel?: string;
  readonly danger?: boolean;
  /** Runs the audited action with the reason; a rejection is shown in the dialog. */
  readonly onConfirm: (reason: string) => Promise<unknown>;
  readonly onClose: () => void;
}

/**
 * Every pit-boss action goes through this dialog: a reason is required (it lands in the audit log
 * with who and when), the server's answer — or its rejection with code and rule ID — is shown here.
 */
export function ReasonDialog({ title, help, children, validate, confirmLabel, danger, onConfirm, onClose }: ReasonDialogProps) {
  const { t } = useTranslation('pit');
  const reasonId = useId();
  const errId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { busy, error, dismissError, run } = useDialogAction(onClose);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => reasonRef.current?.focus(), []);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const bad = validate?.() ?? null;
    setFieldError(bad);
    const r = reason.trim();
    setMissing(r === '');
    if (r === '' || bad !== null) {
      if (r === '') reasonRef.current?.focus();
      return;
    }
    await run(() => onConfirm(r));
  };

  return (
    <PitDialog title={title} help={help} busy={busy} onClose={onClose}>
      <form className="felt-form" onSubmit={(e) => void submit(e)} noValidate>
        {children}
        {fieldError ? (
          <p className="pit-field-error" role="alert">
            {fieldError}
          </p>
        ) : null}
        <label htmlFor={reasonId}>{t('dialog.reason')}</label>
        <textarea
          id={reasonId}
          ref={reasonRef}
          rows={3}
          maxLength={500}
          required
          aria-required="true"
          aria-invalid={missing}
          aria-describedby={missing ? errId : undefined}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim() !== '') setMissing(false);
          }}
        />
        {missing ? (
          <p id={errId} className="pit-field-error" role="alert">
            {t('dialog.reasonRequired')}
          </p>
        ) : null}
        <ErrorNotice error={error} onDismiss={dismissError} />
        <div className="pit-dialog-actions">
          <button type="button" className="felt-btn felt-btn-ghost" onClick={onClose} disabled={busy}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className={`felt-btn ${danger ? 'felt-btn-danger' : 'felt-btn-primary'}`} disabled={busy}>
            {busy ? t('dialog.busy') : (confirmLabel ?? t('dialog.confirm'))}
          </button>
        </div>
      </form>
    </PitDialog>
  );
}
