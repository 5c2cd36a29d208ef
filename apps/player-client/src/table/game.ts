import type { Table } from '@felt/client-sdk';
import type { AcceptedBet } from '@felt/games';
import type { Betting } from './hooks/useBetting';

/** What every game's table component gets from the table page. */
export interface GameProps {
  readonly table: Table;
  /** The kernel's player view (the game's own view type). */
  readonly view: unknown;
  readonly betting: Betting;
  /** The player's accepted stake per spot key. */
  readonly stakes: ReadonlyMap<string, number>;
  readonly bets: readonly AcceptedBet[];
  /** Betting is open (phase `betting`). */
  readonly open: boolean;
  readonly locale: string;
}

/** Min/max of a spot kind (GEN-2): the table's per-spot limit, else the table minimum/maximum. */
export function limitOf(table: Table, kind: string): { minMinor: number; maxMinor: number } {
  const l = table.limits.spots[kind];
  return l ? { minMinor: l.minMinor, maxMinor: l.maxMinor } : { minMinor: table.limits.tableMinMinor, maxMinor: table.limits.tableMaxMinor };
}
