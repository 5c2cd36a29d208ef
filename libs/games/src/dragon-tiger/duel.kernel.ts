import type { Card } from '../cards/card.js';
import { applyRatio } from '../common/money.js';
import { ok, violation, type Result, type Violation } from '../common/result.js';
import { accepted, checkBetIdempotency, checkBettingOpen, checkStake, decideCommonLifecycle, emit, evolveCommon, initialBase, refundAll, reject } from '../kernel/common.js';
import type { AcceptedBet, Audience, CommonCommand, CommonEvent, Deadline, Decision, NextAction, RoundKernel, RoundStateBase, Settlement, SettlementLine } from '../kernel/kernel.js';
import { settlementOf } from '../sicbo/sicbo.kernel.js';
import { checkDuelRestriction, parseDuelCard, parseDuelSpot, resolveDuelSpot, type DuelCards, type DuelProfile, type DuelSpec } from './duel.rules.js';

/**
 * Round kernel of a card duel (Dragon Tiger, Football Studio):
 * idle → betting → closed → RecordCard (first side) → play → RecordCard (second side) → resolved →
 * MarkSettled → settled; `void` from any unresolved phase (GEN-6).
 */

export type DuelCommand =
  | CommonCommand
  /**
   * A scanned card (devices.md §1 code). The first goes to sides[0], the second to sides[1].
   * `shoeIndex` (the scanner's position of the card in the shoe) is kept in the event (GEN-8 card record).
   */
  | { readonly type: 'RecordCard'; readonly at: number; readonly card: string; readonly shoeIndex?: number };

export type DuelEvent = CommonEvent | { readonly type: 'CardRecorded'; readonly at: number; readonly card: Card; readonly side: string; readonly shoeIndex: number | null };

export interface DuelState extends RoundStateBase {
  readonly game: 'dragon-tiger' | 'football-studio';
  /** Cards dealt this round, in order (sides[0] first). */
  readonly cards: readonly Card[];
}

export interface DuelView {
  readonly game: DuelState['game'];
  readonly roundId: string | null;
  readonly tableId: string | null;
  readonly profileId: string | null;
  readonly seq: number;
  readonly phase: DuelState['phase'];
  readonly bettingClosesAt: number | null;
  /** Side → card, as dealt so far. */
  readonly cards: Readonly<Record<string, Card>>;
  readonly voidReason: string | null;
  /** A player sees only their own bets; dealer and pit boss see all. */
  readonly bets: readonly AcceptedBet[];
}

const v = (code: string, ruleId: string | null, message: string, details?: Record<string, unknown>): Violation => violation(code, ruleId, message, details).violation;

/** Settle bets against the two cards (shared by the kernel and `settleOffline`). */
export function settleDuelBets(spec: DuelSpec, bets: readonly AcceptedBet[], cards: DuelCards, profile: DuelProfile): SettlementLine[] {
  return bets.map((b) => {
    const spot = parseDuelSpot(spec, profile, b.spot);
    if (!spot.ok) throw new Error(`bet ${b.betId} has invalid spot ${b.spot}`);
    const r = resolveDuelSpot(spec, spot.value, cards, profile);
    return { betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: applyRatio(b.stakeMinor, r.multiple, r.rounding), outcome: r.outcome, rules: r.rules };
  });
}

