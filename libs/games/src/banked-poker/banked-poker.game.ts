import { parseCard, type Card } from '../cards/card.js';
import { trackShoe, type Shoe } from '../cards/shoe.js';
import { shoeDeviceReaction, trackCard } from '../cards/shoe-tracking.js';
import { applyRatio } from '../common/money.js';
import { ok, type Result } from '../common/result.js';
import { betsOfPlayer, bookTotals, stakeOnSpot, type BookTotals } from '../kernel/book.js';
import { acceptedEvent, defineGame, duplicate, events, lifecycleNext, refuse, vio, type GameDefinition, type RefereeState } from '../kernel/define.js';
import { roundViewBase, type AcceptedBet, type CommonCommand, type CommonEvent, type NextAction, type SettlementLine, type RoundViewBase } from '../kernel/kernel.js';
import { cardId } from '../poker/cards.js';
import type { BankedPokerProfileBase, BankedPokerSpec, DecisionPoint, PlayerPart, PokerHands, Slot } from './spec.js';

/**
 * Banked poker on the referee (`defineGame`): idle → betting → closed → (cards from the shoe, decision
 * windows) play → (the last card, no decision pending: the dealer's hand is revealed) resolved →
 * settled; void from any unresolved phase (GEN-6). The first card closes betting if still open
 * (GEN-3). Between the decision points' cards no card is due while a decision window is open
 * (NO_CARD_DUE, S-2). A window closes when every eligible player decided, when its timer runs out
 * (`CloseDecisions` reason `deadline`, issued by the server from `deadlines()`; undecided hands get
 * the published default) or when a pit boss closes it (reason `pitboss`, audited by the server).
 *
 * Redaction: a dealer card is recorded with its code (the server needs it) but a player receives it
 * as `card: null` until `DealerRevealed`; a player receives only their own decisions (and, through
 * the referee, only their own bets).
 */
export type BankedPokerCommand =
  | CommonCommand
  | { readonly type: 'RecordCard'; readonly at: number; readonly card: string; readonly shoeIndex?: number }
  | { readonly type: 'PlayerAction'; readonly at: number; readonly playerId: string; readonly action: string; readonly betId?: string }
  | { readonly type: 'CloseDecisions'; readonly at: number; readonly reason: 'deadline' | 'pitboss' }
  | { readonly type: 'RecordCutCard'; readonly at: number; readonly shoeIndex?: number };

export type BankedPokerGameEvent =
  | { readonly type: 'CardRecorded'; readonly at: number; readonly card: Card | null; readonly slot: Slot; readonly index: number; readonly shoeIndex: number | null }
  | { readonly type: 'DecisionMade'; readonly at: number; readonly playerId: string; readonly point: number; readonly action: string; readonly by: 'player' | 'timeout' | 'pitboss' }
  | { readonly type: 'DecisionsClosed'; readonly at: number; readonly point: number; readonly reason: 'all-decided' | 'deadline' | 'pitboss' }
  | { readonly type: 'DealerRevealed'; readonly at: number; readonly cards: readonly Card[] }
  | { readonly type: 'CutCardRecorded'; readonly at: number };

export type BankedPokerEvent = CommonEvent | BankedPokerGameEvent;

export interface PlayerHandState {
  readonly actions: readonly string[];
  readonly folded: boolean;
  readonly raised: boolean;
}

export interface DecisionWindow {
  readonly point: number;
  readonly opensAt: number;
  readonly closesAt: number;
}

export interface BankedPokerState extends RefereeState {
  readonly cards: readonly Card[];
  readonly revealed: boolean;
  /** Decision state per player who holds the main spot (ante) when betting closed. */
  readonly hands: Readonly<Record<string, PlayerHandState>>;
  readonly window: DecisionWindow | null;
  /** Decision points already closed. */
  readonly pointsDone: number;
  readonly shoe: Shoe | null;
  /** The decision points each player has decided (by index). */
  readonly decidedPoints: Readonly<Record<string, readonly number[]>>;
}

