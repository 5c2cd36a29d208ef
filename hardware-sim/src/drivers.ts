import type { Scheduler, TimerHandle } from './clock.js';
import type { ShoeSim } from './shoe.sim.js';
import type { TimerBoxSim } from './timer-box.sim.js';

/** Hooks a scenario uses to act at a point of a scripted round. */
export interface ShoeRoundHooks {
  /** Called before card `cardIndex` (0-based) of round `round` is drawn. */
  beforeCard?(shoe: ShoeSim, round: number, cardIndex: number): void;
}

export const SHOE_DEALER_TIMING = { cardsPerRound: 4, cardGapMs: 1000, roundGapMs: 8000, reinsertAfterMs: 10_000 } as const;

/**
 * A scripted dealer for the shoe: rounds of 4 cards (punto banco's first four), 1 s apart, 8 s
 * between rounds; a removed shoe is put back after 10 s; a nearly empty shoe is replaced.
 */
export class ShoeDealer {
  private timer: TimerHandle | null = null;
  private round = 0;
  private card = 0;

  constructor(
    private readonly shoe: ShoeSim,
    private readonly sched: Scheduler,
    private readonly hooks: ShoeRoundHooks = {},
  ) {}

  get roundsDealt(): number {
    return this.round;
  }

  start(): void {
    this.schedule(SHOE_DEALER_TIMING.cardGapMs);
  }

  stop(): void {
    if (this.timer) this.sched.clearTimer(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    this.timer = this.sched.setTimer(() => this.step(), ms);
  }

  private step(): void {
    if (!this.shoe.isInserted) {
      this.timer = this.sched.setTimer(() => {
        if (!this.shoe.isInserted) this.shoe.insert();
        this.schedule(SHOE_DEALER_TIMING.cardGapMs);
      }, SHOE_DEALER_TIMING.reinsertAfterMs);
      return;
    }
    this.hooks.beforeCard?.(this.shoe, this.round, this.card);
    if (!this.shoe.isInserted) {
      // the shoe was taken out mid-round: that round is over (the server voids it); deal on with a new shoe
      this.round += 1;
      this.card = 0;
      return this.step();
    }
    const deal = this.shoe.dealNext();
    this.card += 1;
    if (deal.type === 'empty' || this.card >= SHOE_DEALER_TIMING.cardsPerRound) {
      this.round += 1;
      this.card = 0;
      if (deal.type === 'empty' || this.shoe.cardsLeft < 2 * SHOE_DEALER_TIMING.cardsPerRound) {
        this.shoe.remove();
        this.shoe.insert();
      }
      this.schedule(SHOE_DEALER_TIMING.roundGapMs);
      return;
    }
    this.schedule(SHOE_DEALER_TIMING.cardGapMs);
  }
}

export interface TimerRoundHooks {
  beforePress?(box: TimerBoxSim, round: number, button: 'START' | 'NMB'): void;
}

export const TIMER_DEALER_TIMING = { startAtMs: 1000, betWindowMs: 15_000, roundMs: 30_000 } as const;

/** A scripted dealer at the button box: START, then NMB 15 s later, every 30 s. */
export class TimerDealer {
  private timers: TimerHandle[] = [];
  private round = 0;

  constructor(
    private readonly box: TimerBoxSim,
    private readonly sched: Scheduler,
    private readonly hooks: TimerRoundHooks = {},
  ) {}

  start(): void {
    this.arm(TIMER_DEALER_TIMING.startAtMs);
  }

  stop(): void {
    for (const t of this.timers) this.sched.clearTimer(t);
    this.timers = [];
  }

  private arm(at: number): void {
    this.timers = [
      this.sched.setTimer(() => this.press('START'), at),
      this.sched.setTimer(() => this.press('NMB'), at + TIMER_DEALER_TIMING.betWindowMs),
      this.sched.setTimer(() => {
        this.round += 1;
        this.arm(0);
      }, at + TIMER_DEALER_TIMING.roundMs - TIMER_DEALER_TIMING.startAtMs),
    ];
  }

