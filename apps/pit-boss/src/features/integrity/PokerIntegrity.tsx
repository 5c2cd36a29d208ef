import type { PokerCrossTableFinding, PokerTableIntegrity } from '@felt-studio/client-sdk';
import { useLocale, useSession } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FlagBadge } from '../../components/FlagBadge';
import { FlagAction } from './PlayerFlags.js';
import { formatP } from './format-p.js';

export const pokerIntegrityKey = ['pit', 'integrity', 'poker'] as const;

/** Below this many hands a table is still being collected (the timing test needs 30 decisions a player). */
const COLLECTING_HANDS = 30;


/**
 * Issue 23 §4: the Integrity view's poker section — per live poker table, its collusion and bot report: the
 * status, the findings (chip dumping, soft play, timing, a shared connection) with their hands — each
 * replayable with `felt settle poker-<variant>` from the hand's events — the chip flow between players and
 * each player's decision times. Players by the name they sit under (their table key beside it: names repeat).
 */
export function PokerIntegritySection() {
  const { t } = useTranslation('pit');
  const { api } = useSession();
  const poker = useQuery({ queryKey: pokerIntegrityKey, queryFn: () => api.integrityPokerReport(), refetchInterval: 10_000 });
  const tables = poker.data?.tables;
  const cross = poker.data?.crossTable ?? [];
  return (
    <section className="pit-integrity-poker" aria-labelledby="integrity-poker">
      <h2 id="integrity-poker" className="pit-subtitle">
        {t('integrity.poker.title')}
      </h2>
      <p className="felt-muted">{t('integrity.poker.intro')}</p>
      {poker.isError ? <p role="alert">{t('integrity.error')}</p> : null}
      {tables?.length === 0 ? <p className="felt-muted">{t('integrity.poker.none')}</p> : null}
      {cross.length > 0 ? <CrossTable findings={cross} /> : null}
      <div className="pit-integrity-grid">
        {(tables ?? []).map((x) => (
          <PokerTableCard key={x.tableId} table={x} />
        ))}
      </div>
    </section>
  );
}

