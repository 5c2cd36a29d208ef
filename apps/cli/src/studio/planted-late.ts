import { FeltApiError, newBetId, type FeltClient } from '@felt-studio/client-sdk';

/**
 * The demo's planted late bettor (issue 23 §5, first half; `felt studio --plant-anomalies`): a demo robot's account
 * at the first roulette table bets a straight up ~1.2 s before "no more bets" every round — and in `leakShare` of
 * them on the pocket the wheel will land in, read from the simulated wheel ahead of its spin (`peekNextPocket`: a
 * feed faster than the stream). Late bets are no offence; winning them ~15× more often than chance allows is, and
 * the late-bettor monitor raises LATE_BETTING_SUSPECTED for the account once it has `minLate` (20) late bets
 * (planted-late.spec.ts).
 */
export const PLANTED_LATE = { game: 'roulette', beforeCloseMs: 1_200, leakShare: 0.4, stakeMinor: 100, pollMs: 500 } as const;

/** What the planted bettor reads from the table's simulated wheel. */
export interface WheelLeak {
  peekNextPocket(): number;
}

const realSleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class PlantedLateBettor {
  private running = true;
  private done: string | null = null;

  constructor(
    private readonly client: FeltClient,
    private readonly tableId: string,
    private readonly wheel: WheelLeak,
    private readonly random: () => number,
    private readonly log: (line: string) => void,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = realSleep,
  ) {}

  async run(): Promise<void> {
    while (this.running) {
      await this.round().catch((e: unknown) => (e instanceof FeltApiError ? undefined : this.log(`planted late bettor: ${(e as Error).message}`)));
      await this.sleep(PLANTED_LATE.pollMs);
    }
  }

  stop(): void {
    this.running = false;
  }

  /** One look at the table: in a round taking bets, waits until ~1.2 s before the close and bets once. */
  async round(): Promise<string | null> {
    const r = await this.client.currentRound(this.tableId);
    const v = r.view as { phase?: string; bettingClosesAt?: number } | null;
    if (r.roundId === null || v?.phase !== 'betting' || typeof v.bettingClosesAt !== 'number' || this.done === r.roundId) return null;
    const wait = v.bettingClosesAt - PLANTED_LATE.beforeCloseMs - this.now();
    if (wait < -PLANTED_LATE.beforeCloseMs / 2) return null; // closing within ~0.6 s: this round is missed
    this.done = r.roundId;
    if (wait > 0) await this.sleep(wait);
    const pocket = this.random() < PLANTED_LATE.leakShare ? this.wheel.peekNextPocket() : Math.floor(this.random() * 37);
    const spot = `straight:${pocket}`;
    await this.client.placeBet(this.tableId, { betId: newBetId(), spot, stakeMinor: PLANTED_LATE.stakeMinor });
    return spot;
  }
}
