import { useTranslation } from 'react-i18next';
import type { DealerAction } from '../hooks/useDealerActions';
import type { Controls as ControlSet } from '../model/round';

export type DialogKind = 'void' | 'pitboss' | 'manual' | 'no-spin' | 'manual-number' | 'manual-dice';

export interface ControlsProps {
  readonly controls: ControlSet;
  readonly autoCadence: boolean;
  readonly busy: DealerAction['type'] | null;
  readonly onAction: (a: DealerAction) => void;
  readonly onDialog: (d: DialogKind) => void;
}

/** Big touch buttons; only those that fit the phase are shown (the server still decides). */
export function Controls({ controls: c, autoCadence, busy, onAction, onDialog }: ControlsProps) {
  const { t } = useTranslation('dealer');
  return (
    <section className="dc-controls" aria-label={t('controls.region')}>
      {c.openRound ? (
        <div className="dc-control">
          <button type="button" className="felt-btn dc-btn dc-btn-go" disabled={busy !== null} onClick={() => onAction({ type: 'open' })}>
            {t('controls.openRound')}
          </button>
          <span className="dc-hint">{autoCadence ? t('controls.autoHint') : t('controls.openRoundHint')}</span>
        </div>
      ) : null}
      {c.closeBetting ? (
        <div className="dc-control">
          <button type="button" className="felt-btn dc-btn dc-btn-stop" disabled={busy !== null} onClick={() => onAction({ type: 'close' })}>
            {t('controls.closeBetting')}
          </button>
          <span className="dc-hint">{t('controls.closeBettingHint')}</span>
        </div>
      ) : null}
      {c.declareNoSpin ? (
        <button type="button" className="felt-btn dc-btn dc-btn-warn" disabled={busy !== null} onClick={() => onDialog('no-spin')}>
          {t('controls.declareNoSpin')}
        </button>
      ) : null}
      {c.manualCard ? (
        <button type="button" className={`felt-btn dc-btn ${c.manualCard === 'EnterManualCard' ? 'dc-btn-go' : ''}`} disabled={busy !== null} onClick={() => onDialog('manual')}>
          {t('controls.manualCard')}
        </button>
      ) : null}
      {c.manualResult ? (
        <button type="button" className="felt-btn dc-btn" disabled={busy !== null} onClick={() => onDialog(c.manualResult === 'roulette' ? 'manual-number' : 'manual-dice')}>
          {t(c.manualResult === 'roulette' ? 'controls.manualNumber' : 'controls.manualDice')}
        </button>
      ) : null}
      {c.luckyDice ? (
        <div className="dc-control dc-throw" role="group" aria-label={t('controls.throwGroup')}>
          {c.luckyDice.permit ? (
            <button type="button" className="felt-btn dc-btn dc-btn-go" disabled={busy !== null} onClick={() => onAction({ type: 'throw', command: 'PermitThrow' })}>
              {t('controls.permitThrow')}
            </button>
          ) : null}
          {c.luckyDice.judge ? (
            <>
              <button type="button" className="felt-btn dc-btn dc-btn-go" disabled={busy !== null} onClick={() => onAction({ type: 'judge', valid: true })}>
                {t('controls.approveThrow')}
              </button>
              <button type="button" className="felt-btn dc-btn dc-btn-warn" disabled={busy !== null} onClick={() => onAction({ type: 'judge', valid: false })}>
                {t('controls.invalidThrow')}
              </button>
            </>
          ) : null}
          {c.luckyDice.pass ? (
            <button type="button" className="felt-btn dc-btn dc-btn-quiet" disabled={busy !== null} onClick={() => onAction({ type: 'throw', command: 'PassTurn' })}>
              {t('controls.passTurn')}
            </button>
          ) : null}
          <span className="dc-hint">{t('controls.throwHint')}</span>
        </div>
      ) : null}
      {c.cutCard ? (
        <button type="button" className="felt-btn dc-btn dc-btn-quiet" disabled={busy !== null} onClick={() => onAction({ type: 'cut-card' })}>
          {t('controls.cutCard')}
        </button>
      ) : null}
      {c.requestVoid ? (
        <button type="button" className="felt-btn dc-btn dc-btn-danger" disabled={busy !== null} onClick={() => onDialog('void')}>
          {t('controls.requestVoid')}
        </button>
      ) : null}
      {c.callPitBoss ? (
        <button type="button" className="felt-btn dc-btn dc-btn-call" disabled={busy === 'pitboss'} onClick={() => onDialog('pitboss')}>
          {t('controls.callPitBoss')}
        </button>
      ) : null}
    </section>
  );
}