function PokerTableCard({ table }: { readonly table: PokerTableIntegrity }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const r = table.report;
  const status = r.alarm ? 'alarm' : r.hands >= COLLECTING_HANDS ? 'ok' : 'collecting';
  const who = (key: string): string => {
    const p = table.players.find((x) => x.key === key);
    return p ? `${p.name} (${key})` : key;
  };
  /** the account behind a table key (staff read it: the flag badge and the flag action). */
  const account = (key: string): string | null => table.players.find((x) => x.key === key)?.playerId ?? null;
  const money = (minor: number): string => new Intl.NumberFormat(locale, { style: 'currency', currency: table.currency, maximumFractionDigits: 2 }).format(minor / 100);
  const id = `poker-${table.tableId}`;
  const flows = r.flows.filter((f) => f.chipsMinor > 0).slice(0, 8);
  const timing = r.timing.filter((x) => x.decisions > 0);
  const variant = `poker-${table.variant}`;
  return (
    <section className={`pit-panel pit-wheel is-${status}`} aria-labelledby={id}>
      <header className="pit-wheel-head">
        <h2 id={id}>{t('integrity.poker.table', { name: table.name })}</h2>
        <span className={`pit-chip is-${status}`}>{t(`integrity.poker.status.${status}`)}</span>
      </header>
      <dl className="pit-stats">
        <div>
          <dt>{t('integrity.poker.hands')}</dt>
          <dd>{r.hands}</dd>
        </div>
        <div>
          <dt>{t('integrity.pValue')}</dt>
          <dd>{r.hands >= COLLECTING_HANDS ? formatP(r.pValue, locale) : '—'}</dd>
        </div>
        <div>
          <dt>{t('integrity.poker.suspects')}</dt>
          <dd>{r.suspects.length > 0 ? r.suspects.map(who).join(', ') : '—'}</dd>
        </div>
      </dl>
      {r.findings.length > 0 ? (
        <ul className="pit-findings" aria-label={t('integrity.findings')}>
          {r.findings.map((f) => (
            <li key={`${f.kind}:${f.players.join('+')}`}>
              <strong>{t(`integrity.poker.kind.${f.kind}`)}</strong> —{' '}
              {f.players.map((key, i) => (
                <span key={key}>
                  {i > 0 ? ' → ' : null}
                  {who(key)}
                  {account(key) ? <FlagBadge playerId={account(key) as string} /> : null}
                </span>
              ))}
              {f.kind === 'shared-connection' ? null : <> · p = {formatP(f.pValue, locale)}</>}
              {f.alarm ? <> · {t('integrity.poker.alarm')}</> : null}
              <br />
              <span className="felt-muted">{f.detail}</span>
              {f.hands.length > 0 ? <Hands hands={f.hands} variant={variant} /> : null}
              <span className="pit-flag-actions">
                {f.players.flatMap((key) => {
                  const p = table.players.find((x) => x.key === key);
                  return p && !p.robot ? [<FlagAction key={key} playerId={p.playerId} name={p.name} />] : [];
                })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <PokerEvidence open={r.alarm}>
        {flows.length > 0 ? (
          <table className="pit-table">
            <caption>{t('integrity.poker.flows')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('integrity.poker.from')}</th>
                <th scope="col">{t('integrity.poker.to')}</th>
                <th scope="col">{t('integrity.poker.chips')}</th>
                <th scope="col">{t('integrity.poker.handsCol')}</th>
                <th scope="col">{t('integrity.poker.dumps')}</th>
              </tr>
            </thead>
            <tbody>
              {flows.map((f) => (
                <tr key={`${f.from}>${f.to}`}>
                  <th scope="row">{who(f.from)}</th>
                  <td>{who(f.to)}</td>
                  <td>{money(f.chipsMinor)}</td>
                  <td>{f.hands}</td>
                  <td>{f.dumps}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {timing.length > 0 ? (
          <table className="pit-table">
            <caption>{t('integrity.poker.timing')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('integrity.poker.player')}</th>
                <th scope="col">{t('integrity.poker.decisions')}</th>
                <th scope="col">{t('integrity.poker.median')}</th>
                <th scope="col">{t('integrity.poker.spread')}</th>
                <th scope="col">{t('integrity.pValue')}</th>
              </tr>
            </thead>
            <tbody>
              {timing.map((x) => (
                <tr key={x.playerId}>
                  <th scope="row">{who(x.playerId)}</th>
                  <td>{x.decisions}</td>
                  <td>{new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(x.medianMs / 1000)} s</td>
                  <td>{new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(x.logSd)}</td>
                  <td>{x.pValue < 1 ? formatP(x.pValue, locale) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </PokerEvidence>
    </section>
  );
}

/**
 * Issue 23: pairs of accounts seen together at two or more poker tables — flagged together, named together often
 * enough to add up, or sharing a connection at one of them — with the tables, what was found there, and the
 * action to flag each of the two.
 */
function CrossTable({ findings }: { readonly findings: readonly PokerCrossTableFinding[] }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  return (
    <section className="pit-panel pit-cross-table" aria-labelledby="integrity-cross-table">
      <h3 id="integrity-cross-table">{t('integrity.poker.cross.title')}</h3>
      <p className="felt-muted">{t('integrity.poker.cross.intro')}</p>
      <ul className="pit-findings" aria-label={t('integrity.poker.cross.title')}>
        {findings.map((f) => (
          <li key={f.players.map((p) => p.playerId).join('+')}>
            <strong>
              {f.players.map((p, i) => (
                <span key={p.playerId}>
                  {i > 0 ? ' + ' : null}
                  {p.name} <span className="felt-mono">({p.playerId})</span>
                  <FlagBadge playerId={p.playerId} />
                </span>
              ))}
            </strong>
            {f.alarm ? <> · {t('integrity.poker.alarm')}</> : null}
            {f.pValue > 0 ? <> · p = {formatP(f.pValue, locale)}</> : null}
            <br />
            <span className="felt-muted">{t('integrity.poker.cross.tables', { count: f.tables.length })}</span>{' '}
            {f.tables.map((x, i) => (
              <span key={x.tableId}>
                {i > 0 ? '; ' : null}
                {x.name}: {x.kinds.map((k) => t(`integrity.poker.kind.${k}`)).join(', ')}
                {x.alarm ? ` (${t('integrity.poker.alarm')})` : null}
              </span>
            ))}
            <span className="pit-flag-actions">
              {f.players.map((p) => (
                <FlagAction key={p.playerId} playerId={p.playerId} name={p.name} />
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A finding's hands (the last few), with how to replay one. */
function Hands({ hands, variant }: { readonly hands: readonly string[]; readonly variant: string }) {
  const { t } = useTranslation('pit');
  const shown = hands.slice(-6);
  return (
    <p className="pit-poker-hands">
      {t('integrity.poker.handsList', { count: hands.length })} <code>{shown.join(', ')}</code>
      {hands.length > shown.length ? ' …' : null} — {t('integrity.poker.replay')} <code>felt settle {variant}</code>
    </p>
  );
}

/** The table's chip flow and decision times: open when the table is flagged, one click away otherwise. */
function PokerEvidence({ open, children }: { readonly open: boolean; readonly children: ReactNode }) {
  const { t } = useTranslation('pit');
  const [shown, setShown] = useState(open);
  return (
    <details className="pit-evidence" open={shown} onToggle={(e) => setShown(e.currentTarget.open)}>
      <summary>{t('integrity.evidence')}</summary>
      {shown ? children : null}
    </details>
  );
}
