import type { RoundDetail, StoredRoundEvent, Table } from '@felt-studio/client-sdk';
import { Money, PhaseBadge, formatMoney, useLocale, useSession } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayerId } from '../../components/PlayerId';
import { formatDateTime, formatTime } from '../../lib/format';
import { hrefOf } from '../../lib/router';
import { PitTable } from '../../components/ScrollArea';
import { kernelFor } from './kernels';
import { pitPlugin } from '../../lib/plugins';
import { missingSeqs, outcomeText, replay, sourceOf, type ReplayStep } from './replay.model';

/** Round detail: summary, bets with their settlement, the event log (time + source), and the replay. */
export function RoundDetailScreen({ roundId, tables }: { readonly roundId: string; readonly tables: readonly Table[] }) {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const { api } = useSession();
  const q = useQuery({ queryKey: ['pit', 'round', roundId], queryFn: () => api.roundDetail(roundId), refetchInterval: (query) => (query.state.data && (query.state.data.round.phase === 'settled' || query.state.data.round.phase === 'void') ? false : 3_000) });
  if (q.isLoading) return <p className="felt-center felt-muted">{tc('loading')}</p>;
  if (!q.data)
    return (
      <div className="pit-page">
        <p>{t('detail.notFound')}</p>
        <a className="pit-link" href={hrefOf({ name: 'rounds', query: new URLSearchParams() })}>
          ← {t('detail.back')}
        </a>
      </div>
    );
  return <RoundDetailView detail={q.data} table={tables.find((x) => x.tableId === q.data.round.tableId)} />;
}

export function RoundDetailView({ detail, table }: { readonly detail: RoundDetail; readonly table: Table | undefined }) {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const { round, bets, events } = detail;
  const currency = table?.currency ?? bets[0]?.currency ?? 'EUR';
  const [step, setStep] = useState(0);
  return (
    <div className="pit-page">
      <p>
        <a className="pit-link" href={hrefOf({ name: 'rounds', query: new URLSearchParams({ tableId: round.tableId }) })}>
          ← {t('detail.back')}
        </a>
      </p>
      <h1 className="pit-title">
        {t('detail.title', { id: '' })}
        <span className="felt-mono pit-id">{round.roundId}</span>
      </h1>
      <section aria-labelledby="pit-sum-title" className="pit-panel">
        <h2 id="pit-sum-title">{t('detail.summary')}</h2>
        <dl className="pit-stats">
          <div>
            <dt>{t('rounds.table')}</dt>
            <dd>{table ? `${table.name} · ${tc(`games.${table.game}`)}` : round.tableId}</dd>
          </div>
          <div>
            <dt>{t('rounds.phase')}</dt>
            <dd>
              <PhaseBadge phase={events.some((e) => e.type === 'RoundVoided') ? 'void' : round.phase} />
            </dd>
          </div>
          <div>
            <dt>{t('rounds.opened')}</dt>
            <dd>{formatDateTime(round.openedAt, locale)}</dd>
          </div>
          <div>
            <dt>{t('rounds.staked')}</dt>
            <dd>
              <Money minor={round.stakedMinor} currency={currency} />
            </dd>
          </div>
          <div>
            <dt>{t('rounds.hold')}</dt>
            <dd className={round.holdMinor < 0 ? 'is-negative' : undefined}>
              <Money minor={round.holdMinor} currency={currency} />
            </dd>
          </div>
          <div>
            <dt>{t('floor.players')}</dt>
            <dd>{round.players}</dd>
          </div>
        </dl>
      </section>
      <Replay game={table?.game ?? null} roundId={round.roundId} events={events} currency={currency} i={step} setI={setStep} />
      <section aria-labelledby="pit-bets-title" className="pit-panel">
        <h2 id="pit-bets-title">{t('detail.bets')}</h2>
        {bets.length === 0 ? <p className="felt-muted">{t('detail.noBets')}</p> : null}
        {bets.length > 0 ? (
          <PitTable label={t('detail.bets')} columns={[t('detail.player'), t('detail.spot'), t('detail.stake'), t('detail.status'), t('detail.returned'), t('detail.net')]}>
                {bets.map((b) => (
                  <tr key={b.betId} title={b.betId}>
                    <td>
                      <PlayerId playerId={b.playerId} />
                    </td>
                    <td className="felt-mono">{b.spot}</td>
                    <td>
                      <Money minor={b.stakeMinor} currency={b.currency} />
                    </td>
                    <td>{t(`detail.betStatus.${b.status}`)}</td>
                    <td>{b.returnMinor === null ? '—' : <Money minor={b.returnMinor} currency={b.currency} />}</td>
                    <td>{b.status === 'settled' ? <Money minor={b.stakeMinor - (b.returnMinor ?? 0)} currency={b.currency} /> : '—'}</td>
                  </tr>
                ))}
          </PitTable>
        ) : null}
      </section>
      <section aria-labelledby="pit-events-title" className="pit-panel">
        <h2 id="pit-events-title">{t('detail.events')}</h2>
        <EventTable events={events} locale={locale} current={[...events].sort((a, b) => a.seq - b.seq)[step]?.seq} />
      </section>
    </div>
  );
}

