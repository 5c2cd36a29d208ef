import { defineBankedPoker } from '../banked-poker/banked-poker.game.js';
import { settleBankedPokerOffline } from '../banked-poker/banked-poker.offline.js';
import { raiseOrFold, type BankedPokerProfileBase, type BankedPokerSpec, type PlayerPart, type SpotResult } from '../banked-poker/spec.js';
import { ok, violation } from '../common/result.js';
import { createKernel } from '../kernel/define.js';
import type { GameModule, RtpOptions } from '../kernel/game.js';
import { describeValue } from '../poker/index.js';
import { fiveCardValue, sevenCardValue } from './ray-poker.hand.js';
import { DYNAMIC_SIM_ROUNDS, dynamicRtp, RIVERSIDE_SIM_ROUNDS, riversideRtp, tripleBetRtp } from './ray-poker.rtp.js';
import {
  DYNAMIC_POKER,
  dynamicResults,
  maxReturnMultiple,
  rayPaytables,
  RIVERSIDE_POKER,
  riversideBonus,
  riversideResults,
  TRIPLE_BET_POKER,
  tripleBetBonus,
  tripleBetMain,
  type BetResult,
  type DynamicProfile,
  type RiversideProfile,
  type TripleBetProfile,
} from './ray-poker.rules.js';

/**
 * Triple Bet Poker (§7.2), Dynamic Poker (§7.3) and Riverside Poker (§7.4) live on the referee,
 * through the banked-poker definition Fast Poker and the studio's poker games share: cards from the
 * scanning shoe (`shoe.card` device events), decisions within the profile's decision timer with the
 * published default on timeout, the dealer's cards hidden from players until revealed, settlement by
 * the pure rules of ray-poker.rules.ts (TB-*, DY-*, RV-*; "N x insatsen" net, RP-1).
 *
 * Live-studio adaptations [Interp.], as for Fast Poker: every remote player plays ONE shared hand
 * (the seed deals a hand per seat at a physical table); one seat per player follows (§12.6). The
 * seed's [Gap]/[Ambig.] choices are held in the profile's `rules` (ray-poker/README.md).
 *
 * Rule IDs added here (each cites its section):
 *   TB-L1 Triple Bet live: the three base bets are spots `bet-1`, `bet-2`, `bet-3`, equal when betting
 *         closes — otherwise the hand does not play and every bet of the player is refunded (§7.2 "three
 *         equal base bets", §12.15 "exactly three equal bets"). B (`bonus`) needs the base bets; its
 *         fixed stake is the table's spot limit for `bonus` with min = max (§7.2 "fixed stake").
 *   TB-L2 The two decisions are `remove` or `keep`; a removed bet is returned (refund). Removal at the
 *         first point returns bet 1, at the second bet 2 [Interp. §7.2 Ambig.: the bets are equal, only
 *         the count matters]; bet 3 always stays. No decision in time = `keep` (the player "continues
 *         either way"; removing needs the player's act).
 *   TB-L3 The two community cards come from the shoe when they are turned up (after each decision).
 *         With one shared hand no other card is drawn in between, so the shoe yields the same cards in
 *         the same order as drawing them face down first (§7.2 step 2), and no face-down card exists.
 *   DY-L1 Dynamic live: `play` (Flop = 2 × Blind) or `fold` after the hole cards, fold on timeout;
 *         `raise` (Turn 1 × Blind) or `check` after the flop, check on timeout; `raise` (River 1 × Blind)
 *         or `check` after the turn, offered only to a hand that raised the Turn (§7.3), check on timeout.
 *   RV-L1 Riverside live: `call` (2 × Blind) or `fold` after the flop, fold on timeout (§7.4).
 *   RV-L2 The Bonus is settled EARLY (§7.4 "Bonus wins are paid, and losing bonus bets collected, BEFORE
 *         turn and river are turned up"): when the Call window closes (every player decided, the timer,
 *         or the pit boss) the referee emits `BetsSettled` with each Bonus line — by the first five
 *         cards for a hand that called, lost for a fold (RV-3) — the server posts it to the ledger at
 *         once, and the round's final settlement leaves it out.
 */

const spot = (r: BetResult): SpotResult => ({ returns: { num: r.returnMultiple, den: 1 }, outcome: r.outcome, rules: r.rules });
const refund = (rule: string): SpotResult => ({ returns: { num: 1, den: 1 }, outcome: 'refund', rules: [rule] });
const refundAll = (part: PlayerPart, rule: string): Record<string, SpotResult> => Object.fromEntries(Object.keys(part.stakes).map((k) => [k, refund(rule)]));

