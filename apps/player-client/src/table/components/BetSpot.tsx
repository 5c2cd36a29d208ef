import { ChipStack, formatMoneyShort } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { limitOf, type GameProps } from '../game';

export interface BetSpotProps {
  readonly spot: string;
  readonly label: string;
  /** e.g. "1:1", "8:1". */
  readonly pays?: string;
  readonly stakeMinor: number;
  readonly pendingMinor: number;
  readonly currency: string;
  readonly locale: string;
  readonly limit: { readonly minMinor: number; readonly maxMinor: number };
  readonly open: boolean;
  readonly onPlace: () => void;
  readonly className?: string;
  readonly winning?: boolean;
}

/** A bet spot: big button with its name, payout, limits (GEN-2) and the chips on it (fixed-size, no layout shift). */
export function BetSpot(p: BetSpotProps) {
  const { t } = useTranslation('player');
  const min = formatMoneyShort(p.limit.minMinor, p.currency, p.locale);
  const max = formatMoneyShort(p.limit.maxMinor, p.currency, p.locale);
  const stake = p.stakeMinor > 0 ? `, ${t('spot.yourStake', { amount: formatMoneyShort(p.stakeMinor, p.currency, p.locale) })}` : '';
  return (
    <button
      type="button"
      className={`bet-spot ${p.className ?? ''}${p.winning ? ' is-winning' : ''}`}
      disabled={!p.open}
      data-spot={p.spot}
      onClick={p.onPlace}
    >
      <span className="bet-spot-name">{p.label}</span>
      {p.pays ? <span className="bet-spot-pays">{p.pays}</span> : null}
      <span className="bet-spot-limits">
        {min} – {max}
      </span>
      {stake ? <span className="felt-visually-hidden">{stake}</span> : null}
      <span className="bet-spot-chip">
        <ChipStack amountMinor={p.stakeMinor + p.pendingMinor} currency={p.currency} pending={p.pendingMinor > 0 && p.stakeMinor === 0} />
      </span>
    </button>
  );
}

/** What a table's spots share: the table (currency, limits), the player's stakes, the betting (pending chips, placing), whether betting is open, the locale. */
export type SpotTable = Pick<GameProps, 'table' | 'betting' | 'stakes' | 'open' | 'locale'>;

/**
 * A bet spot of a game's table, wired to the table's betting: the player's stake and pending chips on `spot`,
 * the limit of `limitKind` (the spot itself unless a kind's limit applies, GEN-2), placing a chip on a tap.
 */
export function TableBetSpot({ at, spot, limitKind, ...shown }: { readonly at: SpotTable; readonly spot: string; readonly limitKind?: string; readonly label: string; readonly pays?: string | undefined; readonly className?: string; readonly winning?: boolean }) {
  return (
    <BetSpot
      {...shown}
      spot={spot}
      stakeMinor={at.stakes.get(spot) ?? 0}
      pendingMinor={at.betting.pending.get(spot) ?? 0}
      currency={at.table.currency}
      locale={at.locale}
      limit={limitOf(at.table, limitKind ?? spot)}
      open={at.open}
      onPlace={() => void at.betting.place(spot)}
    />
  );
}
