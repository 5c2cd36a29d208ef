import type { Table } from '@felt-studio/client-sdk';
import type { AcceptedBet } from '@felt-studio/games';
import type { Catalogue } from '@felt-studio/ui';
import type { ComponentType } from 'react';
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
  /**
   * The table page's view (issue 20): `immersive` lays the bet layout over the lower part of the
   * picture, so a game keeps its layout compact (e.g. roulette's horizontal layout on a phone);
   * `classic` is the side-by-side view. Absent: classic.
   */
  readonly mode?: 'immersive' | 'classic';
}

/** Min/max of a spot kind (GEN-2): the table's per-spot limit, else the table minimum/maximum. */
export function limitOf(table: Table, kind: string): { minMinor: number; maxMinor: number } {
  const l = table.limits.spots[kind];
  return l ? { minMinor: l.minMinor, maxMinor: l.maxMinor } : { minMinor: table.limits.tableMinMinor, maxMinor: table.limits.tableMaxMinor };
}

/**
 * A game's screens in the player client (issue 19 §4): `features/<game>/index.ts` exports one, and
 * `features/games.ts` lists them (one line per game). The table page finds a game's table here.
 */
export interface PlayerGamePlugin {
  /** The game ids this screen plays (a screen may serve a family: Dragon Tiger and Football Studio). */
  readonly games: readonly string[];
  /** The table component, in its own chunk (the lobby's first paint never waits for it). */
  readonly load: () => Promise<{ readonly default: ComponentType<GameProps> }>;
  /** Strings the game adds to the `player` namespace (spot names, its own labels), English and Swedish. */
  readonly i18n?: Catalogue;
  /** A settled round's result for the lobby's strip: the winning spot (shown by `text`, else its label's initial) and its colour; null = none. */
  lastResult?(view: unknown): { readonly spot: string; readonly tone: 'a' | 'b' | 'tie'; readonly text?: string } | null;
}