function EventTable({ events, locale, current }: { readonly events: readonly StoredRoundEvent[]; readonly locale: string; readonly current?: number }) {
  const { t } = useTranslation('pit');
  return (
    <PitTable label={t('detail.events')} columns={[t('detail.seq'), t('detail.time'), t('detail.type'), t('detail.source')]}>
          {events.map((e) => {
            const s = sourceOf(e);
            return (
              <tr key={e.seq} aria-current={current === e.seq ? 'step' : undefined} className={current === e.seq ? 'is-current' : undefined}>
                <td>{e.seq}</td>
                <td>
                  <time dateTime={new Date(e.at).toISOString()}>{formatTime(e.at, locale)}</time>
                </td>
                <td className="felt-mono">{e.type}</td>
                <td>
                  {t(`detail.sources.${s.source}`)}
                  {s.who ? ` · ${s.who}` : ''}
                </td>
              </tr>
            );
          })}
    </PitTable>
  );
}

/** The round's outcome in one line: the game's plugin, else the generic reading of a view. */
const outcomeOf = (game: string | null, view: unknown): string | null => {
  const own = game === null ? undefined : pitPlugin(game)?.outcome;
  return own ? own(view) : outcomeText(view);
};

/** Step through the event log: each step is the round as the kernel folds it after that event. */
function Replay({ game, roundId, events, currency, i, setI }: { readonly game: string | null; readonly roundId: string; readonly events: readonly StoredRoundEvent[]; readonly currency: string; readonly i: number; readonly setI: (f: (x: number) => number) => void }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const steps = useMemo<ReplayStep[] | null>(() => {
    const k = game === null ? null : kernelFor(game);
    return k ? replay(k, roundId, events) : null;
  }, [game, roundId, events]);
  const [playing, setPlaying] = useState(false);
  const gaps = useMemo(() => missingSeqs(events), [events]);

  const total = steps?.length ?? 0;
  useEffect(() => {
    if (!playing) return;
    if (i >= total - 1) {
      setPlaying(false);
      return;
    }
    const h = setTimeout(() => setI((x) => Math.min(x + 1, total - 1)), 900);
    return () => clearTimeout(h);
  }, [playing, i, total, setI]);

  const step = steps?.[i];
  const raw = step && typeof step.view === 'object' && step.view !== null ? Object.fromEntries(Object.entries(step.view as Record<string, unknown>).filter(([k]) => k !== 'bets' && k !== 'limits' && k !== 'audience')) : null;
  return (
    <section aria-labelledby="pit-replay-title" className="pit-panel pit-replay">
      <h2 id="pit-replay-title">{t('detail.replay')}</h2>
      {gaps.length > 0 ? <p className="pit-warn">{t('detail.gap', { seqs: gaps.join(', ') })}</p> : null}
      {steps === null || step === undefined ? null : (
        <>
          <div className="pit-row pit-wrap" role="group" aria-label={t('detail.replay')}>
            <button type="button" className="felt-btn felt-btn-sm" onClick={() => setI(() => 0)} disabled={i === 0} aria-label={t('detail.first')}>
              «
            </button>
            <button type="button" className="felt-btn felt-btn-sm" onClick={() => setI((x) => Math.max(0, x - 1))} disabled={i === 0} aria-label={t('detail.prev')}>
              ‹
            </button>
            <button type="button" className="felt-btn felt-btn-sm felt-btn-primary" onClick={() => setPlaying((p) => !p)} aria-pressed={playing}>
              {playing ? t('detail.pause') : t('detail.play')}
            </button>
            <button type="button" className="felt-btn felt-btn-sm" onClick={() => setI((x) => Math.min(total - 1, x + 1))} disabled={i >= total - 1} aria-label={t('detail.next')}>
              ›
            </button>
            <button type="button" className="felt-btn felt-btn-sm" onClick={() => setI(() => total - 1)} disabled={i >= total - 1} aria-label={t('detail.last')}>
              »
            </button>
            <span aria-live="polite" className="pit-step">
              {t('detail.step', { n: i + 1, total })}
            </span>
          </div>
          <div className="pit-replay-now">
            <p>
              <span className="felt-mono">#{step.event.seq}</span> <strong className="felt-mono">{step.event.type}</strong> · {formatTime(step.event.at, locale)} · {t(`detail.sources.${sourceOf(events.find((e) => e.seq === step.event.seq) ?? step.event).source}`)}
            </p>
            <p aria-label={t('detail.state')}>
              <PhaseBadge phase={step.glance.phase ?? 'none'} /> {t('detail.totals', { bets: step.glance.bets, players: step.glance.players, stake: formatMoney(step.glance.stakeMinor, currency, locale) })}
            </p>
            {outcomeOf(game, step.view) !== null ? (
              <p>
                {t('detail.outcome')}: <strong className="felt-mono">{outcomeOf(game, step.view)}</strong>
              </p>
            ) : null}
            <details>
              <summary>{t('detail.state')}</summary>
              <pre className="pit-pre">{JSON.stringify(raw, null, 2)}</pre>
            </details>
          </div>
        </>
      )}
    </section>
  );
}
