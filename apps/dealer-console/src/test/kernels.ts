import { baccarat, blackjack, roulette, type Audience, type NextAction, type RoundLimits } from '@felt-studio/games';

/**
 * Real kernel states for the console's tests: commands folded through the games' own
 * decide/evolve, then the DEALER view and `next(state)` — exactly what the server sends the console.
 */
interface AnyKernel {
  initial(): unknown;
  decide(s: unknown, c: unknown): { ok: true; events: readonly unknown[] } | { ok: false; violation: { code: string; message: string } };
  evolve(s: unknown, e: unknown): unknown;
  view(s: unknown, a: Audience): unknown;
  next(s: unknown): readonly NextAction[];
}

export const LIMITS: RoundLimits = { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 };
export const T0 = 1_000_000;

export interface Driven {
  readonly roundId: string;
  readonly view: unknown;
  readonly next: readonly NextAction[];
}

export function drive(kernel: unknown, profileId: string, commands: readonly Record<string, unknown>[]): Driven {
  const k = kernel as AnyKernel;
  let s = k.initial();
  const all = [{ type: 'OpenRound', roundId: 'rnd_test_1', tableId: 'tbl_1', profileId, bettingClosesAt: T0 + 15_000, limits: LIMITS }, ...commands];
  all.forEach((c, i) => {
    const d = k.decide(s, { at: T0 + i * 100, ...c });
    if (!d.ok) throw new Error(`${String(c['type'])} rejected: ${d.violation.code} ${d.violation.message}`);
    for (const e of d.events) s = k.evolve(s, e);
  });
  return { roundId: 'rnd_test_1', view: k.view(s, { role: 'dealer' }), next: k.next(s) };
}

export const bet = (betId: string, playerId: string, spot: string, stakeMinor: number): Record<string, unknown> => ({ type: 'PlaceBet', bet: { betId, playerId, spot, stakeMinor } });
export const card = (c: string): Record<string, unknown> => ({ type: 'RecordCard', card: c });
export const close = { type: 'CloseBetting', reason: 'dealer' } as const;

export const kernels = { baccarat: baccarat.baccaratKernel, blackjack: blackjack.blackjackKernel, roulette: roulette.rouletteKernel };
