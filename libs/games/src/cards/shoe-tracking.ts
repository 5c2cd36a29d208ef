import { ok, violation, type Result } from '../common/result.js';
import { ALL_CARDS, type Card } from './card.js';
import { record, trackShoe, type Shoe } from './shoe.js';
import type { DeviceEventLike, DeviceReaction } from '../kernel/define.js';

/**
 * S-1 for every card game: the referee tracks the composition of the shoe (what it can still
 * hold) across rounds. A round starts with the shoe the previous round left (`AttachShoe`, the
 * definition's `carry`) or a full shoe; a card the shoe can no longer hold is refused or halts
 * the round (baccarat), never silently dealt.
 */

/** The shoe's state carried from round to round (`state.shoe` of the previous round). */
export type ShoeSnapshot = Pick<Shoe, 'decks' | 'remaining' | 'dealt' | 'total' | 'cutAt' | 'cutCardOut'>;

export const snapshotOf = (s: Shoe): ShoeSnapshot => ({ decks: s.decks, remaining: s.remaining, dealt: s.dealt, total: s.total, cutAt: s.cutAt, cutCardOut: s.cutCardOut });

/**
 * Validate an untrusted shoe snapshot against the table's deck count (`deckRule`: BAC-1, BJ-1, DT-1, FS-1); a shoe
 * whose cut card has come out is refused under `shuffleRule` (S-4; baccarat's own BAC-18).
 */
export function validateShoeSnapshot(s: unknown, decksExpected: number, deckRule: string, shuffleRule = 'S-4'): Result<Shoe> {
  const bad = (why: string) => violation('INVALID_SHOE', 'S-4', `Shoe snapshot rejected: ${why}.`);
  if (typeof s !== 'object' || s === null) return bad('not an object');
  const o = s as Record<string, unknown>;
  const decks = o['decks'];
  if (typeof decks !== 'number' || !Number.isInteger(decks) || decks < 1 || decks > 16) return bad('decks must be 1..16');
  if (decks !== decksExpected) return violation('WRONG_DECK_COUNT', deckRule, `This table plays ${decksExpected} decks; the shoe has ${decks}.`);
  const rem = o['remaining'];
  if (typeof rem !== 'object' || rem === null) return bad('remaining is missing');
  const remaining = {} as Record<Card, number>;
  let left = 0;
  for (const c of ALL_CARDS) {
    const n = (rem as Record<string, unknown>)[c];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > decks) return bad(`remaining ${c} must be 0..${decks}`);
    remaining[c] = n;
    left += n;
  }
  const total = decks * 52;
  const dealt = o['dealt'];
  if (typeof dealt !== 'number' || !Number.isInteger(dealt) || dealt < total - left || dealt > total) return bad('dealt does not match the composition');
  const cutAt = o['cutAt'];
  if (cutAt !== null && (typeof cutAt !== 'number' || !Number.isInteger(cutAt) || cutAt < 0 || cutAt > total)) return bad('cutAt must be null or 0..total');
  if (o['cutCardOut'] === true) return violation('SHUFFLE_DUE', shuffleRule, 'The cut card has come out of this shoe: no further card is dealt until it is reshuffled.');
  if (o['cutCardOut'] !== false) return bad('cutCardOut must be a boolean');
  return ok({ ...trackShoe({ decks }), remaining, dealt, total, cutAt, cutCardOut: false });
}

/** Record a card on the tracker: the new shoe, or IMPOSSIBLE_CARD (S-1). */
export function trackCard(shoe: Shoe, card: Card): Result<Shoe> {
  const r = record(shoe, card);
  return r.ok ? ok(r.value.shoe) : r;
}

/** The carry of a card game: attach the previous round's shoe unless the cut card came out (S-4). */
export function carryShoe(prev: { readonly shoe: Shoe | null }, at: number): { readonly type: 'AttachShoe'; readonly at: number; readonly shoe: ShoeSnapshot } | null {
  const s = prev.shoe;
  if (!s || s.cutCardOut) return null;
  return { type: 'AttachShoe', at, shoe: snapshotOf(s) };
}

/**
 * The card shoe's canonical device events (devices.md §1-§2) → commands, shared by every card game.
 * `unreadable`: whether the game takes `RecordUnreadableCard` (S-3); otherwise it is an alert.
 */
export function shoeDeviceReaction(ev: DeviceEventLike, at: number, opts: { readonly unreadable: boolean }): DeviceReaction | null {
  const p = ev.payload;
  const shoeIndex = typeof p.shoeIndex === 'number' ? { shoeIndex: p.shoeIndex } : {};
  switch (ev.type) {
    case 'shoe.card':
      return { kind: 'command', command: { type: 'RecordCard', at, card: p.card, ...shoeIndex }, closesBetting: true };
    case 'shoe.unreadable':
      // S-3: the round halts until the dealer enters the card and a pit boss confirms.
      if (opts.unreadable) return { kind: 'command', command: { type: 'RecordUnreadableCard', at, ...shoeIndex }, closesBetting: true };
      return { kind: 'alert', severity: 'warning', code: 'CARD_UNREADABLE', message: `${ev.deviceId} could not read a card (S-3): enter it by hand with a pit boss sign-off.`, fault: true };
    case 'shoe.cut_card':
      return { kind: 'command', command: { type: 'RecordCutCard', at, ...shoeIndex }, closesBetting: false };
    case 'shoe.inserted':
    case 'shoe.removed':
      return { kind: 'alert', severity: 'info', code: ev.type === 'shoe.inserted' ? 'SHOE_INSERTED' : 'SHOE_REMOVED', message: `Shoe ${ev.deviceId} ${ev.type === 'shoe.inserted' ? `inserted${typeof p.decks === 'number' ? ` (${p.decks} decks)` : ''}` : 'removed'} (S-4 shoe session).`, fault: false };
    default:
      return null;
  }
}