export interface BankedPokerView extends RoundViewBase {
  /** A `GameId` (games.ts); typed `string` here because `GameId` is derived from the manifests, which hold these types. */
  readonly game: string;
  readonly voidReason: string | null;
  /** The shared player hand, the board, and the dealer's hand (null = dealt face down, not yet revealed to this audience). */
  readonly player: readonly Card[];
  readonly board: readonly Card[];
  readonly dealer: readonly (Card | null)[];
  readonly revealed: boolean;
  /** The open decision window: its deadline and, for a player who must decide, the options. */
  readonly decision: { readonly point: number; readonly closesAt: number; readonly options: readonly string[]; readonly decided: number; readonly waiting: number } | null;
  /** A player's own hand state (actions, folded). */
  readonly me?: PlayerHandState | null;
  readonly bets: readonly AcceptedBet[];
  readonly totals?: BookTotals;
  readonly hand: { readonly player: string | null; readonly dealer: string | null };
  /** Bets already settled this round (early settlement: Riverside's Bonus before turn and river, RV-L2); a player sees only their own. */
  readonly early: readonly SettlementLine[];
}

const isStr = (x: unknown): x is string => typeof x === 'string' && x.length > 0;

/** Whether a hand decides at decision point `d`: not folded, no raise yet where the point needs none (UTH-2), the required earlier action taken (DY-1). */
export function decidesAt(d: DecisionPoint, h: PlayerHandState, decided: readonly number[]): boolean {
  if (h.folded || (d.onlyWithoutRaise && h.raised)) return false;
  if (!d.requires) return true;
  const i = decided.indexOf(d.requires.point);
  return i >= 0 && h.actions[i] === d.requires.action;
}

