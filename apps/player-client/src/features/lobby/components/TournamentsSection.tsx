import type { TournamentSummary } from '@felt-studio/protocol';
import { TitledSection, formatMoney, queryKeys, useLocale, useSession } from '@felt-studio/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

const live = (x: TournamentSummary): boolean => x.status === 'registering' || x.status === 'running' || x.status === 'paused';

/** One tournament: its terms, field and level; the player's own entry and prizes (their view); register while it is open. */
function TournamentCard({ x }: { readonly x: TournamentSummary }) {
  const { t } = useTranslation('player');
  const locale = useLocale();
  const { api } = useSession();
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const [said, setSaid] = useState<{ readonly ok: boolean; readonly text: string } | null>(null);
  const view = useQuery({ queryKey: ['tournament', x.tournamentId], queryFn: () => api.tournament(x.tournamentId), refetchInterval: 10_000 });
  const m = (v: number): string => formatMoney(v, x.currency, locale);
  const reg = useMutation({
    mutationFn: () => api.registerTournament(x.tournamentId),
    onSuccess: () => {
      setSaid({ ok: true, text: t('lobby.tournaments.registered') });
      void qc.invalidateQueries({ queryKey: ['tournament', x.tournamentId] });
      void qc.invalidateQueries({ queryKey: ['tournaments'] });
      void qc.invalidateQueries({ queryKey: queryKeys.wallet }); // the buy-in and fee left the balance
    },
    onError: (e: Error) => setSaid({ ok: false, text: t('lobby.tournaments.failed', { message: e.message }) }),
  });
  const mine = view.data?.entriesView.find((e) => e.status === 'playing');
  const out = view.data !== undefined && mine === undefined && view.data.entriesView.length > 0;
  const prizes = (view.data?.prizes ?? []).slice(0, 3).map((p, i) => `${i + 1}. ${m(p)}`).join(', ');
  const won = (view.data?.payouts ?? []).filter((p) => p.mine).reduce((a, p) => a + p.amountMinor, 0);
  const lvl = x.level;
  const titleId = `trn-${x.tournamentId}`;
  return (
    <article className="lobby-card" aria-labelledby={titleId}>
      <header>
        <h2 id={titleId}>{x.name}</h2>
      </header>
      <p className="felt-muted">
        {t(`lobby.tournaments.statuses.${x.status}`)} · {t('lobby.tournaments.buyIn', { buyIn: m(x.buyInMinor), fee: m(x.feeMinor) })} · {t('lobby.tournaments.stack', { chips: x.startingStack })}
      </p>
      <p>{t('lobby.tournaments.field', { entries: x.entries, max: x.maxPlayers, remaining: x.remaining })}</p>
      {x.status === 'running' || x.status === 'paused' ? <p>{lvl.type === 'break' ? t('lobby.tournaments.onBreak') : t('lobby.tournaments.level', { n: lvl.index + 1, sb: lvl.smallBlind, bb: lvl.bigBlind })}</p> : null}
      {x.status === 'registering' && x.startsAt !== null ? <p>{t('lobby.tournaments.starts', { at: new Date(x.startsAt).toLocaleString(locale) })}</p> : null}
      {prizes !== '' && live(x) ? <p className="felt-muted">{t('lobby.tournaments.prizes', { list: prizes })}</p> : null}
      {mine ? <p role="status">{mine.tableNo === null ? t('lobby.tournaments.mineRegistered') : t('lobby.tournaments.mine', { chips: mine.chips, table: mine.tableNo })}</p> : null}
      {out && live(x) ? <p>{t('lobby.tournaments.mineOut')}</p> : null}
      {won > 0 ? <p>{t('lobby.tournaments.won', { amount: m(won) })}</p> : null}
      {mine && mine.tableNo !== null && (x.status === 'running' || x.status === 'paused') ? (
        <button type="button" className="felt-btn felt-btn-primary" onClick={() => navigate(`/tournament/${encodeURIComponent(x.tournamentId)}`)}>
          {t('lobby.tournaments.takeSeat', { name: x.name })}
        </button>
      ) : null}
      {x.registrationOpen && view.isSuccess && !mine ? (
        <button type="button" className="felt-btn felt-btn-primary" disabled={reg.isPending} onClick={() => reg.mutate()}>
          {t('lobby.tournaments.register', { name: x.name })}
        </button>
      ) : null}
      {said && !(said.ok && mine) ? <p role={said.ok ? 'status' : 'alert'}>{said.text}</p> : null}
    </article>
  );
}

/** Issue 24: the tournament lobby in the player client (tournaments open, running or paused). */
export function TournamentsSection() {
  const { t } = useTranslation('player');
  const { api } = useSession();
  const q = useQuery({ queryKey: ['tournaments'], queryFn: () => api.tournaments(), refetchInterval: 15_000 });
  const rows = (q.data ?? []).filter(live);
  if (rows.length === 0) return null;
  return (
    <TitledSection id="lobby-tournaments-title" title={t('lobby.tournaments.title')} intro={t('lobby.tournaments.subtitle')} className="lobby-poker" titleClassName="lobby-section-title">
      <div className="lobby-grid">
        {rows.map((x) => (
          <TournamentCard key={x.tournamentId} x={x} />
        ))}
      </div>
    </TitledSection>
  );
}
