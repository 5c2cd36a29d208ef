import type { Catalogue } from '@felt-studio/ui';

/** Correction presets a pit boss may pick for a round (the server's kernel decides whether they are allowed now). */
export type Preset = 'rouletteNoSpin' | 'dice' | 'cards' | 'misdealVoid' | 'resume' | 'card' | 'custom';

/**
 * A game's screens in the pit boss (issue 19 §4): `features/<game>/index.ts` exports one and
 * `features/games.ts` lists them. A game with no plugin still shows its rounds, replayed through its
 * own kernel from @felt-studio/games' manifests (`gameKernel`).
 */
export interface PitGamePlugin {
  readonly games: readonly string[];
  /** Correction presets (default: a custom command only). */
  readonly presets?: readonly Preset[];
  /** The round's outcome in one line for the replay, from the game's pit-boss view; null = nothing yet. */
  outcome?(view: unknown): string | null;
  /** Strings the game adds to the `pit` namespace, English and Swedish. */
  readonly i18n?: Catalogue;
}
