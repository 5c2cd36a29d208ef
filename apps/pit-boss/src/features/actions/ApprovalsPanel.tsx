import type { PendingRequest } from '@felt-studio/client-sdk';
import { useLocale, useSession } from '@felt-studio/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, shortId } from '../../lib/format';
import { pitKeys } from '../../data/usePitData';
import { ReasonDialog } from '../../components/ReasonDialog';

type Decision = { readonly req: PendingRequest; readonly approve: boolean };

/** Void requests and manual entries waiting for a pit boss: approve or deny, each with a reason. */
export function ApprovalsPanel({ requests, tableName }: { readonly requests: readonly PendingRequest[]; readonly tableName: (tableId: string) => string }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const { api } = useSession();
  const qc = useQueryClient();
  const [open, setOpen] = useState<Decision | null>(null);

  const act = async (d: Decision, reason: string): Promise<void> => {
    const { req } = d;
    if (d.approve) {
      if (req.kind === 'void') await api.approveVoid(req.tableId, req.requestId, reason);
      else await api.approveManualEntry(req.tableId, req.requestId, reason);
    } else await api.denyRequest(req.tableId, req.requestId, reason);
    await qc.invalidateQueries({ queryKey: pitKeys.pending(req.tableId) });
  };

  const key = (d: Decision): string => `${d.approve ? 'approve' : 'deny'}${d.req.kind === 'void' ? 'Void' : 'Manual'}`;

  return (
    <section className="pit-requests" aria-labelledby="pit-requests-title">
      <h2 id="pit-requests-title" className="pit-section-head">
        {t('requests.title')} {requests.length > 0 ? <span className="pit-count is-warning">{requests.length}</span> : null}
      </h2>
      {requests.length === 0 ? <p className="felt-muted">{t('requests.none')}</p> : null}
      <ul className="pit-request-list">
        {requests.map((r) => (
          <li key={r.requestId} className="pit-request">
            <div>
              <strong>{r.kind === 'void' ? t('requests.void') : t('requests.manual')}</strong> · {tableName(r.tableId)} · <span className="felt-mono" title={r.roundId}>{shortId(r.roundId)}</span>
              <p className="felt-muted">{t('requests.by', { who: r.by, time: formatTime(r.at, locale) })}</p>
              <p>{t('requests.reason', { reason: r.reason })}</p>
              {r.command ? <p className="pit-entered">{t('requests.command', { command: enteredText(r.command, (key, o) => t(key, o ?? {})) })}</p> : null}
            </div>
            <div className="pit-row">
              <button type="button" className="felt-btn felt-btn-primary" onClick={() => setOpen({ req: r, approve: true })}>
                {t('requests.approve')}
              </button>
              <button type="button" className="felt-btn felt-btn-danger" onClick={() => setOpen({ req: r, approve: false })}>
                {t('requests.deny')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {open ? (
        <ReasonDialog
          title={t(`dialog.${key(open)}`, { round: shortId(open.req.roundId) })}
          help={t(`dialog.${key(open)}Help`)}
          confirmLabel={open.approve ? t('requests.approve') : t('requests.deny')}
          danger={!open.approve}
          onConfirm={(reason) => act(open, reason)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}

/** A hand-entered command in words for the pit boss who signs it off (number, dice, card; else its fields). */
export function enteredText(command: Readonly<Record<string, unknown>>, t: (key: string, o?: Record<string, unknown>) => string): string {
  const dir = (d: unknown): string => (d === 'cw' || d === 'ccw' ? t(`requests.direction.${d}`) : String(d));
  if (command['type'] === 'RecordSpinResult' && typeof command['number'] === 'number') {
    return t('requests.enteredNumber', { n: command['number'], revolutions: command['revolutions'], ball: dir(command['ballDirection']), wheel: dir(command['wheelDirection']), spin: command['spin'] });
  }
  if (command['type'] === 'RecordDiceResult' && Array.isArray(command['dice'])) return t('requests.enteredDice', { dice: (command['dice'] as unknown[]).join(' · ') });
  if (typeof command['card'] === 'string') return t('requests.enteredCard', { card: command['card'] });
  return JSON.stringify(command);
}
