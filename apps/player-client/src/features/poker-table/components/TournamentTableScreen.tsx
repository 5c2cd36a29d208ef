import type { PokerWsBody, PokerWsMessage, TournamentTableFrame } from '@felt-studio/protocol';
import { ErrorNotice, TOURNAMENT_FALLBACK_POLL_MS, toRejection, useLocale, usePokerSender, useSession, useTournamentChanges, type PokerSender } from '@felt-studio/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PokerTableView } from './PokerTableView';

const tableKey = (tournamentId: string) => ['tournamentTable', tournamentId] as const;
/** The table is read every second while the screen is open (the hand in play, the clock, whose turn). */

/**
 * TRN-PLAY: the poker table components' sender for a tournament table — an action (`poker.act`) and the time bank
 * (`poker.time-bank`, S1-TIMEBANK) go to `POST /tournaments/{id}/actions`, sit in / sit out to `/seat` (the server forwards both to the tournament's
 * owner); the answer is the new frame. A refusal shows with its code and rule ID, as at a live table.
 */
function useTournamentSender(tournamentId: string): PokerSender {
  const { api } = useSession();
  const qc = useQueryClient();
  const transmit = useCallback(
    async <K extends PokerWsMessage>(message: K, body: PokerWsBody<K>): Promise<void> => {
      let frame: TournamentTableFrame;
      if (message === 'poker.act') {
        const b = body as PokerWsBody<'poker.act'>;
        frame = await api.tournamentAct(tournamentId, { handId: b.handId, action: b.action, ...(b.toMinor !== undefined ? { toMinor: b.toMinor } : {}) });
      } else if (message === 'poker.time-bank') {
        // S1-TIMEBANK: the same button as at a live table; shown only when the tournament publishes a bank
        const b = body as PokerWsBody<'poker.time-bank'>;
        frame = await api.tournamentAct(tournamentId, { handId: b.handId, action: 'time-bank' });
      } else if (message === 'poker.sit-in' || message === 'poker.sit-out') {
        frame = await api.tournamentSeat(tournamentId, message === 'poker.sit-in');
      } else {
        throw new Error(`${message} is not offered at a tournament table`);
      }
      qc.setQueryData<TournamentTableFrame>(tableKey(tournamentId), frame);
    },
    [api, qc, tournamentId],
  );
  return usePokerSender(transmit);
}

/**
 * `/play/tournament/:id` (lazy chunk; TRN-PLAY): the player's tournament table with the live poker table's
 * components — their own hole cards, the board, stacks, pot, whose turn, the clock and their actions as the hand
 * allows — plus the level and their seat: played by them (sitting in), or away (never sat in, sat out, or sat out
 * after their clock ran out: the blinds and antes still posted, the hand folded on their turns — TRN-ABSENT).
 */
export default function TournamentTableScreen({ tournamentId }: { readonly tournamentId: string }) {
  const { t } = useTranslation('player');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const { api } = useSession();
  // read again on each `tournament.changed` notice of the server (issue 24: was polled every second)
  const q = useQuery({ queryKey: tableKey(tournamentId), queryFn: () => api.tournamentTable(tournamentId), refetchInterval: TOURNAMENT_FALLBACK_POLL_MS });
  useTournamentChanges(tournamentId, [tableKey(tournamentId)]);
  const sender = useTournamentSender(tournamentId);
  if (q.isError) return <ErrorNotice error={toRejection(q.error)} />;
  if (!q.data) return <p className="felt-center felt-muted">{tc('loading')}</p>;
  const f = q.data;
  const tr = f.tournament;
  const lv = tr.level;
  const level =
    lv.smallBlind === null
      ? t('lobby.tournaments.table.onBreak')
      : `${t('lobby.tournaments.table.level', { n: lv.index + 1, sb: lv.smallBlind, bb: lv.bigBlind })}${(lv.ante ?? 0) > 0 ? ` · ${t('lobby.tournaments.table.ante', { ante: lv.ante })}` : ''}`;
  const busy = sender.busy !== null;
  const controls = (
    <section className="pt-controls" aria-label={tr.name} data-sitting-in={tr.sittingIn}>
      <p role="status">{t(`lobby.tournaments.table.status.${tr.status}`)}</p>
      {!tr.playing ? (
        <p>{t('lobby.tournaments.table.notPlaying')}</p>
      ) : tr.sittingIn ? (
        <>
          <p>{t('lobby.tournaments.table.sittingIn')}</p>
          <button type="button" className="felt-btn" disabled={busy} onClick={() => void sender.send('poker.sit-out', { tableId: f.tableId })}>
            {t('lobby.tournaments.table.sitOut')}
          </button>
        </>
      ) : (
        <>
          <p>{t('lobby.tournaments.table.sittingOut')}</p>
          {tr.myActions.some((a) => a.by === 'absent') ? <p>{t('lobby.tournaments.table.foldedAway')}</p> : null}
          <button type="button" className="felt-btn felt-btn-primary" disabled={busy} onClick={() => void sender.send('poker.sit-in', { tableId: f.tableId, postToEnter: false })}>
            {t('lobby.tournaments.table.sitIn')}
          </button>
        </>
      )}
      <p>
        <Link href="/">{t('lobby.tournaments.table.back')}</Link>
      </p>
    </section>
  );
  return <PokerTableView frame={f} sender={sender} locale={locale} controls={controls} subtitle={level} />;
}
