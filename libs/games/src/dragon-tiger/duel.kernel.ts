import type { Card } from '../cards/card.js';
import { trackShoe, type Shoe } from '../cards/shoe.js';
import { carryShoe, shoeDeviceReaction, trackCard, validateShoeSnapshot, type ShoeSnapshot } from '../cards/shoe-tracking.js';
import { applyRatio } from '../common/money.js';
import { ok, type Result } from '../common/result.js';
import { betsOfPlayer, bookTotals, stakeOnSpot, type BookTotals } from '../kernel/book.js';
import { bettingNext, createKernel, defineGame, duplicate, events, refuse, settleNext, vio, type RefereeState } from '../kernel/define.js';
import { roundViewBase, type AcceptedBet, type CommonCommand, type CommonEvent, type NextAction, type SettlementLine, type RoundViewBase } from '../kernel/kernel.js';
import { parseDuelCard, parseDuelSpot, resolveDuelSpot, type DuelCards, type DuelProfile, type DuelSpec } from './duel.rules.js';

/**
 * A card duel (Dragon Tiger, Football Studio) on the referee (`defineGame`):
 * idle → betting → closed → RecordCard (first side) → play → RecordCard (second side) → resolved →
 * MarkSettled → settled; `void` from any unresolved phase (GEN-6). The first card closes betting if
 * it is still open (GEN-3). The shoe's composition is tracked across rounds (S-1): a card the shoe
 * can no longer hold is refused (IMPOSSIBLE_CARD).
 */

export type DuelCommand =
  | CommonCommand
  /**
   * A scanned card (devices.md §1 code). The first goes to sides[0], the second to sides[1].
   * `shoeIndex` (the scanner's position of the card in the shoe) is kept in the event (GEN-8 card record).
   */
  | { readonly type: 'RecordCard'; readonly at: number; readonly card: string; readonly shoeIndex?: number }
  /** The previous round's shoe (S-1 carry). */
  | { readonly type: 'AttachShoe'; readonly at: number; readonly shoe: ShoeSnapshot }
  /** The cut card came out: shuffle after this round (S-4). */
  | { readonly type: 'RecordCutCard'; readonly at: number; readonly shoeIndex?: number };

export type DuelEvent =
  | CommonEvent
  | { readonly type: 'CardRecorded'; readonly at: number; readonly card: Card; readonly side: string; readonly shoeIndex: number | null }
  | { readonly type: 'ShoeAttached'; readonly at: number; readonly shoe: ShoeSnapshot }
  | { readonly type: 'CutCardRecorded'; readonly at: number };

export interface DuelState extends RefereeState {
  readonly game: 'dragon-tiger' | 'football-studio';
  /** Cards dealt this round, in order (sides[0] first). */
  readonly cards: readonly Card[];
  /** Composition tracker of the shoe (S-1); null before the round opens. */
  readonly shoe: Shoe | null;
}

export interface DuelView extends RoundViewBase {
  readonly game: DuelState['game'];
  /** Side → card, as dealt so far. */
  readonly cards: Readonly<Record<string, Card>>;
  readonly voidReason: string | null;
  /** A player sees only their own bets; dealer and pit boss see the table totals. */
  readonly bets: readonly AcceptedBet[];
  readonly totals?: BookTotals;
  readonly shuffleAfterRound: boolean;
}

/** Settle bets against the two cards (shared by the kernel and `settleOffline`). */
export function settleDuelBets(spec: DuelSpec, bets: readonly AcceptedBet[], cards: DuelCards, profile: DuelProfile): SettlementLine[] {
  return bets.map((b) => {
    const spot = parseDuelSpot(spec, profile, b.spot);
    if (!spot.ok) throw new Error(`bet ${b.betId} has invalid spot ${b.spot}`);
    const r = resolveDuelSpot(spec, spot.value, cards, profile);
    return { betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: applyRatio(b.stakeMinor, r.multiple, r.rounding), outcome: r.outcome, rules: r.rules };
  });
}

export const duelMaxReturn = (p: DuelProfile): number => Math.max(...[p.sidePays, p.tiePays, ...(p.suitedTiePays ? [p.suitedTiePays] : [])].map((r) => r.num / r.den)) + 1;

