import { createShoe, shoeFromOrder, type Card } from '@felt-studio/games';
import { encodeShoeFrame, parseShoeLine, type ShoeErrorCode } from '@felt-studio/protocol';
import type { Scheduler } from './clock.js';
import { NmeaDevice } from './nmea-device.js';

/** One-shot faults for the shoe (devices.md §6 shoe scenarios). */
export type ShoeFault =
  /** The next frame is written twice with the same seq (S-1). */
  | { readonly type: 'duplicate-frame' }
  /** The next frame has a wrong checksum. */
  | { readonly type: 'bad-checksum' }
  /** The next card leaves unread: `$MISS` (S-3). */
  | { readonly type: 'unreadable-card' }
  /** The next deal pulls two cards at once: one more `$CARD` than the round called for (S-2 misdeal). */
  | { readonly type: 'extra-card' }
  /** The cut card comes out before the next card (S-4), wherever it was placed. */
  | { readonly type: 'cut-card-next' }
  /**
   * A foreign card in the shoe (S-1): every remaining copy of `card` comes next, then one more copy
   * the shoe cannot hold (the 33rd AS of 8 decks).
   */
  | { readonly type: 'impossible-card'; readonly card?: Card }
  /** `$ERR,<seq>,<code>`. */
  | { readonly type: 'error'; readonly code: ShoeErrorCode };

export interface ShoeSimOptions {
  readonly scheduler: Scheduler;
  readonly seed: number;
  /** Default 8. */
  readonly decks?: number;
  /** Cards from the end of the shoe where the cut card sits. Default 14. */
  readonly cutFromEnd?: number;
  /** Insert a shoe when started (`$SHOE,<seq>,IN,<decks>`). Default true. */
  readonly insertOnStart?: boolean;
  /**
   * A pre-arranged order for shoe `n` (0 = the first inserted): every card of `decks` decks, exactly
   * once per deck — what an automatic shuffler hands the dealer, or a test's stacked deck (a poker hand
   * with known winners). `undefined` for a shoe: the seeded shuffle. The wire is the same either way.
   */
  readonly stack?: (shoeNumber: number) => readonly Card[] | undefined;
  /**
   * A planted short shoe for the integrity demo (issue 23, `felt studio --plant-anomalies`): this many
   * cards of each rank are taken out of every shuffled shoe (e.g. `{ T: 16 }`: half the tens of 8 decks).
   */
  readonly shortOf?: Readonly<Partial<Record<string, number>>>;
}

/** What one `dealNext()` put on the wire. */
export type ShoeDeal =
  | { readonly type: 'card'; readonly cards: readonly Card[]; readonly cutCard: boolean }
  | { readonly type: 'unreadable'; readonly card: Card; readonly cutCard: boolean }
  | { readonly type: 'empty' }
  | { readonly type: 'no-shoe' };

/**
 * Card shoe emulator speaking Felt shoe line protocol v1 (devices.md §3): seeded shuffle of n decks
 * (`createShoe` from @felt-studio/games), cut card, `$SHOE`, `$CARD`, `$MISS`, `$CUT`, `$HB` every 5 s,
 * `$ERR`; answers `$STAT` with `$HB`.
 */
export class ShoeSim extends NmeaDevice {
  private readonly seed: number;
  private readonly shortOf: Readonly<Partial<Record<string, number>>> | undefined;
  private readonly decks: number;
  private readonly cutFromEnd: number;
  private readonly insertOnStart: boolean;
  private readonly stack: ((shoeNumber: number) => readonly Card[] | undefined) | undefined;
  private shoeNumber = 0;
  private order: Card[] = [];
  private dealtCount = 0;
  private dealt: Card[] = [];
  private cutAt: number | null = null;
  private cutOut = false;
  private inserted = false;
  private readonly faults: ShoeFault[] = [];
  /** Host `$ACK` seqs received (optional acknowledgements). */
  readonly acked: number[] = [];

  constructor(opts: ShoeSimOptions) {
    super(opts.scheduler);
    this.seed = opts.seed;
    this.shortOf = opts.shortOf;
    this.decks = opts.decks ?? 8;
    this.cutFromEnd = opts.cutFromEnd ?? 14;
    this.insertOnStart = opts.insertOnStart ?? true;
    this.stack = opts.stack;
  }

  protected override onStart(): void {
    if (this.insertOnStart) this.insert();
  }

  get isInserted(): boolean {
    return this.inserted;
  }

  /** Cards still in the shoe (not counting the cut card). */
  get cardsLeft(): number {
    return this.order.length;
  }

  /** Cards (and unreadable cards) out of the shoe since insertion. */
  get cardsDealt(): number {
    return this.dealtCount;
  }

  /** The cards out of this shoe since insertion, in order (what a player watching the table has seen: a counter's input). */
  get dealtCards(): readonly Card[] {
    return this.dealt;
  }

  /** The cut card has come out of this shoe (S-4: the dealer shuffles before the next round). */
  get cutCardOut(): boolean {
    return this.cutOut;
  }

  /** Shoes inserted so far (the next insertion is shoe number `shoesInserted`). */
  get shoesInserted(): number {
    return this.shoeNumber;
  }

