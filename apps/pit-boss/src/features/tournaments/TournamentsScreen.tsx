import type { TournamentControlBody, TournamentSummary } from '@felt-studio/protocol';
import { formatMoney, useLocale, useSession } from '@felt-studio/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollArea } from '../../components/ScrollArea';
import { hrefOf } from '../../lib/router';
import { CreateTournamentForm } from './CreateTournamentForm';

type Action = TournamentControlBody['action'];

/** One tournament's row: its state and the pit boss's controls (a reason first; cancel asks again). */
function Row({ x }: { readonly x: TournamentSummary }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const { api } = useSession();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState<{ readonly ok: boolean; readonly text: string } | null>(null);
  const m = useMutation({
    mutationFn: (action: Action) => api.controlTournament(x.tournamentId, action === 'add-time' ? { action, ms: 60_000, reason } : { action, reason }),
    onSuccess: (v) => {
      setSaid({ ok: true, text: t('tournaments.done', { name: x.name, status: t(`tournaments.statuses.${v.status}`) }) });
      setReason('');
      setConfirming(false);
      void qc.invalidateQueries({ queryKey: ['pit', 'tournaments'] });
    },
    onError: (e: Error) => setSaid({ ok: false, text: t('tournaments.failed', { name: x.name, message: e.message }) }),
  });
  const over = x.status === 'finished' || x.status === 'cancelled';
  const lvl = x.level;
  const level = x.status === 'registering' || over ? '—' : lvl.type === 'break' ? t('tournaments.onBreak') : `${t('tournaments.blinds', { n: lvl.index + 1, sb: lvl.smallBlind, bb: lvl.bigBlind })}${lvl.ante ? t('tournaments.ante', { ante: lvl.ante }) : ''}`;
  const noReason = reason.trim() === '' || m.isPending;
  return (
    <tr>
      <th scope="row">
        <a className="pit-link" href={hrefOf({ name: 'tournament', tournamentId: x.tournamentId })} aria-label={t('tournaments.open', { name: x.name })}>
          {x.name}
        </a>
      </th>
      <td>{t(`tournaments.statuses.${x.status}`)}</td>
      <td>{level}</td>
      <td>{t('tournaments.field', { remaining: x.remaining, entries: x.entries })}</td>
      <td className="felt-mono">{formatMoney(x.poolMinor, x.currency, locale)}</td>
      <td>
        {over ? null : (
          <div>
            <input aria-label={t('tournaments.reason', { name: x.name })} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
            {x.status === 'running' ? (
              <button type="button" disabled={noReason} onClick={() => m.mutate('pause')}>
                {t('tournaments.pause')}
              </button>
            ) : null}
            {x.status === 'paused' ? (
              <button type="button" disabled={noReason} onClick={() => m.mutate('resume')}>
                {t('tournaments.resume')}
              </button>
            ) : null}
            {x.status === 'running' || x.status === 'paused' ? (
              <button type="button" disabled={noReason} onClick={() => m.mutate('add-time')}>
                {t('tournaments.addTime')}
              </button>
            ) : null}
            {confirming ? (
              <span role="group" aria-label={t('tournaments.confirmCancel', { name: x.name })}>
                <span>{t('tournaments.confirmCancel', { name: x.name })}</span>{' '}
                <button type="button" disabled={noReason} onClick={() => m.mutate('cancel')}>
                  {t('tournaments.cancel')}
                </button>
              </span>
            ) : (
              <button type="button" disabled={noReason} onClick={() => setConfirming(true)}>
                {t('tournaments.cancel')}
              </button>
            )}
          </div>
        )}
        {said ? <p role={said.ok ? 'status' : 'alert'}>{said.text}</p> : null}
      </td>
    </tr>
  );
}

/**
 * Poker tournaments for the pit boss (issue 24; docs/tournaments.md): each tournament's status, level, field and
 * prize pool, and the control — pause / resume (S1-PAUSE), add a minute (TRN-TIME), cancel with refunds by the
 * rules (TRN-CANCEL, S1-FAIL-STT/MTT) — each with a reason (audited by the server).
 */
export function TournamentsScreen() {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const { api } = useSession();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['pit', 'tournaments'], queryFn: () => api.tournaments(), refetchInterval: 5_000 });
  const rows = q.data ?? [];
  const [creating, setCreating] = useState(false);
  const [published, setPublished] = useState<string | null>(null);
  return (
    <div className="pit-page">
      <h1 className="pit-title">{t('tournaments.title')}</h1>
      <p className="felt-muted">{t('tournaments.help')}</p>
      {creating ? (
        <CreateTournamentForm
          onClose={() => setCreating(false)}
          onCreated={(v) => {
            setCreating(false);
            setPublished(v.name);
            // the new tournament at the top of the list at once, then the server's list
            qc.setQueryData<TournamentSummary[]>(['pit', 'tournaments'], (old) => [v, ...(old ?? []).filter((x) => x.tournamentId !== v.tournamentId)]);
            void qc.invalidateQueries({ queryKey: ['pit', 'tournaments'] });
          }}
        />
      ) : (
        <p>
          <button
            type="button"
            className="felt-btn"
            onClick={() => {
              setPublished(null);
              setCreating(true);
            }}
          >
            {t('tournaments.newTournament')}
          </button>
        </p>
      )}
      {published !== null ? <p role="status">{t('tournaments.created', { name: published })}</p> : null}
      {q.isLoading ? <p className="felt-muted">{tc('loading')}</p> : null}
      {q.isError ? <p role="alert">{t('errors.load', { message: (q.error as Error).message })}</p> : null}
      {q.data && rows.length === 0 ? <p className="felt-muted">{t('tournaments.none')}</p> : null}
      {rows.length > 0 ? (
        <div className="pit-panel">
          <ScrollArea label={t('tournaments.title')}>
            <table className="pit-table">
              <caption className="felt-visually-hidden">{t('tournaments.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('tournaments.name')}</th>
                  <th scope="col">{t('tournaments.status')}</th>
                  <th scope="col">{t('tournaments.level')}</th>
                  <th scope="col">{t('tournaments.players')}</th>
                  <th scope="col">{t('tournaments.pool')}</th>
                  <th scope="col">{t('tournaments.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((x) => (
                  <Row key={x.tournamentId} x={x} />
                ))}
              </tbody>
            </table>
          </ScrollArea>
        </div>
      ) : null}
    </div>
  );
}
