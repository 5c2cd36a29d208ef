import { FeltApiError, newBetId, type FeltClient, type Table } from '@felt-studio/client-sdk';
import { BOT_SPOTS } from './demo-tables.js';

/** What a demo player sees of a table's round: the round and its own view of it (from `currentRound`, or a frame of the table). */
export interface PlayerRound {
  readonly roundId: string | null;
  readonly view: unknown;
}

/** The fields of a blackjack view the demo player plays by. */
interface BlackjackView {
  readonly turn?: { readonly seat: number; readonly hand: number } | null;
  readonly seats?: readonly { readonly seat: number; readonly hands: readonly { readonly total: number; readonly done: unknown }[] }[];
}

/** The fields of a Lucky Dice method B view the shooter plays by. */
interface ThrowView {
  readonly shooter?: string | null;
  readonly pendingThrow?: unknown;
  readonly throws?: readonly unknown[];
}

/** A decision of the banked poker games and infinite blackjack: its options, and when it closes (one decision per `closesAt`). */
interface DecisionView {
  readonly decision?: { readonly options?: readonly string[]; readonly closesAt?: number } | null;
}

/** What a round asks of a demo player. */
type Act = 'bet' | 'hit-or-stand' | 'decide' | 'throw-or-pass';

export interface DemoPlayerOptions {
  readonly client: Pick<FeltClient, 'currentRound' | 'placeBet' | 'playerDecision'>;
  /** The robot's player id (the Lucky Dice shooter is named by it). */
  readonly userId: string;
  readonly blackjackSeat: number;
  /** The studio's seeded chance: a number in 0..n-1. */
  readonly rand: (n: number) => number;
  /** Issue 23 §3: the planted card counter's stake at this table (it plays every round), or undefined: an ordinary demo player there. */
  readonly counterStake?: (tableId: string) => number | undefined;
}

/**
 * A demo robot player of `felt studio` at its tables: bets one or two small stakes in 3 betting windows of 4;
 * at blackjack hits below 17 and stands otherwise (its own seat, on its turn); plays on a banked poker or
 * infinite blackjack decision (the first option) — or lets the timer fold it, 1 decision in 5; and as the Lucky
 * Dice method B shooter passes the dice before a throw now and then (1 throw in 8, LD-6).
 *
 * `wants` says from a view whether the round asks anything of the player (a frame's view: worth a read);
 * `step` reads the round and does it. Each chance is taken once per occasion — a betting window, a decision,
 * a throw — however often the player looks at the table meanwhile.
 */
export class DemoPlayer {
  /** The round whose betting window the player has had, per table. */
  private readonly betIn = new Map<string, string>();
  /** The last decision / throw the player has had its chance at, per table and kind. */
  private readonly had = new Map<string, string>();

  constructor(private readonly opts: DemoPlayerOptions) {}

  wants(t: Table, r: PlayerRound): boolean {
    return this.acts(t, r).length > 0;
  }

  async step(t: Table): Promise<void> {
    const r = await this.opts.client.currentRound(t.tableId);
    for (const act of this.acts(t, r)) await this.act(act, t, r);
  }

  private acts(t: Table, r: PlayerRound): Act[] {
    if (r.roundId === null) return [];
    const acts: Act[] = [];
    const phase = (r.view as { phase?: string } | null)?.phase;
    if (t.game === 'blackjack' && phase === 'play' && this.handToPlay(r.view as BlackjackView) !== null) acts.push('hit-or-stand');
    const decision = (r.view as DecisionView | null)?.decision;
    if ((decision?.options?.length ?? 0) > 0 && this.had.get(`${t.tableId}:decide`) !== `${r.roundId}:${decision?.closesAt}`) acts.push('decide');
    const ld = r.view as ThrowView | null;
    if (t.game === 'lucky-dice' && phase === 'closed' && ld?.shooter === this.opts.userId && !ld.pendingThrow && this.had.get(`${t.tableId}:throw`) !== `${r.roundId}:${ld.throws?.length ?? 0}`) acts.push('throw-or-pass');
    if (phase === 'betting' && this.betIn.get(t.tableId) !== r.roundId) acts.push('bet');
    return acts;
  }

  private async act(act: Act, t: Table, r: PlayerRound): Promise<void> {
    const { client, rand } = this.opts;
    const roundId = r.roundId ?? '';
    switch (act) {
      case 'hit-or-stand': {
        const play = this.handToPlay(r.view as BlackjackView);
        if (play) await client.playerDecision(t.tableId, { type: 'PlayerAction', seat: this.opts.blackjackSeat, hand: play.hand, action: play.total < 17 ? 'hit' : 'stand' });
        return;
      }
      case 'decide': {
        const decision = (r.view as DecisionView).decision;
        this.had.set(`${t.tableId}:decide`, `${roundId}:${decision?.closesAt}`);
        // plays on (Call / Play / the first option) — or lets the timer fold it now and then
        if (rand(5) !== 0) await this.retryable(`${t.tableId}:decide`, () => client.playerDecision(t.tableId, { type: 'PlayerAction', action: decision?.options?.[0] as string }));
        return;
      }
      case 'throw-or-pass': {
        const ld = r.view as ThrowView;
        this.had.set(`${t.tableId}:throw`, `${roundId}:${ld.throws?.length ?? 0}`);
        if (rand(8) === 0) await this.retryable(`${t.tableId}:throw`, () => client.playerDecision(t.tableId, { type: 'DeclineThrow' }));
        return;
      }
      case 'bet':
        return this.bet(t, roundId);
    }
  }

  private async bet(t: Table, roundId: string): Promise<void> {
    const { client, rand } = this.opts;
    this.betIn.set(t.tableId, roundId);
    const counted = this.opts.counterStake?.(t.tableId);
    if (counted !== undefined) {
      // the planted counter plays every round, its stake set by the cards the shoe has dealt so far
      await client.placeBet(t.tableId, { betId: newBetId(), spot: `seat:${this.opts.blackjackSeat}`, stakeMinor: counted });
      return;
    }
    // it sits out 1 window in 4
    if (rand(4) === 0) return;
    const spots = t.game === 'blackjack' ? [{ spot: `seat:${this.opts.blackjackSeat}`, unit: 500 }] : (BOT_SPOTS[t.game] ?? []);
    const pick = spots[rand(spots.length)];
    if (!pick) return;
    const stakeMinor = pick.unit * (1 + rand(3));
    for (const spot of [pick.spot, ...(pick.with ?? [])]) await client.placeBet(t.tableId, { betId: newBetId(), spot, stakeMinor });
  }

  /** The player's own hand due at blackjack (its seat's turn, the hand not done), or null. */
  private handToPlay(view: BlackjackView | null): { readonly hand: number; readonly total: number } | null {
    const turn = view?.turn;
    if (!turn || turn.seat !== this.opts.blackjackSeat) return null;
    const hand = view.seats?.find((x) => x.seat === this.opts.blackjackSeat)?.hands[turn.hand];
    return hand && hand.done === null ? { hand: turn.hand, total: hand.total } : null;
  }

  /** A decision refused for a passing reason (too many requests, no answer) may be taken again at the next look; any other refusal stands. */
  private async retryable(key: string, send: () => Promise<unknown>): Promise<void> {
    try {
      await send();
    } catch (e) {
      if (e instanceof FeltApiError && (e.code === 'RATE_LIMITED' || e.status === 0)) this.had.delete(key);
      throw e;
    }
  }
}
