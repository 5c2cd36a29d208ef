import type { CSSProperties } from 'react';
import { DiceRow, PlayingCard } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import type { HandModel, RoundModel } from '../model/round';

function Hand({ hand, game }: { readonly hand: HandModel; readonly game: string }) {
  const { t } = useTranslation('dealer');
  const label = t(`hands.${hand.label}`, hand.labelParams);
  const total = hand.total === null ? null : game === 'baccarat' ? t('cards.points', { n: hand.total.value }) : hand.total.soft ? t('cards.soft', { n: hand.total.value }) : t('cards.total', { n: hand.total.value });
  return (
    <li className={`dc-hand${hand.active ? ' is-active' : ''}`} aria-label={label} aria-current={hand.active ? 'step' : undefined}>
      <div className="dc-hand-head">
        <span className="dc-hand-label">{label}</span>
        {total ? <span className="dc-hand-total">{total}</span> : null}
        {hand.behind ? <span className="dc-hand-behind">{t('hands.behind', { count: hand.behind })}</span> : null}
        {hand.active ? <span className="dc-hand-next">{t('cards.next')}</span> : null}
      </div>
      {/* four cards or more fan out in one row (dealer.css): a long blackjack hand never pushes "What is due" off the tablet's screen */}
      <div className={`dc-hand-cards${hand.cards.length >= 4 ? ' is-fanned' : ''}`} style={{ '--n': hand.cards.length } as CSSProperties}>
        {hand.cards.length === 0 ? <span className="dc-muted">{t('cards.none')}</span> : hand.cards.map((c, i) => <PlayingCard key={`${i}-${c}`} card={c} size="lg" />)}
      </div>
    </li>
  );
}

/** What is on the table: the cards as scanned, the winning number, or the dice. */
export function TablePanel({ round }: { readonly round: RoundModel }) {
  const { t } = useTranslation('dealer');
  const { t: tc } = useTranslation('common');
  if (round.roulette) {
    const r = round.roulette;
    return (
      <section className="dc-table" aria-label={t('roulette.region')}>
        {r.number !== null ? (
          <div className={`dc-number is-${r.colour ?? 'green'}`} role="img" aria-label={t('roulette.number', { n: r.number, colour: t(`roulette.colours.${r.colour ?? 'green'}`) })}>
            <span className="dc-label">{t('roulette.winning')}</span>
            <span className="dc-number-value" aria-hidden="true">
              {r.number}
            </span>
          </div>
        ) : (
          <p className="dc-table-wait">{round.phase === 'void' ? t('console.noResultVoid') : r.ballInMotion ? t('roulette.inMotion') : t('roulette.waiting')}</p>
        )}
        {r.noSpins > 0 ? <p className="dc-muted">{t('roulette.noSpins', { count: r.noSpins })}</p> : null}
      </section>
    );
  }
  if (round.moneyWheel) {
    // Money Wheel (MW-1..MW-4, issue 20 defect 2): the winning number, or where the wheel stands
    const w = round.moneyWheel;
    const phase = round.phase;
    return (
      <section className="dc-table" aria-label={t('moneyWheel.region')}>
        {w.result !== null ? (
          <div className="dc-number is-green" role="img" aria-label={w.multiplier === null ? t('moneyWheel.result', { n: w.result }) : t('moneyWheel.resultMultiplied', { n: w.result, m: w.multiplier })}>
            <span className="dc-label">{t('moneyWheel.winning')}</span>
            <span className="dc-number-value" aria-hidden="true">
              {w.result}
              {w.multiplier !== null ? ` · ${w.multiplier}x` : ''}
            </span>
          </div>
        ) : (
          <p className="dc-table-wait" role="status">
            {w.invalidInARow > 0
              ? t('moneyWheel.invalid', { spin: w.spins })
              : w.multiplier !== null
                ? t('moneyWheel.multiplier', { list: w.multipliers.join(' × '), m: w.multiplier })
                : phase === 'void'
                  ? t('console.noResultVoid')
                  : phase === 'betting'
                  ? t('moneyWheel.waiting')
                  : phase === 'closed'
                    ? t('moneyWheel.spinning')
                    : tc(`phases.${phase}`, { defaultValue: phase })}
          </p>
        )}
        {w.spins > 0 ? (
          <p className="dc-muted">
            {t('moneyWheel.spins', { count: w.spins })}
            {w.last !== null ? ` · ${t('moneyWheel.last', { label: w.last })}` : ''}
          </p>
        ) : null}
      </section>
    );
  }
  if (round.game === 'sicbo' || round.game === 'lucky-dice') {
    return (
      <section className="dc-table" aria-label={t('dice.region')}>
        {round.dice ? (
          <div className="dc-dice">
            <DiceRow dice={round.dice} {...(round.game === 'lucky-dice' ? { colours: ['red', 'green'] as const } : {})} />
            <span className="dc-hand-total">{t('dice.total', { n: round.dice.reduce((a, b) => a + b, 0) })}</span>
            {round.game === 'lucky-dice' && round.dice.length === 2 ? <span className="dc-hand-total">{t('dice.luckyNumber', { red: round.dice[0], green: round.dice[1], n: ((round.dice[0] ?? 1) - 1) * 6 + (round.dice[1] ?? 1) })}</span> : null}
          </div>
        ) : (
          <p className="dc-table-wait">{round.phase === 'void' ? t('console.noResultVoid') : t('dice.waiting')}</p>
        )}
      </section>
    );
  }
  const pk = round.poker;
  return (
    <section className="dc-table" aria-label={t('cards.region')}>
      {/* five hands or more (the dealer and four seats) take three rows: compact cards and heads keep "What is due" on the tablet's screen */}
      <ul className={`dc-hands is-${round.game}${pk ? ' is-poker' : ''}${round.hands.length > 4 ? ' is-many' : ''}`}>
        {round.hands.map((h) => (
          <Hand key={h.id} hand={h} game={round.game} />
        ))}
      </ul>
      {pk ? (
        <div className="dc-poker" role="status" aria-label={t('poker.region')}>
          <span className="dc-hand-total">{t('poker.dealt', { n: pk.dealt, total: pk.total })}</span>
          {pk.decision ? (
            <span className="dc-poker-deciding">
              {t('poker.deciding', { decided: pk.decision.decided, waiting: pk.decision.waiting, count: pk.decision.decided + pk.decision.waiting })}
              <span className="dc-muted"> · {pk.decision.options.map((o) => t(`pokerActions.${o}`, { defaultValue: o })).join(' / ')}</span>
            </span>
          ) : pk.revealed ? (
            <span>{t('poker.revealed')}</span>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