export function defineDuel(spec: DuelSpec, profiles: Readonly<Record<string, DuelProfile>>) {
  return defineGame<DuelState, DuelCommand, DuelEvent, DuelView, DuelProfile>({
    id: spec.game,
    name: spec.label,
    profiles,
    defaultProfile: 'standard',
    maxReturnMultiple: duelMaxReturn,
    initial: () => ({ game: spec.game, cards: [], shoe: null }),
    bets: {
      spot(_s, p, key) {
        const spot = parseDuelSpot(spec, p, key);
        return spot.ok ? ok({ key, kind: key }) : spot;
      },
      restrict(s, _p, bet) {
        const [x, y] = spec.sides;
        const other = bet.spot === x ? y : bet.spot === y ? x : null;
        if (other !== null && stakeOnSpot(s.book, bet.playerId, other) > 0) {
          return vio('RESTRICTED_COMBINATION', spec.rules.restriction, `${spec.label} does not allow ${x} and ${y} in the same round (${spec.rules.restriction}): you already bet on ${other}.`, { spot: bet.spot, conflictsWith: other });
        }
        return null;
      },
    },
    afterCommon(s, e) {
      if (e.type !== 'RoundOpened') return s;
      const p = profiles[e.profileId];
      return { ...s, shoe: trackShoe({ decks: p?.decks ?? 8 }) };
    },
    moves: {
      RecordCard: {
        phases: ['closed', 'play'],
        closesBetting: true,
        decide(s, c) {
          const card = parseDuelCard(spec, c.card);
          if (!card.ok) return card;
          if (s.shoe) {
            const held = trackCard(s.shoe, card.value);
            if (!held.ok) return refuse(vio('IMPOSSIBLE_CARD', 'S-1', `${card.value} cannot come out of this shoe: all ${s.shoe.decks} decks' copies have been dealt (S-1).`, { card: card.value }));
          }
          const side = spec.sides[s.cards.length === 0 ? 0 : 1];
          return events<DuelEvent>({ type: 'CardRecorded', at: c.at, card: card.value, side, shoeIndex: typeof c.shoeIndex === 'number' && Number.isSafeInteger(c.shoeIndex) ? c.shoeIndex : null });
        },
      },
      AttachShoe: {
        phases: ['betting', 'closed'],
        decide(s, c) {
          if (s.cards.length > 0) return refuse(vio('SHOE_LOCKED', 'S-4', 'Cards have already come out in this round.'));
          const p = profiles[s.profileId ?? ''];
          const shoe = validateShoeSnapshot(c.shoe, p?.decks ?? 8, spec.rules.deal);
          if (!shoe.ok) return shoe;
          const v = shoe.value;
          return events<DuelEvent>({ type: 'ShoeAttached', at: c.at, shoe: { decks: v.decks, remaining: v.remaining, dealt: v.dealt, total: v.total, cutAt: v.cutAt, cutCardOut: v.cutCardOut } });
        },
      },
      RecordCutCard: {
        phases: ['betting', 'closed', 'play', 'resolved'],
        decide(s, c) {
          if (s.shoe?.cutCardOut) return duplicate();
          return events<DuelEvent>({ type: 'CutCardRecorded', at: c.at });
        },
      },
    },
    evolve(s, e) {
      const seq = s.seq + 1;
      switch (e.type) {
        case 'CardRecorded': {
          const cards = [...s.cards, e.card];
          const shoe = s.shoe ? trackCard(s.shoe, e.card) : null;
          return { ...s, seq, cards, shoe: shoe && shoe.ok ? shoe.value : s.shoe, phase: cards.length >= 2 ? 'resolved' : 'play' };
        }
        case 'ShoeAttached':
          return { ...s, seq, shoe: { ...trackShoe({ decks: e.shoe.decks }), ...e.shoe } };
        case 'CutCardRecorded':
          return { ...s, seq, shoe: s.shoe ? { ...s.shoe, cutCardOut: true } : s.shoe };
      }
    },
    view(s, audience): DuelView {
      const cards: Record<string, Card> = {};
      s.cards.forEach((card, i) => {
        cards[spec.sides[i === 0 ? 0 : 1]] = card;
      });
      const base = { game: spec.game, ...roundViewBase(s), cards, voidReason: s.voidReason, shuffleAfterRound: s.shoe?.cutCardOut ?? false };
      return audience.role === 'player' ? { ...base, bets: betsOfPlayer(s.book, audience.playerId) } : { ...base, bets: [], totals: bookTotals(s.book) };
    },
    redact: (e) => e,
    settle(s, profile): Result<readonly SettlementLine[]> {
      const [a, b] = s.cards;
      if (a === undefined || b === undefined) return refuse(vio('ROUND_NOT_RESOLVED', 'GEN-5', `The round needs a card for ${spec.sides[0]} and ${spec.sides[1]} first.`));
      return ok(settleDuelBets(spec, s.book.byId.values(), [a, b], profile));
    },
    next(s): readonly NextAction[] {
      const shuffle: NextAction[] = s.shoe?.cutCardOut && (s.phase === 'resolved' || s.phase === 'settled' || s.phase === 'void') ? [{ kind: 'shuffle', message: 'Cut card out: shuffle before the next round', ruleId: 'S-4' }] : [];
      switch (s.phase) {
        case 'betting':
          return [bettingNext()];
        case 'closed':
          return [{ kind: 'deal', message: `Deal one card face up to ${spec.sides[0]}.`, ruleId: spec.rules.deal }];
        case 'play':
          return [{ kind: 'deal', message: `Deal one card face up to ${spec.sides[1]}.`, ruleId: spec.rules.deal }];
        case 'resolved':
          return [settleNext(), ...shuffle];
        case 'idle':
        case 'halted':
          return [];
        case 'settled':
        case 'void':
          return shuffle;
      }
    },
    // issue 23: a carried shoe (the shoe monitor: composition, repeats, the cut card); no count is followed
    integrity: { shoe: {} },
    devices: {
      reporters: { shoe: ['shoe'] },
      map: (ev, _ctx, at) => shoeDeviceReaction(ev, at, { unreadable: false }),
    },
    commands: [{ type: 'RecordCutCard', roles: ['dealer'], ruleId: 'S-4', description: 'The cut card came out: last round before the shuffle.' }],
    example: { spots: [spec.sides[0], spec.tie], resolve: [{ type: 'RecordCard', card: 'KH' }, { type: 'RecordCard', card: '2C' }] },
    carry: { next: (prev, at) => carryShoe(prev, at) },
  });
}

export const createDuelKernel = (spec: DuelSpec, profiles: Readonly<Record<string, DuelProfile>>) => createKernel(defineDuel(spec, profiles));