// ───────────────────────────── Triple Bet Poker (§7.2) ─────────────────────────────

export interface TripleBetLiveProfile extends BankedPokerProfileBase {
  readonly rules: TripleBetProfile;
}

export const tripleBetPokerProfiles: Readonly<Record<string, TripleBetLiveProfile>> = {
  ray: { id: 'ray', name: 'Triple Bet Poker (RAY 2011 §7.2), one shared player hand', decisionMs: 15_000, decks: 1, rules: TRIPLE_BET_POKER },
};

export const TRIPLE_BET_BASE = ['bet-1', 'bet-2', 'bet-3'] as const;
const keepRemove = [
  { action: 'keep', spot: null, multiple: 0, folds: false },
  { action: 'remove', spot: null, multiple: 0, folds: false },
] as const;

/** TB-L1: the three base bets are equal and positive. */
export const tripleBetPlays = (stakes: Readonly<Record<string, number>>): boolean => {
  const a = stakes['bet-1'] ?? 0;
  return a > 0 && stakes['bet-2'] === a && stakes['bet-3'] === a;
};

export const tripleBetPokerSpec: BankedPokerSpec<TripleBetLiveProfile> = {
  game: 'triple-bet-poker',
  label: 'Triple Bet Poker',
  slots: ['player', 'player', 'player', 'board', 'board'],
  decisions: [
    { afterCards: 3, options: keepRemove, timeoutAction: 'keep', onlyWithoutRaise: false, ruleId: 'TB-1' },
    { afterCards: 4, options: keepRemove, timeoutAction: 'keep', onlyWithoutRaise: false, ruleId: 'TB-1' },
  ],
  mainSpot: 'bet-1',
  spots: () => [...TRIPLE_BET_BASE, 'bonus'],
  decisionSpots: [],
  // TB-L1 / TB-3: B only beside the base bets ("the bonus … placed before the round starts")
  needsAnte: ['bet-2', 'bet-3', 'bonus'],
  playsHand: tripleBetPlays,
  rules: { deal: 'TB-1', decide: 'TB-1', reveal: 'TB-2' },
  maxReturnMultiple: (p) => maxReturnMultiple(p.rules),
  paytables: (p) => rayPaytables(p.rules),
  settlePlayer(hands, part, p) {
    if (!tripleBetPlays(part.stakes)) return refundAll(part, 'TB-L1');
    const five = [...hands.player, ...hands.board];
    const main = spot(tripleBetMain(five, p.rules));
    const out: Record<string, SpotResult> = {
      'bet-1': part.actions[0] === 'remove' ? refund('TB-L2') : main,
      'bet-2': part.actions[1] === 'remove' ? refund('TB-L2') : main,
      'bet-3': main,
    };
    if (part.stakes['bonus'] !== undefined) out['bonus'] = spot(tripleBetBonus(five, p.rules));
    return out;
  },
  describe(hands) {
    const full = hands.player.length === 3 && hands.board.length === 2;
    return { player: full ? describeValue(fiveCardValue([...hands.player, ...hands.board])) : null, dealer: null };
  },
};

export const tripleBetPokerDefinition = defineBankedPoker(tripleBetPokerSpec, tripleBetPokerProfiles, 'ray');
export const tripleBetPokerKernel = createKernel(tripleBetPokerDefinition);

// ───────────────────────────── Dynamic Poker (§7.3) ─────────────────────────────

export interface DynamicLiveProfile extends BankedPokerProfileBase {
  readonly rules: DynamicProfile;
}

export const dynamicPokerProfiles: Readonly<Record<string, DynamicLiveProfile>> = {
  // The other reading of §7.3 (the Blind pushes when the dealer wins, `blindOnLoss: 'push'`) is not a table
  // profile: with it the stated strategy returns about 135 % of the Blind (felt rtp), a game no bank deals.
  ray: { id: 'ray', name: 'Dynamic Poker (RAY 2011 §7.3), one shared player hand; Blind lost when the dealer wins', decisionMs: 15_000, decks: 1, rules: DYNAMIC_POKER },
};

const seven = (hole: readonly number[], board: readonly number[]): string | null => (hole.length === 2 && board.length === 5 ? describeValue(sevenCardValue([...hole, ...board])) : null);

