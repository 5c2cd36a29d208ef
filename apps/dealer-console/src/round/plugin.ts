import type { Catalogue } from '@felt-studio/ui';
import type { Card } from '@felt-studio/games';
import type { RoundModel } from './round.types';

/** The part of the round model a game derives from its own dealer view (the common part is round.ts's). */
export type GamePart = Partial<Pick<RoundModel, 'phase' | 'hands' | 'roulette' | 'dice' | 'special' | 'dealerOutcome' | 'baccaratResult' | 'poker' | 'luckyDice' | 'moneyWheel' | 'decisionWindowMs' | 'decisionDeadline'>>;

/**
 * A game's screens in the dealer console (issue 19 §4): `features/<game>/index.ts` exports one and
 * `features/games.ts` lists them. The console looks a game up there, never in a switch.
 */
export interface DealerGamePlugin {
  readonly games: readonly string[];
  /** The game's part of the round model, from the kernel's dealer view (`rawPhase`: the kernel's phase, `none` before a round). */
  derive(game: string, view: unknown, rawPhase: string): GamePart;
  /** Cards come out of a shoe: the dealer may enter one by hand for a pit-boss sign-off (S-3). */
  readonly cards?: boolean;
  /** The shoe has a cut card the dealer may report (S-4). */
  readonly cutCard?: boolean;
  /** Strings the game adds to the `dealer` namespace (hand labels…), English and Swedish. */
  readonly i18n?: Catalogue;
}

export type Obj = Readonly<Record<string, unknown>>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const arr = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);
export const isCardCode = (v: unknown): v is Card => typeof v === 'string' && /^[A2-9TJQK][SHDC]$/.test(v);
export const cardOrHidden = (v: unknown): Card | 'hidden' | null => (v === 'hidden' ? 'hidden' : isCardCode(v) ? v : null);


/**
 * The kernel's dealer view of a game, typed from the game's definition (`ViewOf<G>`): the server sends
 * exactly `definition.view(state, dealer)`, so a plugin reads it as that type — no re-parsing field by
 * field. Only the absence of a round (no view) is checked.
 */
export const isGameView = <V extends { readonly game: string }>(view: unknown): view is V => typeof view === 'object' && view !== null && typeof (view as { game?: unknown }).game === 'string';
