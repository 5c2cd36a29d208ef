import type { Minor } from '../common/money.js';
import { PMap } from '../common/pmap.js';
import type { AcceptedBet } from './kernel.js';

/**
 * The bet book of a round: every accepted bet plus the totals the referee and the views need,
 * all kept incrementally in persistent maps (issue 8) so that accepting, refusing or cancelling a
 * bet costs O(1) amortised whatever the number of bets already in the round:
 *  - per player: stake, count, and the player's bet ids (for `myBets` without a scan);
 *  - per player and spot: the stake (GEN-4 spot limits, RES-* restrictions);
 *  - per spot and per kind: table totals for the dealer / pit boss views;
 *  - cancelled bets (a retried cancel is a duplicate, and a cancelled bet id is never reused).
 */

/** A persistent singly linked list (prepend O(1)). */
export interface Cons<T> {
  readonly head: T;
  readonly tail: Cons<T> | null;
}

export interface PlayerBook {
  readonly stakeMinor: Minor;
  /** Live (not cancelled) bets. */
  readonly count: number;
  /** Every bet id the player ever had accepted in this round, newest first (cancelled ones included). */
  readonly ids: Cons<string> | null;
}

export interface SpotTotal {
  readonly stakeMinor: Minor;
  readonly bets: number;
}

export interface BetBook {
  readonly byId: PMap<AcceptedBet>;
  readonly cancelled: PMap<AcceptedBet>;
  readonly players: PMap<PlayerBook>;
  /** `${playerId}\u001f${spot}` → stake. */
  readonly onSpot: PMap<Minor>;
  readonly spots: PMap<SpotTotal>;
  readonly kinds: PMap<SpotTotal>;
  readonly stakeMinor: Minor;
  readonly count: number;
  /** Players holding at least one live bet. */
  readonly playerCount: number;
}

export const emptyBook = (): BetBook => ({
  byId: PMap.empty(),
  cancelled: PMap.empty(),
  players: PMap.empty(),
  onSpot: PMap.empty(),
  spots: PMap.empty(),
  kinds: PMap.empty(),
  stakeMinor: 0,
  count: 0,
  playerCount: 0,
});

const spotKey = (playerId: string, spot: string): string => `${playerId}\u001f${spot}`;

const addTotal = (t: SpotTotal | undefined, stake: Minor, n: number): SpotTotal => ({ stakeMinor: (t?.stakeMinor ?? 0) + stake, bets: (t?.bets ?? 0) + n });

export function bookAccept(book: BetBook, bet: AcceptedBet): BetBook {
  const prior = book.players.get(bet.playerId);
  const player: PlayerBook = { stakeMinor: (prior?.stakeMinor ?? 0) + bet.stakeMinor, count: (prior?.count ?? 0) + 1, ids: { head: bet.betId, tail: prior?.ids ?? null } };
  const newPlayer = !prior || prior.count === 0;
  return {
    byId: book.byId.set(bet.betId, bet),
    cancelled: book.cancelled,
    players: book.players.set(bet.playerId, player),
    onSpot: book.onSpot.update(spotKey(bet.playerId, bet.spot), (s) => (s ?? 0) + bet.stakeMinor),
    spots: book.spots.update(bet.spot, (t) => addTotal(t, bet.stakeMinor, 1)),
    kinds: book.kinds.update(bet.kind, (t) => addTotal(t, bet.stakeMinor, 1)),
    stakeMinor: book.stakeMinor + bet.stakeMinor,
    count: book.count + 1,
    playerCount: book.playerCount + (newPlayer ? 1 : 0),
  };
}

export function bookCancel(book: BetBook, betId: string): BetBook {
  const bet = book.byId.get(betId);
  if (!bet) return book;
  const prior = book.players.get(bet.playerId);
  const player: PlayerBook = { stakeMinor: (prior?.stakeMinor ?? 0) - bet.stakeMinor, count: (prior?.count ?? 1) - 1, ids: prior?.ids ?? null };
  const sk = spotKey(bet.playerId, bet.spot);
  const left = (book.onSpot.get(sk) ?? 0) - bet.stakeMinor;
  return {
    byId: book.byId.delete(betId),
    cancelled: book.cancelled.set(betId, bet),
    players: book.players.set(bet.playerId, player),
    onSpot: left > 0 ? book.onSpot.set(sk, left) : book.onSpot.delete(sk),
    spots: book.spots.update(bet.spot, (t) => addTotal(t, -bet.stakeMinor, -1)),
    kinds: book.kinds.update(bet.kind, (t) => addTotal(t, -bet.stakeMinor, -1)),
    stakeMinor: book.stakeMinor - bet.stakeMinor,
    count: book.count - 1,
    playerCount: book.playerCount - (player.count === 0 ? 1 : 0),
  };
}

/** A player's stake on one spot (0 when none). O(1). */
export const stakeOnSpot = (book: BetBook, playerId: string, spot: string): Minor => book.onSpot.get(spotKey(playerId, spot)) ?? 0;

/** A player's total stake this round. O(1). */
export const stakeOfPlayerIn = (book: BetBook, playerId: string): Minor => book.players.get(playerId)?.stakeMinor ?? 0;

/** A player's live bets in the order they were accepted: O(bets of that player), never a scan of the round. */
export function betsOfPlayer(book: BetBook, playerId: string): AcceptedBet[] {
  const out: AcceptedBet[] = [];
  for (let c = book.players.get(playerId)?.ids ?? null; c !== null; c = c.tail) {
    const b = book.byId.get(c.head);
    if (b) out.push(b);
  }
  return out.reverse();
}

/** Table totals for the dealer / pit boss (no bet listing): O(spots + kinds). */
export interface BookTotals {
  readonly stakeMinor: Minor;
  readonly bets: number;
  readonly players: number;
  readonly byKind: Readonly<Record<string, Minor>>;
  readonly bySpot: Readonly<Record<string, Minor>>;
}

export function bookTotals(book: BetBook): BookTotals {
  const byKind: Record<string, Minor> = {};
  for (const [k, t] of book.kinds.entries()) if (t.bets > 0) byKind[k] = t.stakeMinor;
  const bySpot: Record<string, Minor> = {};
  for (const [k, t] of book.spots.entries()) if (t.bets > 0) bySpot[k] = t.stakeMinor;
  return { stakeMinor: book.stakeMinor, bets: book.count, players: book.playerCount, byKind, bySpot };
}

/**
 * `state.bets` as the `Readonly<Record<betId, AcceptedBet>>` of the RoundKernel contract, read
 * through to the persistent map (no copy): indexing is O(1); `Object.values` lists in acceptance order.
 */
export function betsRecord(map: PMap<AcceptedBet>): Readonly<Record<string, AcceptedBet>> {
  const target: Record<string, AcceptedBet> = {};
  return new Proxy(target, {
    get(t, key, receiver) {
      if (typeof key === 'string') {
        const b = map.get(key);
        if (b !== undefined) return b;
      }
      return Reflect.get(t, key, receiver) as unknown;
    },
    has(t, key) {
      return (typeof key === 'string' && map.has(key)) || Reflect.has(t, key);
    },
    ownKeys() {
      return map.keys();
    },
    getOwnPropertyDescriptor(_t, key) {
      if (typeof key !== 'string') return undefined;
      const b = map.get(key);
      return b === undefined ? undefined : { value: b, writable: false, enumerable: true, configurable: true };
    },
    set() {
      return false;
    },
    deleteProperty() {
      return false;
    },
    defineProperty() {
      return false;
    },
  });
}