export function createDuelKernel(spec: DuelSpec, profiles: Readonly<Record<string, DuelProfile>>): RoundKernel<DuelState, DuelCommand, DuelEvent, DuelView> {
  const profileOf = (s: DuelState): DuelProfile | undefined => (s.profileId === null ? undefined : profiles[s.profileId]);

  const initial = (): DuelState => ({
    ...initialBase(spec.game),
    cards: [],
  });

  function decide(state: DuelState, c: DuelCommand): Decision<DuelEvent> {
    switch (c.type) {
      case 'OpenRound': {
        if (state.phase !== 'idle') return reject(v('ROUND_ALREADY_OPEN', null, 'This round has already been opened.'));
        if (!profiles[c.profileId]) return reject(v('UNKNOWN_PROFILE', 'D-2', `Unknown ${spec.label} profile "${c.profileId}".`, { profileId: c.profileId }));
        return emit<DuelEvent>({ type: 'RoundOpened', at: c.at, roundId: c.roundId, tableId: c.tableId, profileId: c.profileId, bettingClosesAt: c.bettingClosesAt, limits: c.limits });
      }
      case 'PlaceBet': {
        const closed = checkBettingOpen(state, c.at);
        if (closed) return reject(closed);
        const dup = checkBetIdempotency(state, c.bet);
        if (dup === 'duplicate') return emit<DuelEvent>();
        if (dup) return reject(dup);
        const profile = profileOf(state);
        if (!profile) return reject(v('ROUND_NOT_OPEN', 'GEN-3', 'No round is open.'));
        const spot = parseDuelSpot(spec, profile, c.bet.spot);
        if (!spot.ok) return reject(spot.violation);
        const kind = c.bet.spot;
        const stake = checkStake(state, c.bet, kind);
        if (stake) return reject(stake);
        const held = Object.values(state.bets).filter((b) => b.playerId === c.bet.playerId).map((b) => b.spot);
        const res = checkDuelRestriction(spec, held, c.bet.spot);
        if (res) return reject(res);
        return emit<DuelEvent>(accepted(c.at, c.bet, kind));
      }
      case 'CancelBet':
      case 'CloseBetting':
      case 'VoidRound':
      case 'MarkSettled':
        return decideCommonLifecycle(state, c);
      case 'RecordCard': {
        // GEN-3: "no more bets" is always announced before the first card leaves the shoe.
        if (state.phase !== 'closed' && state.phase !== 'play') return reject(v('NOT_EXPECTING_CARD', 'GEN-3', 'Cards are dealt only after "no more bets" and until both sides have a card.', { phase: state.phase }));
        const card = parseDuelCard(spec, c.card);
        if (!card.ok) return reject(card.violation);
        const side = spec.sides[state.cards.length === 0 ? 0 : 1];
        return emit<DuelEvent>({ type: 'CardRecorded', at: c.at, card: card.value, side, shoeIndex: typeof c.shoeIndex === 'number' && Number.isSafeInteger(c.shoeIndex) ? c.shoeIndex : null });
      }
    }
  }

  function evolve(state: DuelState, e: DuelEvent): DuelState {
    switch (e.type) {
      case 'CardRecorded': {
        const cards = [...state.cards, e.card];
        return { ...state, seq: state.seq + 1, cards, phase: cards.length >= 2 ? 'resolved' : 'play' };
      }
      case 'RoundOpened':
      case 'BetAccepted':
      case 'BetCancelled':
      case 'BettingClosed':
      case 'RoundVoided':
      case 'RoundSettled':
        return evolveCommon(state, e);
    }
  }

  function view(state: DuelState, audience: Audience): DuelView {
    const all = Object.values(state.bets);
    const bets = audience.role === 'player' ? all.filter((b) => b.playerId === audience.playerId) : all;
    const cards: Record<string, Card> = {};
    state.cards.forEach((card, i) => {
      const side = spec.sides[i === 0 ? 0 : 1];
      cards[side] = card;
    });
    return { game: spec.game, roundId: state.roundId, tableId: state.tableId, profileId: state.profileId, seq: state.seq, phase: state.phase, bettingClosesAt: state.bettingClosesAt, cards, voidReason: state.voidReason, bets };
  }

  function settle(state: DuelState): Result<Settlement> {
    const roundId = state.roundId ?? '';
    if (state.phase === 'void') return ok(settlementOf(roundId, true, refundAll(state)));
    const profile = profileOf(state);
    const [a, b] = state.cards;
    if ((state.phase !== 'resolved' && state.phase !== 'settled') || a === undefined || b === undefined || !profile) {
      return violation('ROUND_NOT_RESOLVED', 'GEN-5', `The round needs a card for ${spec.sides[0]} and ${spec.sides[1]} first.`, { phase: state.phase });
    }
    return ok(settlementOf(roundId, false, settleDuelBets(spec, Object.values(state.bets), [a, b], profile)));
  }

  function next(state: DuelState): readonly NextAction[] {
    switch (state.phase) {
      case 'betting':
        return [{ kind: 'close-betting', message: 'Announce "no more bets" when the timer ends.', ruleId: 'GEN-3' }];
      case 'closed':
        return [{ kind: 'deal', message: `Deal one card face up to ${spec.sides[0]}.`, ruleId: spec.rules.deal }];
      case 'play':
        return [{ kind: 'deal', message: `Deal one card face up to ${spec.sides[1]}.`, ruleId: spec.rules.deal }];
      case 'resolved':
        return [{ kind: 'settle', message: 'Settle the round.', ruleId: 'GEN-5' }];
      case 'idle':
      case 'halted':
      case 'settled':
      case 'void':
        return [];
    }
  }

  function deadlines(state: DuelState): readonly Deadline[] {
    if (state.phase !== 'betting' || state.bettingClosesAt === null) return [];
    return [{ at: state.bettingClosesAt, command: { type: 'CloseBetting', at: state.bettingClosesAt, reason: 'deadline' } }];
  }

  return { game: spec.game, initial, decide, evolve, view, settle, next, deadlines };
}
