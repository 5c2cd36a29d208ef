import type { Table } from '@felt-studio/client-sdk';
import { BetTimer, Money, shortId } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import type { RoundModel } from '../model/round';

/** The big status: phase, timer, round, players and total stake (never who the players are). */
export function StatusBoard({ table, round }: { readonly table: Table; readonly round: RoundModel }) {
  const { t } = useTranslation('dealer');
  const betting = round.phase === 'betting';
  return (
    <section className="dc-status" aria-label={t('status.region')}>
      <div className={`dc-phase is-${round.phase}`}>
        <span className="dc-label">{t('status.phase')}</span>
        <strong className="dc-phase-text" aria-live="polite">
          {t(`phase.${round.phase}`, { defaultValue: round.phase })}
        </strong>
      </div>
      {betting || round.decisionDeadline !== null ? (
        <div className="dc-timer">
          {betting ? <BetTimer closesAt={round.bettingClosesAt} windowMs={table.betWindowS * 1000} open size={116} label={t('status.timer')} /> : null}
          {round.decisionDeadline !== null ? <BetTimer closesAt={round.decisionDeadline} windowMs={round.decisionWindowMs} open size={116} label={t('status.decisionTimer')} /> : null}
        </div>
      ) : null}
      <dl className="dc-figures">
        <div>
          <dt>{t('status.round')}</dt>
          <dd className="dc-round-id" title={round.roundId ?? undefined}>
            {round.roundId ? shortId(round.roundId) : t('status.noRound')}
          </dd>
        </div>
        <div>
          <dt>{t('status.players')}</dt>
          <dd>{round.players}</dd>
        </div>
        <div>
          <dt>{t('status.bets')}</dt>
          <dd>{round.bets}</dd>
        </div>
        <div>
          <dt>{t('status.stake')}</dt>
          <dd>
            <Money minor={round.stakeMinor} currency={table.currency} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
