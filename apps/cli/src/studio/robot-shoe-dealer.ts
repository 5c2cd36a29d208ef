import type { ShoeDeal } from '@felt-studio/hardware-sim';

/** What the robot dealer handles of a simulated shoe (ShoeSim). */
export interface DealerShoe {
  dealNext(): ShoeDeal;
  insert(): void;
  readonly cutCardOut: boolean;
}

/** What the robot dealer reads of a table's current round (the dealer's `currentRound`: the view and kernel.next). */
export interface DealerRound {
  readonly roundId: string | null;
  readonly seq: number;
  readonly view: unknown;
  readonly next: readonly { readonly kind: string }[];
}

/** What one step did at the table: a new shoe inserted (shuffled), a card dealt. */
export type DealerMove = 'shuffled' | 'dealt';

/** The kinds of `next` that ask for a card from the shoe (BAC-17, BJ-5, AB-2, …). */
const isDeal = (kind: string): boolean => kind === 'deal' || kind.startsWith('deal-') || kind === 'dealer-draws';

/**
 * The robot dealer at one shoe-dealt table of `felt studio`: what a dealer does looking at the console.
 *
 * - **Deals** one card whenever the round's `next` asks for one, once per state of the round (round and
 *   seq: a new round that asks at the same seq as the last card of the round before is still dealt).
 * - **Shuffles** (inserts a new shoe, `$SHOE,IN`, S-4) when the game says so (`next` holds `shuffle`: the
 *   cut card came out, blackjack and dragon tiger), or — for a game whose `next` does not say it (baccarat's
 *   BAC-18 last hand) — when the cut card came out in an earlier round and the next round is taking bets,
 *   before its first card. A fresh-deck game (banked poker, Andar Bahar) gets a new deck every betting window.
 * - A shoe that has run out (or is out) is replaced before the card is dealt: the round never waits for a
 *   card that cannot come.
 *
 * Before this (the fourteenth and fifteenth sessions' CI runs): nothing inserted a new shoe after the cut
 * card, so the 8-deck shoe ran out ~28 rounds later — at a blackjack table about 15–20 minutes into a
 * studio — and the round stayed in play, its card due and never dealt.
 */
export class RobotShoeDealer {
  private lastDealt: string | null = null;
  private shuffledFor: string | null = null;
  private cutInRound: string | null = null;

  constructor(
    private readonly shoe: DealerShoe,
    private readonly freshDeckEachRound: boolean,
  ) {}

  step(r: DealerRound): DealerMove[] {
    const moves: DealerMove[] = [];
    if (r.roundId === null) return moves;
    const phase = (r.view as { phase?: string } | null)?.phase;
    const shuffleDue = this.freshDeckEachRound ? phase === 'betting' : r.next.some((a) => a.kind === 'shuffle') || (this.shoe.cutCardOut && this.cutInRound !== null && this.cutInRound !== r.roundId && phase === 'betting');
    if (shuffleDue && this.shuffledFor !== r.roundId) {
      this.shuffle(r.roundId);
      moves.push('shuffled');
    }
    const key = `${r.roundId}:${r.seq}`;
    if (r.next.some((a) => isDeal(a.kind)) && this.lastDealt !== key) {
      this.lastDealt = key;
      let deal = this.shoe.dealNext();
      if (deal.type === 'empty' || deal.type === 'no-shoe') {
        this.shuffle(r.roundId);
        moves.push('shuffled');
        deal = this.shoe.dealNext();
      }
      if ((deal.type === 'card' || deal.type === 'unreadable') && deal.cutCard) this.cutInRound = r.roundId;
      moves.push('dealt');
    }
    return moves;
  }

  private shuffle(roundId: string): void {
    this.shoe.insert();
    this.shuffledFor = roundId;
    this.cutInRound = null;
  }
}
