import { FeltApiError, newBetId, type FeltClient } from '@felt-studio/client-sdk';
import type { BotSpot } from './demo-tables.js';

/**
 * The demo's planted betting group (issue 23 §5, `felt studio --plant-anomalies`): the three demo robots follow
 * one signal at the first roulette and the first baccarat table — every round, the same spot (one of the
 * demo players' spots, picked from the round id), each within `spreadMs` of the others. The shared-pattern
 * monitor raises BET_PATTERN_SHARED for the three once it has seen enough rounds (planted-group.spec.ts).
 */
export const PLANTED_GROUP = { games: ['roulette', 'baccarat'], spreadMs: 200, pollMs: 1_000, maxWaitMs: 3_000 } as const;

/** The signal of a round: one of the game's spots, the same for every member (FNV-1a of the round id). */
export function groupSignal(roundId: string, spots: readonly BotSpot[]): BotSpot | null {
  if (spots.length === 0) return null;
  let h = 0x811c9dc5;
  for (let i = 0; i < roundId.length; i++) h = Math.imul(h ^ roundId.charCodeAt(i), 0x01000193) >>> 0;
  return spots[h % spots.length]!;
}

/** The tables the group plays: the first of each game in PLANTED_GROUP.games. */
export function groupTables<T extends { readonly tableId: string; readonly game: string }>(tables: readonly T[]): T[] {
  return PLANTED_GROUP.games.map((g) => tables.find((t) => t.game === g)).filter((t): t is T => t !== undefined);
}

const realSleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The members' loop: once per round at each of its tables, a moment into the betting, every member bets the signal's spot within `spreadMs`. */
export class PlantedGroup {
  private running = true;
  private readonly done = new Map<string, string>();

  constructor(
    private readonly members: readonly FeltClient[],
    private readonly tables: readonly { readonly tableId: string; readonly game: string }[],
    private readonly spots: (game: string) => readonly BotSpot[],
    private readonly random: () => number,
    private readonly log: (line: string) => void,
    private readonly sleep: (ms: number) => Promise<void> = realSleep,
  ) {}

  async run(): Promise<void> {
    while (this.running) {
      for (const t of this.tables) await this.round(t).catch((e: unknown) => (e instanceof FeltApiError ? undefined : this.log(`planted group at ${t.tableId}: ${(e as Error).message}`)));
      await this.sleep(PLANTED_GROUP.pollMs);
    }
  }

  stop(): void {
    this.running = false;
  }

  /** One look at a table: bets the signal once when its round is taking bets. */
  async round(t: { readonly tableId: string; readonly game: string }): Promise<void> {
    const r = await this.members[0]!.currentRound(t.tableId);
    if (r.roundId === null || (r.view as { phase?: string } | null)?.phase !== 'betting' || this.done.get(t.tableId) === r.roundId) return;
    this.done.set(t.tableId, r.roundId);
    const signal = groupSignal(r.roundId, this.spots(t.game));
    if (signal === null) return;
    await this.sleep(this.random() * PLANTED_GROUP.maxWaitMs);
    await Promise.all(
      this.members.map(async (c) => {
        await this.sleep(this.random() * PLANTED_GROUP.spreadMs);
        for (const spot of [signal.spot, ...(signal.with ?? [])]) await c.placeBet(t.tableId, { betId: newBetId(), spot, stakeMinor: signal.unit });
      }),
    );
  }
}
