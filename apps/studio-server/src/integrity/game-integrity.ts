import { GAME_DEFINITIONS, type IntegritySpec } from '@felt-studio/games';

/** What the integrity monitors need of a table's game: its definition's `integrity` (null: no monitor watches it). */
export type IntegritySpecOf = (game: string) => IntegritySpec | null;

/**
 * Issue 19 §4: the monitors of a table follow from its game's definition (libs/games, `integrity`: a wheel, a
 * carried shoe, a count to follow) — the server names no game. A game declares it in its own kernel.
 */
export const integritySpecOf: IntegritySpecOf = (game) => (GAME_DEFINITIONS as Readonly<Record<string, { readonly integrity?: IntegritySpec }>>)[game]?.integrity ?? null;
