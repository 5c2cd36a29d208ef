import type { Table } from '@felt-studio/client-sdk';
import { ChipSelector, Money, chipsFor, useLocale } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import type { Betting } from '../hooks/useBetting';

/** Chip rack + undo / clear / rebet / double + the round's stake. */
export function ActionBar({ table, betting, open, stakeMinor, canRebet = true }: { readonly table: Table; readonly betting: Betting; readonly open: boolean; readonly stakeMinor: number; readonly canRebet?: boolean }) {
  const { t } = useTranslation('player');
  const locale = useLocale();
  return (
    <div className="action-bar" role="toolbar" aria-label={t('actions.label')}>
      <ChipSelector values={chipsFor(table.limits.tableMinMinor, table.limits.tableMaxMinor)} selected={betting.chip} currency={table.currency} locale={locale} onSelect={betting.setChip} />
      <div className="action-buttons">
        <button type="button" className="felt-btn" disabled={!open || stakeMinor === 0 || betting.busy} onClick={() => void betting.undo()}>
          ↶ {t('actions.undo')}
        </button>
        <button type="button" className="felt-btn" disabled={!open || stakeMinor === 0 || betting.busy} onClick={() => void betting.clear()}>
          ✕ {t('actions.clear')}
        </button>
        {canRebet ? (
          <button type="button" className="felt-btn" disabled={!open || betting.busy} onClick={() => void betting.rebet()}>
            ⟳ {t('actions.rebet')}
          </button>
        ) : null}
        <button type="button" className="felt-btn" disabled={!open || stakeMinor === 0 || betting.busy} onClick={() => void betting.double()}>
          ×2 {t('actions.double')}
        </button>
      </div>
      <div className="action-stake" data-minor={stakeMinor}>
        <span className="felt-muted">{t('actions.stake')}</span>
        <Money minor={stakeMinor} currency={table.currency} className="action-stake-amount" />
      </div>
    </div>
  );
}
