import type { Card } from '../cards/card.js';
import { parseCard } from '../cards/card.js';
import { trackShoe, type Shoe } from '../cards/shoe.js';
import { shoeDeviceReaction, trackCard } from '../cards/shoe-tracking.js';
import { ok, violation, type Result } from '../common/result.js';
import { betsOfPlayer, bookTotals, type BookTotals } from '../kernel/book.js';
import { bettingNext, createKernel, defineGame, events, refuse, settleNext, vio, type RefereeState } from '../kernel/define.js';
import type { GameModule, RtpRow } from '../kernel/game.js';
import { settlementOf, roundViewBase, type AcceptedBet, type CommonCommand, type CommonEvent, type NextAction, type Settlement, type SettlementLine, type RoundViewBase } from '../kernel/kernel.js';
import { parseOfflineBets, parseOfflineEnvelope, spotKindOf } from '../sicbo/offline.js';
import { exactRtpRow } from '../sicbo/rational.js';
import {
  andarBaharMaxReturn,
  andarBaharProfiles,
  andarBaharRestriction,
  andarBaharSpots,
  exactRtp,
  kindOf,
  matchesJoker,
  parseAndarBaharDeal,
  parseAndarBaharSpot,
  settleAndarBaharBets,
  sideOfCard,
  type AndarBaharProfile,
  type AndarBaharSide,
} from './andar-bahar.rules.js';

/**
 * Andar Bahar on the referee (`defineGame`): idle → betting → closed → RecordCard (the joker, AB-2) →
 * play → RecordCard × n (Andar, Bahar, … AB-3) → the first card of the joker's rank resolves the
 * round (AB-4) → settled; void from any unresolved phase (GEN-6). The first card closes betting if it
 * is still open (GEN-3). One deck, fresh every round (AB-1): nothing carries between rounds, and a card
 * already out this round is refused (IMPOSSIBLE_CARD). Every card is face up: nothing is redacted
 * beyond other players' bets (the referee's rule).
 */

export type AndarBaharCommand =
  | CommonCommand
  /** A scanned card (devices.md §1 code): the joker first, then Andar, Bahar, … `shoeIndex` is kept (GEN-8 card record). */
  | { readonly type: 'RecordCard'; readonly at: number; readonly card: string; readonly shoeIndex?: number };

/** Where a card went: the joker, or a side (n = its position among the sides' cards, 1-based). */
export type AndarBaharCardTo = 'joker' | AndarBaharSide;

export type AndarBaharEvent = CommonEvent | { readonly type: 'CardRecorded'; readonly at: number; readonly card: Card; readonly to: AndarBaharCardTo; readonly n: number; readonly shoeIndex: number | null };

export interface AndarBaharState extends RefereeState {
  readonly game: 'andar-bahar';
  readonly joker: Card | null;
  /** The sides' cards in deal order (Andar first, AB-3). */
  readonly dealt: readonly Card[];
  readonly winner: AndarBaharSide | null;
  /** The deck's tracker (AB-1), fresh at every RoundOpened; null before. */
  readonly shoe: Shoe | null;
}

/** What every audience sees (all cards are face up); a player sees their own bets, staff the totals. */
export interface AndarBaharView extends RoundViewBase {
  readonly game: 'andar-bahar';
  readonly voidReason: string | null;
  readonly joker: Card | null;
  readonly andar: readonly Card[];
  readonly bahar: readonly Card[];
  /** Cards dealt to the two sides so far (the side bets' count, AB-6). */
  readonly dealtCount: number;
  readonly winner: AndarBaharSide | null;
  /** Where the next card goes, or null when none is due. */
  readonly nextTo: AndarBaharCardTo | null;
  readonly bets: readonly AcceptedBet[];
  readonly totals?: BookTotals;
}

const nextTo = (s: AndarBaharState): AndarBaharCardTo | null => {
  if (s.phase !== 'closed' && s.phase !== 'play') return null;
  return s.joker === null ? 'joker' : sideOfCard(s.dealt.length + 1);
};

const label = (to: AndarBaharCardTo): string => (to === 'joker' ? 'the joker' : to === 'andar' ? 'Andar' : 'Bahar');

