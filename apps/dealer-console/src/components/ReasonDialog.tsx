import type { Rejection } from '@felt-studio/protocol';
import { Dialog, ErrorNotice } from '@felt-studio/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReasonDialogProps {
  readonly title: string;
  readonly intro: string;
  readonly submitLabel: string;
  /** Preset reasons (label shown = reason sent); the last choice "other" lets the dealer type one. */
  readonly presets: readonly string[];
  readonly otherLabel: string;
  readonly busy: boolean;
  readonly danger?: boolean;
  /** The server's refusal of the last attempt (shown inside the dialog). */
  readonly error?: Rejection | null;
  readonly onSubmit: (reason: string) => void;
  readonly onClose: () => void;
}

/** Pick a reason with one tap (or type one) and send it: void request, pit-boss call, no spin. */
export function ReasonDialog({ title, intro, submitLabel, presets, otherLabel, busy, danger, error, onSubmit, onClose }: ReasonDialogProps) {
  const { t } = useTranslation('dealer');
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const name = useId();
  const reason = choice === null ? '' : choice === '__other' ? other.trim() : choice;
  return (
    <Dialog
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="felt-btn felt-btn-ghost" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="button" className={`felt-btn ${danger ? 'felt-btn-danger' : 'felt-btn-primary'}`} disabled={reason === '' || busy} onClick={() => onSubmit(reason)}>
            {busy ? t('dialog.sending') : submitLabel}
          </button>
        </>
      }
    >
      <p>{intro}</p>
      <fieldset className="dc-reasons">
        <legend>{t('dialog.reason')}</legend>
        {presets.map((p) => (
          <label key={p} className={`dc-reason${choice === p ? ' is-checked' : ''}`}>
            <input type="radio" name={name} value={p} checked={choice === p} onChange={() => setChoice(p)} />
            {p}
          </label>
        ))}
        <label className={`dc-reason${choice === '__other' ? ' is-checked' : ''}`}>
          <input type="radio" name={name} value="__other" checked={choice === '__other'} onChange={() => setChoice('__other')} />
          {otherLabel}
        </label>
      </fieldset>
      {choice === '__other' ? (
        <label className="dc-other">
          <span className="felt-visually-hidden">{t('dialog.reason')}</span>
          <textarea value={other} onChange={(e) => setOther(e.target.value)} maxLength={500} rows={2} placeholder={t('dialog.otherPlaceholder')} aria-label={t('dialog.reason')} />
        </label>
      ) : null}
      {reason === '' ? <p className="dc-muted">{t('dialog.reasonRequired')}</p> : null}
      <ErrorNotice error={error ?? null} />
    </Dialog>
  );
}