export function defineBankedPoker<P extends BankedPokerProfileBase>(spec: BankedPokerSpec<P>, profiles: Readonly<Record<string, P>>, defaultProfile: string): GameDefinition<BankedPokerState, BankedPokerCommand, BankedPokerEvent, BankedPokerView, P> {
  const profileOf = (s: { readonly profileId: string | null }): P | undefined => (s.profileId === null ? undefined : profiles[s.profileId]);
  const total = spec.slots.length;
  const pointAt = (n: number): number => spec.decisions.findIndex((d) => d.afterCards === n);

  const eligible = (s: BankedPokerState, d: DecisionPoint): string[] =>
    Object.entries(s.hands)
      .filter(([id, h]) => decidesAt(d, h, s.decidedPoints[id] ?? []))
      .map(([id]) => id);
  const undecided = (s: BankedPokerState, point: number): string[] => eligible(s, spec.decisions[point] as DecisionPoint).filter((id) => !(s.decidedPoints[id] ?? []).includes(point));

  /** After `n` cards and the points closed, is a decision window due to open (some player eligible)? */
  const windowDue = (s: BankedPokerState): number => {
    const point = pointAt(s.cards.length);
    if (point < 0 || point < s.pointsDone) return -1;
    return eligible(s, spec.decisions[point] as DecisionPoint).length > 0 ? point : -1;
  };

  const dealerCards = (s: BankedPokerState): Card[] => s.cards.filter((_, i) => spec.slots[i] === 'dealer');

  /** Events that follow the last card or a closed window: reveal and resolve when nothing else is due. */
  const afterProgress = (s: BankedPokerState, at: number): BankedPokerEvent[] => (s.cards.length === total && s.window === null && !s.revealed ? [{ type: 'DealerRevealed', at, cards: dealerCards(s) }] : []);

  const fold = (s: BankedPokerState, evs: readonly BankedPokerEvent[]): BankedPokerState => evs.reduce((st, e) => (e.type === 'BetAccepted' ? st : evolveGame(st, e as BankedPokerGameEvent)), s);

  function closeWindow(s: BankedPokerState, at: number, reason: 'all-decided' | 'deadline' | 'pitboss'): BankedPokerEvent[] {
    const w = s.window;
    if (!w) return [];
    const d = spec.decisions[w.point] as DecisionPoint;
    const out: BankedPokerEvent[] = [];
    for (const id of undecided(s, w.point)) out.push({ type: 'DecisionMade', at, playerId: id, point: w.point, action: d.timeoutAction, by: reason === 'pitboss' ? 'pitboss' : 'timeout' });
    out.push({ type: 'DecisionsClosed', at, point: w.point, reason });
    const after = fold(s, out);
    return [...out, ...afterProgress(after, at)];
  }

  function evolveGame(s: BankedPokerState, e: BankedPokerGameEvent): BankedPokerState {
    const seq = s.seq + 1;
    const p = profileOf(s);
    switch (e.type) {
      case 'CardRecorded': {
        const card = e.card as Card;
        const cards = [...s.cards, card];
        const shoe = s.shoe ? trackCard(s.shoe, card) : null;
        let next: BankedPokerState = { ...s, seq, cards, shoe: shoe && shoe.ok ? shoe.value : s.shoe, phase: 'play' };
        const point = windowDue(next);
        if (point >= 0) next = { ...next, window: { point, opensAt: e.at, closesAt: e.at + (p?.decisionMs ?? 0) } };
        return next;
      }
      case 'DecisionMade': {
        const h = s.hands[e.playerId] ?? { actions: [], folded: false, raised: false };
        const d = spec.decisions[e.point] as DecisionPoint;
        const opt = d.options.find((o) => o.action === e.action);
        const hands = { ...s.hands, [e.playerId]: { actions: [...h.actions, e.action], folded: h.folded || (opt?.folds ?? false), raised: h.raised || (opt?.spot ?? null) !== null } };
        const decidedPoints = { ...s.decidedPoints, [e.playerId]: [...(s.decidedPoints[e.playerId] ?? []), e.point] };
        return { ...s, seq, hands, decidedPoints };
      }
      case 'DecisionsClosed': {
        const next: BankedPokerState = { ...s, seq, window: null, pointsDone: e.point + 1 };
        // a later decision point at the same card count cannot exist; the next opens with its card
        return next;
      }
      case 'DealerRevealed':
        return { ...s, seq, revealed: true, phase: 'resolved' };
      case 'CutCardRecorded':
        return { ...s, seq, shoe: s.shoe ? { ...s.shoe, cutCardOut: true } : s.shoe };
    }
  }

  return defineGame<BankedPokerState, BankedPokerCommand, BankedPokerEvent, BankedPokerView, P>({
    id: spec.game,
    name: spec.label,
    profiles,
    defaultProfile,
    maxReturnMultiple: (p) => spec.maxReturnMultiple(p),
    initial: () => ({ game: spec.game, cards: [], revealed: false, hands: {}, window: null, pointsDone: 0, shoe: null, decidedPoints: {} }) as unknown as Omit<BankedPokerState, keyof RefereeState>,
    bets: {
      spot(_s, p, key) {
        if (!spec.spots(p).includes(key)) {
          if (spec.decisionSpots.includes(key)) return refuse(vio('SPOT_NOT_OFFERED', spec.rules.decide, `${key} is placed by a decision after the cards, not during betting (${spec.rules.decide}).`, { spot: key }));
          return refuse(vio('UNKNOWN_SPOT', 'GEN-7', `${spec.label} has no spot "${key}" (spots: ${spec.spots(p).join(', ')}).`, { spot: key }));
        }
        return ok({ key, kind: key });
      },
      restrict(s, _p, bet) {
        if (spec.needsAnte.includes(bet.spot) && stakeOnSpot(s.book, bet.playerId, spec.mainSpot) <= 0) {
          return vio('RESTRICTED_COMBINATION', spec.rules.decide, `${bet.spot} is played only with an ${spec.mainSpot} (${spec.rules.decide}): place the ${spec.mainSpot} first.`, { spot: bet.spot, needs: spec.mainSpot });
        }
        return null;
      },
    },
    afterCommon(s, e) {
      switch (e.type) {
        case 'RoundOpened':
          return { ...s, shoe: trackShoe({ decks: profiles[e.profileId]?.decks ?? 1 }) };
        case 'BettingClosed': {
          const stakes = new Map<string, Record<string, number>>();
          for (const b of s.book.byId.values()) {
            const m = stakes.get(b.playerId) ?? {};
            m[b.spot] = (m[b.spot] ?? 0) + b.stakeMinor;
            stakes.set(b.playerId, m);
          }
          const hands: Record<string, PlayerHandState> = {};
          for (const [id, m] of stakes) if ((m[spec.mainSpot] ?? 0) > 0 && (spec.playsHand?.(m) ?? true)) hands[id] = { actions: [], folded: false, raised: false };
          return { ...s, hands };
        }
        case 'BetAccepted':
        case 'BetCancelled':
        case 'RoundVoided':
        case 'RoundSettled':
          return s;
      }
    },
    moves: {
      RecordCard: {
        phases: ['closed', 'play'],
        closesBetting: true,
        decide(s, c) {
          const parsed = parseCard(typeof c.card === 'string' ? c.card : '');
          if (!parsed.ok) return refuse(vio('INVALID_CARD', 'S-1', `"${String(c.card)}" is not a card code.`, { card: c.card }));
          if (s.cards.length >= total) return refuse(vio('NO_CARD_DUE', 'S-2', `All ${total} cards of the round are out: this card is not due (S-2).`, { card: parsed.value }));
          if (s.window) return refuse(vio('NO_CARD_DUE', 'S-2', 'Players are deciding: no card is due until the decision time ends (S-2).', { card: parsed.value, closesAt: s.window.closesAt }));
          if (s.shoe && !trackCard(s.shoe, parsed.value).ok) return refuse(vio('IMPOSSIBLE_CARD', 'S-1', `${parsed.value} cannot come out of this shoe: it was already dealt (S-1).`, { card: parsed.value }));
          const slot = spec.slots[s.cards.length] as Slot;
          const index = spec.slots.slice(0, s.cards.length).filter((x) => x === slot).length;
          const rec: BankedPokerEvent = { type: 'CardRecorded', at: c.at, card: parsed.value, slot, index, shoeIndex: typeof c.shoeIndex === 'number' && Number.isSafeInteger(c.shoeIndex) ? c.shoeIndex : null };
          const after = fold(s, [rec]);
          return events<BankedPokerEvent>(rec, ...afterProgress(after, c.at));
        },
      },
      PlayerAction: {
        phases: ['closed', 'play'],
        decide(s, c) {
          const p = profileOf(s);
          if (!p) return refuse(vio('ROUND_NOT_OPEN', 'GEN-3', 'No round is open.'));
          if (!isStr(c.playerId)) return refuse(vio('INVALID_COMMAND', 'D-3', 'A decision names its player.'));
          const h = s.hands[c.playerId];
          if (!h) return refuse(vio('NO_SUCH_SEAT', spec.rules.decide, `You have no ${spec.mainSpot} in this round: there is nothing to decide (${spec.rules.decide}).`));
          const w = s.window;
          if (!w) return refuse(vio('DECISION_NOT_PENDING', spec.rules.decide, 'No decision is open now.'));
          const d = spec.decisions[w.point] as DecisionPoint;
          const opt = d.options.find((o) => o.action === c.action);
          if (!opt) return refuse(vio('UNKNOWN_ACTION', spec.rules.decide, `"${String(c.action)}" is not a choice now (choices: ${d.options.map((o) => o.action).join(', ')}).`, { action: c.action }));
          const mine = (s.decidedPoints[c.playerId] ?? []).includes(w.point);
          if (mine) {
            // a retried decision is the same decision; another one is refused
            if (h.actions[h.actions.length - 1] === c.action) return duplicate();
            return refuse(vio('DECISION_NOT_PENDING', d.ruleId, 'You have already decided at this point.'));
          }
          if (!undecided(s, w.point).includes(c.playerId)) return refuse(vio('DECISION_NOT_PENDING', d.ruleId, 'Your hand has nothing to decide at this point.'));
          if (c.at >= w.closesAt) return refuse(vio('DECISION_NOT_PENDING', d.ruleId, 'The decision time has run out: the published default applies.', { closesAt: w.closesAt }));
          const out: BankedPokerEvent[] = [{ type: 'DecisionMade', at: c.at, playerId: c.playerId, point: w.point, action: opt.action, by: 'player' }];
          if (opt.spot !== null) {
            const ante = betsOfPlayer(s.book, c.playerId).filter((b) => b.spot === spec.mainSpot);
            const anteStake = ante.reduce((x, b) => x + b.stakeMinor, 0);
            const parent = ante[0] as AcceptedBet;
            const betId = isStr(c.betId) ? c.betId : `${parent.betId}:${opt.spot}`;
            if (s.book.byId.has(betId) || s.book.cancelled.has(betId)) return refuse(vio('BET_ID_CONFLICT', 'D-3', `Bet id ${betId} is already used in this round.`));
            out.push(acceptedEvent(c.at, { betId, playerId: c.playerId, spot: opt.spot, stakeMinor: anteStake * opt.multiple }, opt.spot, parent.betId));
          }
          const after = fold(s, out);
          if (undecided(after, w.point).length === 0) return events<BankedPokerEvent>(...out, ...closeWindow(after, c.at, 'all-decided'));
          return events<BankedPokerEvent>(...out);
        },
      },
      CloseDecisions: {
        phases: ['play', 'resolved'],
        decide(s, c) {
          const w = s.window;
          // a stale timer or a second close: the window is already closed, nothing to do (idempotent)
          if (!w) return duplicate();
          if (c.reason === 'deadline') {
            if (c.at < w.closesAt) return refuse(vio('DECISION_TIME_NOT_OVER', spec.rules.decide, 'The decision time has not run out.', { closesAt: w.closesAt }));
            return events<BankedPokerEvent>(...closeWindow(s, c.at, 'deadline'));
          }
          if (c.reason === 'pitboss') return events<BankedPokerEvent>(...closeWindow(s, c.at, 'pitboss'));
          return refuse(vio('INVALID_COMMAND', 'D-3', 'CloseDecisions names its reason: deadline or pitboss.'));
        },
      },
      RecordCutCard: {
        phases: ['betting', 'closed', 'play', 'resolved'],
        decide(s, c) {
          if (s.shoe?.cutCardOut) return duplicate();
          return events<BankedPokerEvent>({ type: 'CutCardRecorded', at: c.at });
        },
      },
    },
    evolve: (s, e) => evolveGame(s, e),
    view(s, audience): BankedPokerView {
      const p = profileOf(s);
      const player = s.cards.filter((_, i) => spec.slots[i] === 'player');
      const board = s.cards.filter((_, i) => spec.slots[i] === 'board');
      const dealerAll = dealerCards(s);
      const hidden = audience.role === 'player' && !s.revealed;
      const dealer = hidden ? dealerAll.map(() => null) : dealerAll;
      const w = s.window;
      let decision: BankedPokerView['decision'] = null;
      if (w) {
        const d = spec.decisions[w.point] as DecisionPoint;
        const waiting = undecided(s, w.point);
        const mine = audience.role === 'player' && waiting.includes(audience.playerId);
        decision = { point: w.point, closesAt: w.closesAt, options: audience.role === 'player' ? (mine ? d.options.map((o) => o.action) : []) : d.options.map((o) => o.action), decided: eligible(s, d).length - waiting.length, waiting: waiting.length };
      }
      const full = s.cards.length === total;
      const hands: PokerHands = { player: player.map(cardId), dealer: dealerAll.map(cardId), board: board.map(cardId) };
      const desc = p && full ? spec.describe(hands, p) : { player: null, dealer: null };
      const hand = { player: desc.player, dealer: hidden ? null : desc.dealer };
      const early = audience.role === 'player' ? s.early.filter((l) => l.playerId === audience.playerId) : s.early;
      const base = { game: spec.game, ...roundViewBase(s), voidReason: s.voidReason, player, board, dealer, revealed: s.revealed, decision, hand, early };
      return audience.role === 'player' ? { ...base, me: s.hands[audience.playerId] ?? null, bets: betsOfPlayer(s.book, audience.playerId) } : { ...base, bets: [], totals: bookTotals(s.book) };
    },
    redact(e, audience) {
      if (audience.role !== 'player') return e;
      switch (e.type) {
        case 'CardRecorded':
          return e.slot === 'dealer' ? { ...e, card: null } : e;
        case 'DecisionMade':
          return e.playerId === audience.playerId ? e : null;
        case 'DecisionsClosed':
        case 'DealerRevealed':
        case 'CutCardRecorded':
          return e;
      }
    },
    settle(s, p): Result<readonly SettlementLine[]> {
      if (s.cards.length < total || !s.revealed) return refuse(vio('ROUND_NOT_RESOLVED', 'GEN-5', `The round needs all ${total} cards and the dealer's reveal first.`));
      return ok(settleBankedPoker(spec, p, s.cards, s.hands, [...s.book.byId.values()]));
    },
    ...(spec.early ? { settleEarly: (s: BankedPokerState, p: P) => settleEarlyBankedPoker(spec, p, s) } : {}),
    next(s): readonly NextAction[] {
      const dealing = (): readonly NextAction[] => {
        if (s.window) {
          const d = spec.decisions[s.window.point] as DecisionPoint;
          return [{ kind: 'wait-decisions', message: `Players are deciding (${d.options.map((o) => o.action).join(' / ')}); the decision time ends at ${s.window.closesAt} (server clock, ms), then "${d.timeoutAction}" applies.`, ruleId: d.ruleId }];
        }
        const slot = spec.slots[s.cards.length] as Slot;
        const n = spec.slots.slice(0, s.cards.length + 1).filter((x) => x === slot).length;
        const where = slot === 'dealer' ? `the dealer (card ${n}, face down)` : slot === 'player' ? `the player hand (card ${n}, face up)` : `the board (card ${n}, face up)`;
        return [{ kind: 'deal', message: `Deal one card to ${where}.`, ruleId: spec.rules.deal }];
      };
      return lifecycleNext(s.phase, { closed: dealing, play: dealing });
    },
    deadlines(s) {
      if (!s.window || (s.phase !== 'play' && s.phase !== 'closed')) return [];
      return [{ at: s.window.closesAt, command: { type: 'CloseDecisions', at: s.window.closesAt, reason: 'deadline' } }];
    },
    devices: {
      reporters: { shoe: ['shoe'] },
      map: (ev, _ctx, at) => shoeDeviceReaction(ev, at, { unreadable: false }),
    },
    commands: [
      { type: 'RecordCutCard', roles: ['dealer'], ruleId: 'S-4', description: 'The cut card came out: last round before the shuffle.' },
      { type: 'PlayerAction', roles: ['player'], ruleId: spec.rules.decide, description: `A player's decision at a decision point (${spec.decisions.map((d) => d.options.map((o) => o.action).join('/')).join('; ')}).` },
      { type: 'CloseDecisions', roles: ['pitboss'], ruleId: spec.rules.decide, description: 'End the decision time now: every undecided hand gets the published default (audited).' },
    ],
    example: {
      spots: [spec.mainSpot, spec.spots(profiles[defaultProfile] as P).find((x) => x !== spec.mainSpot && !spec.needsAnte.includes(x)) ?? spec.mainSpot],
      more: spec.needsAnte.filter((x) => spec.spots(profiles[defaultProfile] as P).includes(x)),
      resolve: exampleResolve(spec),
    },
  });
}

