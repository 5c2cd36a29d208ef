import type { Card } from '@felt-studio/games';
import type { PokerSeatFrame, TournamentTablesView, TournamentView } from '@felt-studio/protocol';
import { ColumnHeads, PlayingCard, PokerSeatsTable, formatMoney, pokerSeatStates, useLocale, TOURNAMENT_FALLBACK_POLL_MS, useSecondsCountdown, useSession, useTournamentChanges, type PokerSeatsSource } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hrefOf } from '../../lib/router';

type StaffTable = TournamentTablesView['tables'][number];

/** Tournament chips are not money (ISO 4217 "no currency"): the seats table shows them as plain numbers. */
const CHIPS = 'XXX';

/**
 * A tournament table in the staff seats table's shape (`PokerSeatsTable`): who sits where with the tournament's chip
 * count — during a hand in play that is the count at its deal, and the table takes what the hand committed off it,
 * as at a live table. A robot entry's seat is played by the robot; a person's seat not taken (never sat in, sat out, or
 * sat out by the clock) is folded on its turns (TRN-ABSENT).
 */
export function seatsSource(t: StaffTable, seatsPerTable: number): PokerSeatsSource {
  const seats: (PokerSeatFrame | null)[] = Array.from({ length: seatsPerTable }, () => null);
  for (const x of t.seats) {
    seats[x.seat - 1] = { seat: x.seat, displayName: x.name ?? x.playerId, me: false, stackMinor: x.chips, status: 'active', disconnected: false, leaving: false, pendingTopUpMinor: 0, isButton: t.button === x.seat, robot: x.robot, straddle: false };
  }
  return { seats, hand: t.hand, currency: CHIPS, config: { seatCount: seatsPerTable } };
}

/** The level's time left (server clock), mm:ss; paused: what was left when it paused. */
function LevelClock({ x }: { readonly x: TournamentView }) {
  const { t } = useTranslation('pit');
  const left = useSecondsCountdown(x.status === 'running' ? x.level.endsAt : null);
  const ms = x.status === 'paused' ? x.level.remainingMs : left;
  if (ms === null) return null;
  const s = Math.ceil(ms / 1000);
  const text = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  return <span className="felt-mono">{t(x.status === 'paused' ? 'tournaments.detail.pausedLeft' : 'tournaments.detail.timeLeft', { time: text })}</span>;
}