  /**
   * Insert a freshly shuffled shoe (seed = base seed + shoe number, so every shoe differs), or the
   * `stack` option's order for this shoe number. A stacked order that is not exactly `decks` full decks
   * throws (a simulator set-up error, nothing goes on the wire).
   */
  insert(): void {
    const opts = { decks: this.decks, cutFromEnd: this.cutFromEnd };
    const stacked = this.stack?.(this.shoeNumber);
    let shoe = createShoe(opts, (this.seed + this.shoeNumber) >>> 0);
    if (stacked !== undefined) {
      const r = shoeFromOrder(stacked, opts);
      if (!r.ok || stacked.length !== this.decks * 52) throw new Error(`stacked shoe ${this.shoeNumber}: not ${this.decks} full deck(s) (${r.ok ? `${stacked.length} cards` : r.violation.message})`);
      shoe = r.value;
    }
    this.shoeNumber += 1;
    this.order = this.shortOf === undefined || stacked !== undefined ? [...shoe.order] : withoutSome(shoe.order, this.shortOf);
    this.dealtCount = 0;
    this.dealt = [];
    this.cutAt = shoe.cutAt === null ? null : Math.min(shoe.cutAt, Math.max(0, this.order.length - this.cutFromEnd));
    this.cutOut = false;
    this.inserted = true;
    this.sendFrame((seq) => encodeShoeFrame({ type: 'shoe_in', seq, decks: this.decks }));
  }

  /** Take the shoe out (`$SHOE,<seq>,OUT`). */
  remove(): void {
    this.inserted = false;
    this.sendFrame((seq) => encodeShoeFrame({ type: 'shoe_out', seq }));
  }

  /** Queue a one-shot fault; frame-level faults apply to the next frame sent. */
  injectFault(fault: ShoeFault): void {
    switch (fault.type) {
      case 'duplicate-frame':
        return this.corruptNextFrame('duplicate');
      case 'bad-checksum':
        return this.corruptNextFrame('bad-checksum');
      case 'error':
        this.sendFrame((seq) => encodeShoeFrame({ type: 'err', seq, code: fault.code }));
        return;
      case 'impossible-card': {
        const card = fault.card ?? this.order[0] ?? 'AS';
        const copies = this.order.filter((c) => c === card);
        this.order = [...copies, card, ...this.order.filter((c) => c !== card)];
        return;
      }
      case 'cut-card-next':
        this.cutAt = this.dealtCount;
        this.cutOut = false;
        return;
      case 'unreadable-card':
      case 'extra-card':
        this.faults.push(fault);
        return;
    }
  }

  /** The dealer draws the next card: `$CUT` first if the cut card is next, then `$CARD` (or `$MISS`). */
  dealNext(): ShoeDeal {
    if (!this.inserted) return { type: 'no-shoe' };
    let cutCard = false;
    if (!this.cutOut && this.cutAt !== null && this.dealtCount >= this.cutAt) {
      this.cutOut = true;
      cutCard = true;
      this.sendFrame((seq) => encodeShoeFrame({ type: 'cut', seq }));
    }
    const first = this.order.shift();
    if (first === undefined) return { type: 'empty' };
    const fault = this.faults.shift();
    this.dealtCount += 1;
    this.dealt.push(first);
    if (fault?.type === 'unreadable-card') {
      this.sendFrame((seq) => encodeShoeFrame({ type: 'miss', seq }));
      return { type: 'unreadable', card: first, cutCard };
    }
    this.sendFrame((seq) => encodeShoeFrame({ type: 'card', seq, card: first }));
    const cards: Card[] = [first];
    if (fault?.type === 'extra-card') {
      const second = this.order.shift();
      if (second !== undefined) {
        this.dealtCount += 1;
        this.dealt.push(second);
        this.sendFrame((seq) => encodeShoeFrame({ type: 'card', seq, card: second }));
        cards.push(second);
      }
    }
    return { type: 'card', cards, cutCard };
  }

  protected heartbeatFrame(seq: number): string {
    return encodeShoeFrame({ type: 'hb', seq });
  }

  /** Host → shoe: `$STAT` (answered with `$HB`) and optional `$ACK,<seq>`; anything else is counted. */
  protected onHostLine(line: string): void {
    const frame = parseShoeLine(line);
    switch (frame.type) {
      case 'stat':
        this.heartbeat();
        return;
      case 'ack':
        this.acked.push(frame.seq);
        return;
      case 'card':
      case 'miss':
      case 'cut':
      case 'shoe_in':
      case 'shoe_out':
      case 'hb':
      case 'err':
      case 'invalid':
        this.hostError();
        return;
    }
  }
}

/** The order without the first `remove[rank]` cards of each rank (a short shoe). */
function withoutSome(order: readonly Card[], remove: Readonly<Partial<Record<string, number>>>): Card[] {
  const left: Record<string, number> = { ...remove } as Record<string, number>;
  return order.filter((c) => {
    const r = c[0] as string;
    if ((left[r] ?? 0) > 0) {
      left[r] = left[r]! - 1;
      return false;
    }
    return true;
  });
}