export const andarBaharDefinition = defineGame<AndarBaharState, AndarBaharCommand, AndarBaharEvent, AndarBaharView, AndarBaharProfile>({
  id: 'andar-bahar',
  name: 'Andar Bahar',
  profiles: andarBaharProfiles,
  defaultProfile: 'standard',
  checkProfile: (p) => (p.decks === 1 ? null : vio('PROFILE_UNSUPPORTED', 'AB-1', 'Andar Bahar plays one deck (AB-1).')),
  maxReturnMultiple: andarBaharMaxReturn,
  initial: () => ({ game: 'andar-bahar', joker: null, dealt: [], winner: null, shoe: null }),
  bets: {
    spot(_s, p, key) {
      const spot = parseAndarBaharSpot(p, key);
      return spot.ok ? ok({ key, kind: kindOf(spot.value) }) : spot;
    },
    restrict(s, _p, bet) {
      return andarBaharRestriction(
        betsOfPlayer(s.book, bet.playerId).map((b) => b.spot),
        bet.spot,
      );
    },
  },
  afterCommon(s, e) {
    // AB-1: a fresh, shuffled deck for every round
    return e.type === 'RoundOpened' ? { ...s, shoe: trackShoe({ decks: 1 }) } : s;
  },
  moves: {
    RecordCard: {
      phases: ['closed', 'play'],
      closesBetting: true,
      decide(s, c) {
        const card = typeof c.card === 'string' ? parseCard(c.card) : null;
        if (!card || !card.ok) return refuse(vio('INVALID_CARD', 'AB-1', `${JSON.stringify(c.card)} is not a card code (AS, TD, 9H, QC).`, { card: c.card }));
        if (s.shoe && !trackCard(s.shoe, card.value).ok) return refuse(vio('IMPOSSIBLE_CARD', 'AB-1', `${card.value} is already out: one deck holds each card once (AB-1).`, { card: card.value }));
        const to = nextTo(s) ?? 'joker';
        return events<AndarBaharEvent>({ type: 'CardRecorded', at: c.at, card: card.value, to, n: to === 'joker' ? 0 : s.dealt.length + 1, shoeIndex: typeof c.shoeIndex === 'number' && Number.isSafeInteger(c.shoeIndex) ? c.shoeIndex : null });
      },
    },
  },
  evolve(s, e) {
    const seq = s.seq + 1;
    switch (e.type) {
      case 'CardRecorded': {
        const tracked = s.shoe ? trackCard(s.shoe, e.card) : null;
        const shoe = tracked && tracked.ok ? tracked.value : s.shoe;
        if (e.to === 'joker') return { ...s, seq, shoe, joker: e.card, phase: 'play' };
        const dealt = [...s.dealt, e.card];
        const won = s.joker !== null && matchesJoker(s.joker, e.card);
        return { ...s, seq, shoe, dealt, winner: won ? e.to : null, phase: won ? 'resolved' : 'play' };
      }
    }
  },
  view(s, audience): AndarBaharView {
    const base = {
      game: 'andar-bahar' as const,
      ...roundViewBase(s),
      voidReason: s.voidReason,
      joker: s.joker,
      andar: s.dealt.filter((_, i) => i % 2 === 0),
      bahar: s.dealt.filter((_, i) => i % 2 === 1),
      dealtCount: s.dealt.length,
      winner: s.winner,
      nextTo: nextTo(s),
    };
    return audience.role === 'player' ? { ...base, bets: betsOfPlayer(s.book, audience.playerId) } : { ...base, bets: [], totals: bookTotals(s.book) };
  },
  // every card is dealt face up: a card event is the same for every audience
  redact: (e) => e,
  settle(s, p): Result<readonly SettlementLine[]> {
    if (s.winner === null) return refuse(vio('ROUND_NOT_RESOLVED', 'GEN-5', "The deal has not reached a card of the joker's rank yet (AB-4)."));
    return ok(settleAndarBaharBets(s.book.byId.values(), s.winner, s.dealt.length, p));
  },
  next(s): readonly NextAction[] {
    switch (s.phase) {
      case 'betting':
        return [bettingNext()];
      case 'closed':
      case 'play': {
        const to = nextTo(s) ?? 'joker';
        return to === 'joker'
          ? [{ kind: 'deal', message: 'Turn up the joker: the first card, face up, to neither side.', ruleId: 'AB-2' }]
          : [{ kind: 'deal', message: `Deal card ${s.dealt.length + 1} face up to ${label(to)} (until a ${s.joker?.[0] ?? ''} appears).`, ruleId: 'AB-3' }];
      }
      case 'resolved':
        return [settleNext()];
      case 'settled':
      case 'void':
        return [{ kind: 'shuffle', message: 'Gather the deck and shuffle it for the next round.', ruleId: 'AB-1' }];
      case 'idle':
      case 'halted':
        return [];
    }
  },
  stall: (s) => ({ step: s.joker === null ? 'joker' : 'deal', afterMs: 60_000, ruleId: s.joker === null ? 'AB-2' : 'AB-3' }),
  devices: {
    reporters: { shoe: ['shoe'] },
    // the deck is fresh every round: a cut card has no meaning here (tracked, never a command)
    map: (ev, _ctx, at) => (ev.type === 'shoe.cut_card' ? { kind: 'track' } : shoeDeviceReaction(ev, at, { unreadable: false })),
  },
  commands: [],
  example: { spots: ['andar', 'bahar'], more: ['cards:1-5', 'cards:41+'], resolve: [{ type: 'RecordCard', card: 'KH' }, { type: 'RecordCard', card: '2C' }, { type: 'RecordCard', card: 'KS' }] },
});

