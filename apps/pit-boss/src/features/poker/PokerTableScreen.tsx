import type { Card } from '@felt-studio/games';
import type { PokerHandSummary, PokerTableFrame } from '@felt-studio/protocol';
import { ErrorNotice, Money, PlayingCard, PokerSeatsTable, formatMoneyShort, toRejection, useLocale, pokerSeatStates, usePokerTable, useSession } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { hrefOf } from '../../lib/router';
import { HandHistory } from './HandHistory';
import { PokerDecisions } from './PokerDecisions';

/** Seats as the pit boss sees them: down cards face down (unless the profile lets staff see them), up cards and the board open. */
function Seats({ frame }: { readonly frame: PokerTableFrame }) {
  const { t } = useTranslation('pit');
  const hand = frame.hand;
  return (
    <section className="pit-panel" aria-labelledby="pit-poker-seats">
      <h2 id="pit-poker-seats">{t('pokerTable.seats')}</h2>
      {/* a scrollable region reachable from the keyboard (axe scrollable-region-focusable, seen on a phone) */}
      <div className="pit-scroll-x" tabIndex={0} role="region" aria-labelledby="pit-poker-seats">
        <PokerSeatsTable
          frame={frame}
          columns={[t('pokerTable.col.seat'), t('pokerTable.col.player'), t('pokerTable.col.stack'), t('pokerTable.col.bet'), t('pokerTable.col.cards')]}
          className="pit-table pit-poker-seats"
          cardsClassName="felt-card-row pit-hh-cards"
          player={({ frame: f, hand: h, acting }) => {
            const states = pokerSeatStates(f, h).map((k) => t(`pokerTable.state.${k}`));
            return (
              <>
                {f ? <strong>{f.displayName}</strong> : <span className="felt-muted">{t('pokerTable.free')}</span>}
                {states.length > 0 ? <span className="felt-muted"> · {states.join(' · ')}</span> : null}
                {acting ? <span className="pit-poker-acting"> ← {t('pokerTable.toAct')}{hand?.bankInUse ? `, ${t('pokerTable.bankInUse')}` : ''}</span> : null}
              </>
            );
          }}
          downCard={() => <span className="pit-hh-down" role="img" aria-label={t('pokerTable.cardDown')} />}
        />
      </div>
    </section>
  );
}

/** The table's latest hands from the server (newest first), fetched again when a new hand starts or one ends. */
function useRecentHands(tableId: string, current: string | null, phase: string | null): readonly PokerHandSummary[] {
  const { api } = useSession();
  const ended = phase === 'complete' || phase === 'void';
  const q = useQuery({ queryKey: ['pokerHands', tableId, current, ended], queryFn: () => api.pokerHands(tableId, 30) });
  return q.data?.hands ?? [];
}

function History({ frame }: { readonly frame: PokerTableFrame }) {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const hand = frame.hand;
  const locale = useLocale();
  const recent = useRecentHands(frame.tableId, hand?.handId ?? null, hand?.phase ?? null);
  const seen = recent.map((h) => h.handId);
  const about = new Map(recent.map((h) => [h.handId, h]));
  const [picked, setPicked] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const selectId = useId();
  const inputId = useId();
  const handId = picked ?? hand?.handId ?? null;
  const options = handId !== null && !seen.includes(handId) ? [handId, ...seen] : seen;
  // the frame's hand: who played the seat (it may have changed hands since); an older hand: who sits there now
  const handSeats = handId !== null && handId === hand?.handId ? frame.handSeats : [];
  const name = (seat: number): string => handSeats.find((s) => s.seat === seat)?.displayName ?? frame.seats.find((s) => s?.seat === seat)?.displayName ?? `#${seat}`;
  const live = hand !== null && hand.handId === handId && hand.phase !== 'complete' && hand.phase !== 'void';
  const open = (e: FormEvent): void => {
    e.preventDefault();
    if (typed.trim() !== '') setPicked(typed.trim());
  };
  return (
    <section className="pit-panel" aria-labelledby="pit-poker-history">
      <h2 id="pit-poker-history">{t('pokerTable.history.title')}</h2>
      <div className="pit-hh-pick">
        <label htmlFor={selectId}>{t('pokerTable.history.pick')}</label>
        <select id={selectId} value={handId ?? ''} onChange={(e) => setPicked(e.target.value)} disabled={options.length === 0}>
          {options.map((h) => (
            <option key={h} value={h}>
              {about.has(h) ? `${formatTime(about.get(h)?.startedAt ?? 0, locale)} · ` : ''}
              {h}
              {h === hand?.handId ? ` (${tc(`pokerTable.phases.${hand.phase}`)})` : about.get(h)?.ending === 'void' ? ` (${tc('pokerTable.phases.void')})` : ''}
            </option>
          ))}
        </select>
        <form className="felt-form pit-hh-byid" onSubmit={open}>
          <label htmlFor={inputId} className="felt-muted">
            {t('pokerTable.history.seen')}
          </label>
          <input id={inputId} placeholder={t('pokerTable.history.handId')} value={typed} onChange={(e) => setTyped(e.target.value)} />
          <button type="submit" className="felt-btn felt-btn-sm">
            {t('pokerTable.history.show')}
          </button>
        </form>
      </div>
      {handId !== null ? <HandHistory key={handId} tableId={frame.tableId} handId={handId} currency={frame.currency} name={name} live={live} /> : <p className="felt-muted">{t('floor.poker.noHand')}</p>}
    </section>
  );
}