export const dynamicPokerSpec: BankedPokerSpec<DynamicLiveProfile> = {
  game: 'dynamic-poker',
  label: 'Dynamic Poker',
  // §7.3: two face-down cards to the dealer and the player; flop, turn and river turned up one step at a time
  slots: ['player', 'dealer', 'player', 'dealer', 'board', 'board', 'board', 'board', 'board'],
  decisions: [
    raiseOrFold(4, 'play', 'flop', 2, 'DY-1'),
    {
      afterCards: 7,
      options: [
        { action: 'raise', spot: 'turn', multiple: 1, folds: false },
        { action: 'check', spot: null, multiple: 0, folds: false },
      ],
      timeoutAction: 'check',
      onlyWithoutRaise: false,
      ruleId: 'DY-1',
    },
    {
      afterCards: 8,
      options: [
        { action: 'raise', spot: 'river', multiple: 1, folds: false },
        { action: 'check', spot: null, multiple: 0, folds: false },
      ],
      timeoutAction: 'check',
      onlyWithoutRaise: false,
      // §7.3 "a player who did not raise at the previous step (Turn) cannot raise now"
      requires: { point: 1, action: 'raise' },
      ruleId: 'DY-1',
    },
  ],
  mainSpot: 'blind',
  spots: () => ['blind', 'bonus'],
  decisionSpots: ['flop', 'turn', 'river'],
  // DY-3: the bonus "is available only alongside the main game"
  needsAnte: ['bonus'],
  rules: { deal: 'DY-1', decide: 'DY-1', reveal: 'DY-2' },
  maxReturnMultiple: (p) => maxReturnMultiple(p.rules),
  paytables: (p) => rayPaytables(p.rules),
  settlePlayer(hands, part, p) {
    const played = !part.folded && part.stakes['flop'] !== undefined;
    const r = dynamicResults({ hole: hands.player, decision: played ? 'play' : 'fold', turn: part.stakes['turn'] !== undefined, river: part.stakes['river'] !== undefined }, hands.dealer, hands.board, p.rules);
    const out: Record<string, SpotResult> = {};
    if (part.stakes['blind'] !== undefined) out['blind'] = spot(r.blind);
    if (part.stakes['bonus'] !== undefined) out['bonus'] = spot(r.bonus);
    for (const k of ['flop', 'turn', 'river'] as const) {
      if (part.stakes[k] === undefined) continue;
      const x = r[k];
      out[k] = x ? spot(x) : spot(r.blind);
    }
    return out;
  },
  describe(hands) {
    return { player: seven(hands.player, hands.board), dealer: seven(hands.dealer, hands.board) };
  },
};

export const dynamicPokerDefinition = defineBankedPoker(dynamicPokerSpec, dynamicPokerProfiles, 'ray');
export const dynamicPokerKernel = createKernel(dynamicPokerDefinition);

// ───────────────────────────── Riverside Poker (§7.4) ─────────────────────────────

export interface RiversideLiveProfile extends BankedPokerProfileBase {
  readonly rules: RiversideProfile;
}

export const riversidePokerProfiles: Readonly<Record<string, RiversideLiveProfile>> = {
  ray: { id: 'ray', name: 'Riverside Poker (RAY 2011 §7.4), one shared player hand; non-qualifying dealer pays the Blind 1:1 flat', decisionMs: 15_000, decks: 1, rules: RIVERSIDE_POKER },
  'ray-table-blind': {
    id: 'ray-table-blind',
    name: 'Riverside Poker, non-qualifying dealer pays the Blind from the pay table (at least 1:1)',
    decisionMs: 15_000,
    decks: 1,
    rules: { ...RIVERSIDE_POKER, id: 'riverside-table-blind', unqualifiedBlind: 'pay-table' },
  },
};

export const riversidePokerSpec: BankedPokerSpec<RiversideLiveProfile> = {
  game: 'riverside-poker',
  label: 'Riverside Poker',
  // §7.4: two face-down cards to the dealer and the player, the flop open at once, then turn and river
  slots: ['player', 'dealer', 'player', 'dealer', 'board', 'board', 'board', 'board', 'board'],
  decisions: [raiseOrFold(7, 'call', 'call', 2, 'RV-1')],
  mainSpot: 'blind',
  spots: () => ['blind', 'bonus'],
  decisionSpots: ['call'],
  // RV-3: the Bonus is placed with the Blind before the round starts
  needsAnte: ['bonus'],
  rules: { deal: 'RV-1', decide: 'RV-1', reveal: 'RV-2' },
  maxReturnMultiple: (p) => maxReturnMultiple(p.rules),
  paytables: (p) => rayPaytables(p.rules),
  // RV-L2 (§7.4): the Bonus is final once the Call is decided, after hole cards + flop (7 cards out)
  early: {
    afterCards: 7,
    spots: ['bonus'],
    settle(hands, part, p): Record<string, SpotResult> {
      const called = !part.folded && part.stakes['call'] !== undefined;
      const r = called ? spot(riversideBonus([...hands.player, ...hands.board.slice(0, 3)], p.rules)) : spot(riversideResults({ hole: hands.player, decision: 'fold' }, [], [], p.rules).bonus);
      return part.stakes['bonus'] !== undefined ? { bonus: { ...r, rules: [...r.rules, 'RV-L2'] } } : {};
    },
  },
  settlePlayer(hands, part, p) {
    const called = !part.folded && part.stakes['call'] !== undefined;
    const r = riversideResults({ hole: hands.player, decision: called ? 'call' : 'fold' }, hands.dealer, hands.board, p.rules);
    const out: Record<string, SpotResult> = {};
    if (part.stakes['blind'] !== undefined) out['blind'] = spot(r.blind);
    if (part.stakes['bonus'] !== undefined) out['bonus'] = spot(r.bonus);
    if (part.stakes['call'] !== undefined) out['call'] = spot(r.call ?? r.blind);
    return out;
  },
  describe(hands) {
    return { player: seven(hands.player, hands.board), dealer: seven(hands.dealer, hands.board) };
  },
};

