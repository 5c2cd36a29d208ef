import type { PokerCrossTableFinding, PokerTableIntegrity } from '@felt-studio/client-sdk';
import { TitledSection, useLocale, useSession } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FlagBadge } from '../../components/FlagBadge';
import { Evidence, EvidenceTable, formatP, MonitorCard } from './parts.js';
import { FlagAction } from './PlayerFlags.js';

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
    <TitledSection id="integrity-poker" title={t('integrity.poker.title')} intro={t('integrity.poker.intro')} className="pit-integrity-poker" titleClassName="pit-subtitle">
      {poker.isError ? <p role="alert">{t('integrity.error')}</p> : null}
      {tables?.length === 0 ? <p className="felt-muted">{t('integrity.poker.none')}</p> : null}
      {cross.length > 0 ? <CrossTable findings={cross} /> : null}
      <div className="pit-integrity-grid">
        {(tables ?? []).map((x) => (
          <PokerTableCard key={x.tableId} table={x} />
        ))}
      </div>
    </TitledSection>
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
    <MonitorCard
      id={id}
      title={t('integrity.poker.table', { name: table.name })}
      status={status}
      statusText={t(`integrity.poker.status.${status}`)}
      stats={[
        [t('integrity.poker.hands'), r.hands],
        [t('integrity.pValue'), r.hands >= COLLECTING_HANDS ? formatP(r.pValue, locale) : '—'],
        [t('integrity.poker.suspects'), r.suspects.length > 0 ? r.suspects.map(who).join(', ') : '—'],
      ]}
    >
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
      <Evidence open={r.alarm}>
        {flows.length > 0 ? (
          <EvidenceTable
            caption={t('integrity.poker.flows')}
            columns={[t('integrity.poker.from'), t('integrity.poker.to'), t('integrity.poker.chips'), t('integrity.poker.handsCol'), t('integrity.poker.dumps')]}
            rows={flows.map((f) => ({ key: `${f.from}>${f.to}`, head: who(f.from), cells: [who(f.to), money(f.chipsMinor), f.hands, f.dumps] }))}
          />
        ) : null}
        {timing.length > 0 ? (
          <EvidenceTable
            caption={t('integrity.poker.timing')}
            columns={[t('integrity.poker.player'), t('integrity.poker.decisions'), t('integrity.poker.median'), t('integrity.poker.spread'), t('integrity.pValue')]}
            rows={timing.map((x) => ({
              key: x.playerId,
              head: who(x.playerId),
              cells: [x.decisions, `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(x.medianMs / 1000)} s`, new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(x.logSd), x.pValue < 1 ? formatP(x.pValue, locale) : '—'],
            }))}
          />
        ) : null}
      </Evidence>
    </MonitorCard>
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