export function PokerTableView({ frame }: { readonly frame: PokerTableFrame }) {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const c = frame.config;
  const cur = frame.currency;
  const hand = frame.hand;
  const live = hand !== null && hand.phase !== 'complete' && hand.phase !== 'void';
  return (
    <div className="pit-table-screen" data-pit-poker={frame.tableId}>
      <p>
        <a href={hrefOf({ name: 'floor' })} className="pit-link">
          ← {t('pokerTable.back')}
        </a>
      </p>
      <header className="pit-poker-head">
        <h1>{frame.name}</h1>
        <p className="felt-muted">
          {tc(`pokerTable.variants.${c.variant}`, { defaultValue: c.variant })} · {tc(`pokerTable.structures.${c.structure}`)} · {tc('pokerTable.blinds', { sb: formatMoneyShort(c.smallBlindMinor, cur, locale), bb: formatMoneyShort(c.bigBlindMinor, cur, locale) })}
          {c.straddleTable ? ' · Ö' : ''} · {t(`floor.poker.${frame.dealing}`)} · <span className="felt-mono">{frame.tableId}</span>
        </p>
        <p>
          <strong>{tc(`pokerTable.phases.${hand?.phase ?? 'none'}`)}</strong>
          {hand ? <span className="felt-mono felt-muted"> · {hand.handId}</span> : null}
          {hand ? (
            <>
              {' '}
              · {t('floor.poker.pot')} <Money minor={hand.potMinor} currency={cur} />
            </>
          ) : null}
        </p>
      </header>
      <div className="pit-table-cols">
        <div>
          <section className="pit-panel" aria-labelledby="pit-poker-decisions">
            <h2 id="pit-poker-decisions">{t('pokerTable.decisions')}</h2>
            {!live ? <p className="felt-muted">{t('pokerTable.noLiveHand')}</p> : null}
            <PokerDecisions frame={frame} />
            {hand && hand.board.length > 0 ? (
              <div className="felt-card-row pit-poker-board" role="group" aria-label={t('pokerTable.history.street.board')}>
                {hand.board.map((card) => (
                  <PlayingCard key={card} card={card as Card} size="md" />
                ))}
              </div>
            ) : null}
          </section>
          <Seats frame={frame} />
        </div>
        <div>
          <History frame={frame} />
        </div>
      </div>
    </div>
  );
}

/** `#/poker/:tableId`: a live poker table for the pit boss (the pit boss's frame, `poker.join`). */
export function PokerTableScreen({ tableId }: { readonly tableId: string }) {
  const { t: tc } = useTranslation('common');
  const table = usePokerTable(tableId);
  if (table.isError) return <ErrorNotice error={toRejection(table.error)} />;
  if (!table.data) return <p className="felt-center felt-muted">{tc('loading')}</p>;
  return <PokerTableView frame={table.data} />;
}