function TableCard({ table, seatsPerTable }: { readonly table: StaffTable; readonly seatsPerTable: number }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const hand = table.hand;
  const headingId = `pit-trn-table-${table.tableNo}`;
  const state = hand === null ? t('tournaments.detail.noHand') : table.live ? t('tournaments.detail.handLive', { id: hand.handId }) : t('tournaments.detail.handLast', { id: hand.handId });
  return (
    <section className="pit-panel pit-trn-table" aria-labelledby={headingId} data-trn-table={table.tableNo}>
      <h3 id={headingId}>{t('tournaments.detail.table', { n: table.tableNo })}</h3>
      <p className="felt-muted">{state}</p>
      {hand ? (
        <p className="pit-trn-board">
          {hand.board.length > 0 ? (
            <span className="felt-card-row" role="group" aria-label={t('tournaments.detail.board')}>
              {hand.board.map((c) => (
                <PlayingCard key={c} card={c as Card} size="sm" />
              ))}
            </span>
          ) : null}
          <span>{t('tournaments.detail.pot', { chips: new Intl.NumberFormat(locale).format(hand.potMinor) })}</span>
        </p>
      ) : null}
      <div className="pit-scroll-x" tabIndex={0} role="region" aria-label={t('tournaments.detail.seatsOf', { n: table.tableNo })}>
        <PokerSeatsTable
          frame={seatsSource(table, seatsPerTable)}
          columns={[t('pokerTable.col.seat'), t('pokerTable.col.player'), t('tournaments.detail.chips'), t('pokerTable.col.bet'), t('pokerTable.col.cards')]}
          className="pit-table pit-poker-seats"
          cardsClassName="felt-card-row pit-hh-cards"
          player={({ frame: f, hand: h, acting }) => {
            const states = pokerSeatStates(f, h).map((k) => t(`pokerTable.state.${k}`));
            const who = f ? table.seats.find((x) => x.seat === f.seat) : undefined;
            // a robot entry is played by the robot; a person not sitting in is away, folded on their turns (TRN-ABSENT)
            if (who && !who.sittingIn) states.push(t(who.robot ? 'tournaments.detail.robot' : 'tournaments.detail.away'));
            return (
              <>
                {f ? <strong>{f.displayName}</strong> : <span className="felt-muted">{t('tournaments.detail.left')}</span>}
                {states.length > 0 ? <span className="felt-muted"> · {states.join(' · ')}</span> : null}
                {acting ? <span className="pit-poker-acting"> ← {t('pokerTable.toAct')}</span> : null}
              </>
            );
          }}
          downCard={() => <span className="pit-hh-down" role="img" aria-label={t('pokerTable.cardDown')} />}
        />
      </div>
      {table.actions.length > 0 ? (
        <details>
          <summary>{t('tournaments.detail.actions', { count: table.actions.length })}</summary>
          <ol className="pit-trn-actions">
            {table.actions.map((a, i) => (
              <li key={i}>{t(a.toMinor !== undefined && (a.action === 'bet' || a.action === 'raise') ? 'tournaments.detail.actionTo' : 'tournaments.detail.action', { seat: a.seat, action: t(`tournaments.detail.acts.${a.action}`), to: a.toMinor, by: t(`tournaments.detail.by.${a.by}`) })}</li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}

/**
 * One tournament for the pit boss (issue 24; docs/tournaments.md): its level and time left, the standings (every
 * entry, its player, chips, table and seat), and every table — who sits where, who plays their own seat, who is away
 * (folded on their turns, TRN-ABSENT) and which seats are robots', and the hand in play as the pit boss sees a live hand: down cards face down until it is over.
 */
export function TournamentDetailScreen({ tournamentId }: { readonly tournamentId: string }) {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const { api } = useSession();
  // read again on each `tournament.changed` notice of the server (issue 24: was polled every 2 s)
  const view = useQuery({ queryKey: ['pit', 'tournament', tournamentId], queryFn: () => api.tournament(tournamentId), refetchInterval: TOURNAMENT_FALLBACK_POLL_MS });
  const tables = useQuery({ queryKey: ['pit', 'tournament', tournamentId, 'tables'], queryFn: () => api.tournamentTables(tournamentId), refetchInterval: TOURNAMENT_FALLBACK_POLL_MS });
  useTournamentChanges(tournamentId, [
    ['pit', 'tournament', tournamentId],
    ['pit', 'tournament', tournamentId, 'tables'],
  ]);
  const x = view.data;
  const standings = [...(x?.entriesView ?? [])].sort((a, b) => (a.status === b.status ? b.chips - a.chips : a.status === 'busted' ? 1 : b.status === 'busted' ? -1 : 0));
  const lvl = x?.level;
  const chips = new Intl.NumberFormat(locale);
  return (
    <div className="pit-page" data-pit-tournament={tournamentId}>
      <p>
        <a className="pit-link" href={hrefOf({ name: 'tournaments' })}>
          {t('tournaments.detail.back')}
        </a>
      </p>
      {view.isError ? <p role="alert">{t('errors.load', { message: (view.error as Error).message })}</p> : null}
      {!x ? <p className="felt-muted">{tc('loading')}</p> : null}
      {x ? (
        <>
          <h1 className="pit-title">{x.name}</h1>
          <p className="pit-trn-status" role="status">
            <strong>{t(`tournaments.statuses.${x.status}`)}</strong>
            {lvl && (x.status === 'running' || x.status === 'paused') ? (
              <>
                {' · '}
                {lvl.type === 'break' ? t('tournaments.onBreak') : `${t('tournaments.blinds', { n: lvl.index + 1, sb: lvl.smallBlind, bb: lvl.bigBlind })}${lvl.ante ? t('tournaments.ante', { ante: lvl.ante }) : ''}`} · <LevelClock x={x} />
              </>
            ) : null}
            {' · '}
            {t('tournaments.field', { remaining: x.remaining, entries: x.entries })} · {t('tournaments.pool')} <span className="felt-mono">{formatMoney(x.poolMinor, x.currency, locale)}</span>
            {x.handForHand ? ` · ${t('tournaments.detail.handForHand')}` : null}
          </p>
          <div className="pit-panel">
            <h2 id="pit-trn-standings">{t('tournaments.detail.standings')}</h2>
            <div className="pit-scroll-x" tabIndex={0} role="region" aria-labelledby="pit-trn-standings">
              <table className="pit-table">
                <ColumnHeads columns={[t('tournaments.detail.player'), t('tournaments.detail.chips'), t('tournaments.detail.seat'), t('tournaments.status')]} />
                <tbody>
                  {standings.map((e) => (
                    <tr key={e.entryId}>
                      <th scope="row">{e.name ?? e.playerId ?? e.entryId}</th>
                      <td className="felt-mono">{chips.format(e.chips)}</td>
                      <td>{e.tableNo !== null && e.seat !== null ? t('tournaments.detail.tableSeat', { table: e.tableNo, seat: e.seat }) : '—'}</td>
                      <td>{t(`tournaments.detail.entry.${e.status}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </>
      ) : null}
      <section aria-labelledby="pit-trn-tables">
        <h2 id="pit-trn-tables">{t('tournaments.detail.tables')}</h2>
        {tables.isError ? <p role="alert">{t('errors.load', { message: (tables.error as Error).message })}</p> : null}
        {tables.data && tables.data.tables.length === 0 ? <p className="felt-muted">{t('tournaments.detail.noTables')}</p> : null}
        <div className="pit-trn-tables">
          {(tables.data?.tables ?? []).map((tb) => (
            <TableCard key={tb.tableNo} table={tb} seatsPerTable={tables.data?.seatsPerTable ?? 9} />
          ))}
        </div>
      </section>
    </div>
  );
}