export const andarBaharKernel = createKernel(andarBaharDefinition);

// ───────────────────────────── the offline tools ─────────────────────────────

/** `felt rtp andar-bahar`: every spot's exact return (AB-4..AB-6 over one shuffled deck). */
export function andarBaharRtp(profileId: string): Result<{ readonly game: 'andar-bahar'; readonly profile: string; readonly rows: readonly RtpRow[] }> {
  const p = andarBaharProfiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Andar Bahar profile "${profileId}" (known: ${Object.keys(andarBaharProfiles).join(', ')}).`);
  const rows: RtpRow[] = [];
  for (const bet of andarBaharSpots(p)) {
    const spot = parseAndarBaharSpot(p, bet);
    if (!spot.ok) continue;
    const r = exactRtp(spot.value, p);
    rows.push(exactRtpRow(bet, r));
  }
  return ok({ game: 'andar-bahar', profile: p.id, rows });
}

/**
 * `felt settle andar-bahar` (the dispute tool, GEN-8). Input (untrusted JSON):
 *
 * ```json
 * { "cards": ["7H", "2C", "KD", "7S"],
 *   "bets": [ { "spot": "andar", "stakeMinor": 1000 }, { "spot": "cards:1-5", "stakeMinor": 500, "playerId": "p2" } ] }
 * ```
 *
 * `cards`: the joker, then the sides' cards in deal order (Andar first) ending with the first card of
 * the joker's rank (AB-2..AB-4), no card twice (AB-1). `bets[]`: `spot` one of the profile's spots,
 * `stakeMinor` a positive integer, optional `betId`, `playerId`; Andar and Bahar not together (AB-7).
 */
export function andarBaharSettleOffline(profileId: string, input: unknown): Result<Settlement> {
  const p = andarBaharProfiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Andar Bahar profile "${profileId}" (known: ${Object.keys(andarBaharProfiles).join(', ')}).`);
  const env = parseOfflineEnvelope(input, 'cards', '{ "cards": ["<joker>", "<andar 1>", "<bahar 1>", …], "bets": [...] }');
  if (!env.ok) return env;
  const deal = parseAndarBaharDeal(env.value.outcome);
  if (!deal.ok) return deal;
  const bets = parseOfflineBets(env.value.bets, spotKindOf((s) => parseAndarBaharSpot(p, s), kindOf), andarBaharRestriction);
  if (!bets.ok) return bets;
  return ok(settlementOf(env.value.roundId, false, settleAndarBaharBets(bets.value, deal.value.winner, deal.value.dealt.length, p)));
}

export const andarBaharGame: GameModule = {
  id: 'andar-bahar',
  profiles: andarBaharProfiles,
  defaultProfile: 'standard',
  rtp: andarBaharRtp,
  settleOffline: andarBaharSettleOffline,
};