/** The contract suite's worked example: a fixed deal, with the pit boss closing each decision window. */
function exampleResolve(spec: { readonly slots: readonly Slot[]; readonly decisions: readonly DecisionPoint[] }): { type: string; [k: string]: unknown }[] {
  const deal = ['AS', 'KD', '7C', 'QH', '2S', '9D', 'JC', '4H', '3C'];
  const out: { type: string; [k: string]: unknown }[] = [];
  spec.slots.forEach((_, i) => {
    out.push({ type: 'RecordCard', card: deal[i] as string });
    if (spec.decisions.some((d) => d.afterCards === i + 1)) out.push({ type: 'CloseDecisions', reason: 'pitboss' });
  });
  return out;
}

/**
 * The referee's early settlement for banked poker (spec.early): once the spec's cards are out and no
 * decision window is open, every bet on an early spot gets its final line from the cards so far
 * (Riverside's Bonus after the Call, RV-3 §7.4). Before that: none.
 */
export function settleEarlyBankedPoker<P extends BankedPokerProfileBase>(spec: BankedPokerSpec<P>, p: P, s: BankedPokerState): SettlementLine[] {
  const early = spec.early;
  if (!early || s.cards.length < early.afterCards || s.window !== null) return [];
  const cards = s.cards.slice(0, early.afterCards);
  const of = (slot: Slot) => cards.filter((_, i) => spec.slots[i] === slot).map(cardId);
  const hands: PokerHands = { player: of('player'), dealer: of('dealer'), board: of('board') };
  const byPlayer = new Map<string, AcceptedBet[]>();
  for (const b of s.book.byId.values()) if (early.spots.includes(b.spot)) byPlayer.set(b.playerId, [...(byPlayer.get(b.playerId) ?? []), b]);
  const lines: SettlementLine[] = [];
  for (const [playerId, mine] of byPlayer) {
    const stakes: Record<string, number> = {};
    for (const b of betsOfPlayer(s.book, playerId)) stakes[b.spot] = (stakes[b.spot] ?? 0) + b.stakeMinor;
    const h = s.hands[playerId];
    const results = early.settle(hands, { folded: h?.folded ?? false, actions: h?.actions ?? [], stakes }, p);
    for (const b of mine) {
      const r = results[b.spot];
      if (!r) throw new Error(`${spec.game}: no early result for spot ${b.spot}`);
      lines.push({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: applyRatio(b.stakeMinor, r.returns, 'down'), outcome: r.outcome, rules: r.rules });
    }
  }
  return lines;
}

