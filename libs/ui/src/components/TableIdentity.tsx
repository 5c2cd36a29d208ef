import type { Table } from '@felt-studio/client-sdk';
import { useTranslation } from 'react-i18next';
import { formatMoneyShort } from '../money.js';
import { shortId } from '../ids.js';

/** Phase key for i18n (`common:phases.*`), from a kernel view's `phase` (null: no round). */
export function phaseKey(phase: string | null | undefined): string {
  return phase ?? 'none';
}

export function PhaseBadge({ phase }: { readonly phase: string | null | undefined }) {
  const { t } = useTranslation('common');
  const k = phaseKey(phase);
  return <span className={`felt-phase is-${k}`}>{t(`phases.${k}`, { defaultValue: k })}</span>;
}

export interface TableIdentityProps {
  readonly table: Pick<Table, 'tableId' | 'name' | 'game' | 'currency' | 'limits'>;
  readonly roundId?: string | null;
  readonly phase?: string | null;
  readonly locale: string;
  /**
   * Show the table's and the round's ids (staff screens). A player's view never shows internal ids
   * (issue 20: the round id belongs in the player's history and dispute view).
   */
  readonly ids?: boolean;
}

/** GEN-1 / GEN-2: the table's identity (name, game, id), the round, the phase and the table limits. */
export function TableIdentity({ table, roundId, phase, locale, ids = true }: TableIdentityProps) {
  const { t } = useTranslation('common');
  const min = formatMoneyShort(table.limits.tableMinMinor, table.currency, locale);
  const max = formatMoneyShort(table.limits.tableMaxMinor, table.currency, locale);
  return (
    <div className="felt-identity" aria-label={t('table.identity', { name: table.name })}>
      <div className="felt-identity-main">
        <span className="felt-identity-name">{table.name}</span>
        <span className="felt-identity-game">{t(`games.${table.game}`, { defaultValue: table.game })}</span>
      </div>
      <div className="felt-identity-meta">
        {/* staff quote ids by their last characters (the pit boss's screens do the same); the whole id is the tooltip */}
        {ids ? <span title={`${t('table.id')}: ${table.tableId}`}>#{shortId(table.tableId)}</span> : null}
        {ids && roundId ? (
          <span>
            {t('table.round')}{' '}
            <span className="felt-mono" title={roundId}>
              {shortId(roundId)}
            </span>
          </span>
        ) : null}
        <span>{t('table.tableLimits', { min, max })}</span>
        {phase !== undefined ? <PhaseBadge phase={phase} /> : null}
      </div>
    </div>
  );
}