  private press(button: 'START' | 'NMB'): void {
    this.hooks.beforePress?.(this.box, this.round, button);
    this.box.press(button);
  }
}

/**
 * What the dealer console shows of a poker table that the dealer needs here: the table's change
 * counter, the hand (its id, phase and how many cards are out) and whether a card is due. A
 * `PokerTableFrame` of the dealer audience fits as is (structural: the simulator knows no server types).
 */
export interface PokerDealerView {
  readonly seq: number;
  readonly cardDue: unknown;
  readonly hand: { readonly handId: string; readonly phase: string; readonly board: readonly unknown[]; readonly seats: readonly { readonly cards: readonly unknown[] }[] } | null;
}

/**
 * The studio dealer at a shoe-dealt poker table (issue 11, S1-DEAL-1): a poker hand comes from ONE
 * freshly shuffled deck, so the shoe holds one deck (`ShoeSim({ decks: 1 })`) and the dealer puts a new
 * one in (`$SHOE,OUT` then `$SHOE,IN,1`) when a hand is over (complete, or void — a misdeal voids the
 * hand and the next one is dealt afresh), and should cards ever go back within a hand (fewer out than before). While the console says a card is due, the dealer
 * draws ONE card per table change (`seq`): the next card is drawn only once the table has taken the last
 * one, as a dealer waits for the console to show "card scanned". The cards themselves reach the server
 * only as the shoe's bytes. No burn cards: the table takes every scanned card as the next card due.
 */
export class PokerShoeDealer {
  private dealtAtSeq = -1;
  private reloadedFor: string | null = null;
  private hand: { readonly id: string; readonly cardsOut: number } | null = null;
  /** Cards drawn (burns included), of them burned (PT-BURN), decks put in. */
  readonly stats = { cards: 0, burns: 0, reloads: 0 };

  constructor(private readonly shoe: ShoeSim) {}

  /** Every frame the dealer console receives, in order. Returns what the dealer did last. */
  see(view: PokerDealerView): 'dealt' | 'reloaded' | 'nothing' {
    const h = view.hand;
    if (h === null) return 'nothing';
    const cardsOut = h.board.length + h.seats.reduce((n, x) => n + x.cards.length, 0);
    const redealt = this.hand !== null && this.hand.id === h.handId && cardsOut < this.hand.cardsOut;
    const over = h.phase === 'complete' || h.phase === 'void';
    // a new hand on a used deck (the end of the last one was never seen, e.g. a reconnect): a fresh deck first
    const stale = !over && this.hand?.id !== h.handId && cardsOut === 0 && this.shoe.cardsDealt > 0;
    this.hand = { id: h.handId, cardsOut };
    let did: 'dealt' | 'reloaded' | 'nothing' = 'nothing';
    if (redealt || stale || (over && this.reloadedFor !== h.handId)) {
      if (over) this.reloadedFor = h.handId;
      this.reload();
      did = 'reloaded';
    }
    if (over || view.cardDue === null || view.cardDue === undefined || view.seq === this.dealtAtSeq) return did;
    this.dealtAtSeq = view.seq;
    if (!this.shoe.isInserted) this.reload();
    const d = this.shoe.dealNext(); // a card, or unreadable (`$MISS`: the table refuses it, S-3)
    if (d.type === 'empty' || d.type === 'no-shoe') return did; // the table's card watch alerts the pit boss
    this.stats.cards += 1;
    // PT-BURN: a burn goes through the shoe like any card (the shoe reads it; the table takes it as the burn)
    if ((view.cardDue as { to?: unknown }).to === 'burn') this.stats.burns += 1;
    return 'dealt';
  }

  private reload(): void {
    if (this.shoe.isInserted) this.shoe.remove();
    this.shoe.insert();
    this.stats.reloads += 1;
  }
}