export const riversidePokerDefinition = defineBankedPoker(riversidePokerSpec, riversidePokerProfiles, 'ray');
export const riversidePokerKernel = createKernel(riversidePokerDefinition);

// ───────────────────────────── felt rtp / felt settle through the same definitions ─────────────────────────────

const roundsOf = (opts: RtpOptions | undefined, defaultRounds: number) => {
  const rounds = opts?.rounds ?? defaultRounds;
  const seed = opts?.seed ?? 1;
  return Number.isSafeInteger(rounds) && rounds >= 2 ? ok({ rounds, seed }) : violation('INVALID_ROUNDS', 'GEN-8', 'A simulation needs at least 2 rounds.');
};

/** `felt rtp triple-bet-poker` (exact: optimal removals, every bonus hand) and `felt settle triple-bet-poker`. */
export const tripleBetPokerGame: GameModule = {
  id: 'triple-bet-poker',
  profiles: tripleBetPokerProfiles,
  defaultProfile: 'ray',
  rtp: (profileId) => {
    const p = tripleBetPokerProfiles[profileId];
    if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Triple Bet Poker profile "${profileId}" (known: ${Object.keys(tripleBetPokerProfiles).join(', ')}).`);
    return ok({ game: 'triple-bet-poker', profile: p.id, rows: tripleBetRtp(p.rules) });
  },
  settleOffline: (profileId, input) => settleBankedPokerOffline(tripleBetPokerSpec, tripleBetPokerProfiles, profileId, input),
};

/** `felt rtp dynamic-poker` (main game simulated with the near-optimal per-decision strategy and a 95 % interval; bonus exact) and `felt settle dynamic-poker`. */
export const dynamicPokerGame: GameModule = {
  id: 'dynamic-poker',
  profiles: dynamicPokerProfiles,
  defaultProfile: 'ray',
  rtp: (profileId, opts) => {
    const p = dynamicPokerProfiles[profileId];
    if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Dynamic Poker profile "${profileId}" (known: ${Object.keys(dynamicPokerProfiles).join(', ')}).`);
    const r = roundsOf(opts, DYNAMIC_SIM_ROUNDS);
    if (!r.ok) return r;
    return ok({ game: 'dynamic-poker', profile: p.id, rows: dynamicRtp(p.rules, r.value.rounds, r.value.seed) });
  },
  settleOffline: (profileId, input) => settleBankedPokerOffline(dynamicPokerSpec, dynamicPokerProfiles, profileId, input),
};

/** `felt rtp riverside-poker` (main game simulated with the near-optimal per-decision strategy and a 95 % interval; bonus exact) and `felt settle riverside-poker`. */
export const riversidePokerGame: GameModule = {
  id: 'riverside-poker',
  profiles: riversidePokerProfiles,
  defaultProfile: 'ray',
  rtp: (profileId, opts) => {
    const p = riversidePokerProfiles[profileId];
    if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Riverside Poker profile "${profileId}" (known: ${Object.keys(riversidePokerProfiles).join(', ')}).`);
    const r = roundsOf(opts, RIVERSIDE_SIM_ROUNDS);
    if (!r.ok) return r;
    return ok({ game: 'riverside-poker', profile: p.id, rows: riversideRtp(p.rules, r.value.rounds, r.value.seed) });
  },
  settleOffline: (profileId, input) => settleBankedPokerOffline(riversidePokerSpec, riversidePokerProfiles, profileId, input),
};
