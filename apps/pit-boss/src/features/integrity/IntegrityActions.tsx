import { queryKeys, useSession } from '@felt-studio/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/ReasonDialog';

/**
 * Issue 23: the Integrity view's actions, each audited with its reason like every pit action (ReasonDialog →
 * the table status command, which writes who, when and why to the audit log):
 * - **take a wheel out of service**: its table goes to `maintenance` (no new round starts), the wheel named in the reason;
 * - **require a shoe change**: the shoe's table is paused (the round in play finishes, no new one starts) until
 *   the pit boss opens it again with a fresh shoe attached — the shoe named in the reason.
 */
export function IntegrityAction({ kind, subject, tableId, tableName }: { readonly kind: 'wheel' | 'shoe'; readonly subject: string; readonly tableId: string; readonly tableName: string }) {
  const { t } = useTranslation('pit');
  const { api } = useSession();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const label = kind === 'wheel' ? t('integrity.actions.wheelOut') : t('integrity.actions.shoeChange');
  return (
    <div className="pit-integrity-action">
      <button type="button" className="felt-btn" onClick={() => setOpen(true)} aria-label={`${label}: ${subject}`}>
        {label}
      </button>
      {open ? (
        <ReasonDialog
          title={kind === 'wheel' ? t('integrity.actions.wheelOutTitle', { wheel: subject, table: tableName }) : t('integrity.actions.shoeChangeTitle', { shoe: subject, table: tableName })}
          help={kind === 'wheel' ? t('integrity.actions.wheelOutHelp') : t('integrity.actions.shoeChangeHelp')}
          danger
          onConfirm={async (reason) => {
            const why = kind === 'wheel' ? t('integrity.actions.wheelOutReason', { wheel: subject, reason }) : t('integrity.actions.shoeChangeReason', { shoe: subject, reason });
            await api.setTableStatus(tableId, kind === 'wheel' ? 'maintenance' : 'paused', why);
            await qc.invalidateQueries({ queryKey: queryKeys.tables });
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