/** Every bet of a resolved round → its settlement line (shared by the kernel and `felt settle`). */
export function settleBankedPoker<P extends BankedPokerProfileBase>(spec: BankedPokerSpec<P>, p: P, cards: readonly Card[], hands: Readonly<Record<string, PlayerHandState>>, bets: readonly AcceptedBet[]): SettlementLine[] {
  const of = (slot: Slot) => cards.filter((_, i) => spec.slots[i] === slot).map(cardId);
  const pokerHands: PokerHands = { player: of('player'), dealer: of('dealer'), board: of('board') };
  const byPlayer = new Map<string, AcceptedBet[]>();
  for (const b of bets) byPlayer.set(b.playerId, [...(byPlayer.get(b.playerId) ?? []), b]);
  const lines: SettlementLine[] = [];
  for (const [playerId, mine] of byPlayer) {
    const stakes: Record<string, number> = {};
    for (const b of mine) stakes[b.spot] = (stakes[b.spot] ?? 0) + b.stakeMinor;
    const h = hands[playerId];
    const part: PlayerPart = { folded: h?.folded ?? false, actions: h?.actions ?? [], stakes };
    const results = spec.settlePlayer(pokerHands, part, p);
    for (const b of mine) {
      const r = results[b.spot];
      if (!r) throw new Error(`${spec.game}: no result for spot ${b.spot}`);
      lines.push({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: applyRatio(b.stakeMinor, r.returns, 'down'), outcome: r.outcome, rules: r.rules });
    }
  }
  return lines;
}
