import { ALL_CARDS, type Card } from '../cards/card.js';
import { ok, violation, type Result } from '../common/result.js';
import type { GameModule, RtpReport, RtpRow } from '../kernel/game.js';
import { settlementOf, type Settlement } from '../kernel/kernel.js';
import { parseOfflineBets, parseOfflineEnvelope } from '../sicbo/offline.js';
import { add, exactRtpRow, mul, rational, ZERO, type Rational } from '../sicbo/rational.js';
import { settleDuelBets } from './duel.kernel.js';
import { checkDuelRestriction, duelSpots, parseDuelCards, parseDuelSpot, resolveDuelSpot, type DuelProfile, type DuelSpec, type DuelSpot } from './duel.rules.js';

/**
 * Exact RTP of one spot over a full `decks`-deck shoe: every ordered pair of distinct physical cards
 * is equally likely, so pair (x, y) of card codes has weight n_x·(n_y − [x = y]) out of N·(N − 1).
 * The half refund on a tie is counted as exactly ½ (minor-unit rounding of odd stakes is ignored).
 */
export function exactDuelRtp(spec: DuelSpec, spot: DuelSpot, p: DuelProfile): Rational {
  const n = p.decks; // copies of each card code
  const total = 52 * n * (52 * n - 1);
  let sum = ZERO;
  for (const x of ALL_CARDS) {
    for (const y of ALL_CARDS) {
      const w = n * (x === y ? n - 1 : n);
      if (w === 0) continue;
      const r = resolveDuelSpot(spec, spot, [x as Card, y as Card], p);
      if (r.multiple.num === 0) continue;
      sum = add(sum, rational(w * r.multiple.num, r.multiple.den));
    }
  }
  return mul(sum, rational(1, total));
}

export function duelRtp(spec: DuelSpec, profiles: Readonly<Record<string, DuelProfile>>, profileId: string): Result<RtpReport> {
  const p = profiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown ${spec.label} profile "${profileId}" (known: ${Object.keys(profiles).join(', ')}).`);
  const rows: RtpRow[] = [];
  for (const bet of duelSpots(spec, p)) {
    const spot = parseDuelSpot(spec, p, bet);
    if (!spot.ok) continue;
    const r = exactDuelRtp(spec, spot.value, p);
    rows.push(exactRtpRow(bet, r, spot.value.type === 'side' && p.halfLossOnTie ? { note: `half stake returned on a ${spec.tie} (${spec.rules.halfLoss}), counted as exactly ½` } : {}));
  }
  return ok({ game: spec.game, profile: p.id, rows });
}

export function duelSettleOffline(spec: DuelSpec, profiles: Readonly<Record<string, DuelProfile>>, profileId: string, input: unknown): Result<Settlement> {
  const p = profiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown ${spec.label} profile "${profileId}" (known: ${Object.keys(profiles).join(', ')}).`);
  const env = parseOfflineEnvelope(input, 'cards', `{ "cards": ["<${spec.sides[0]}>", "<${spec.sides[1]}>"], "bets": [...] }`);
  if (!env.ok) return env;
  const cards = parseDuelCards(spec, env.value.outcome);
  if (!cards.ok) return cards;
  const bets = parseOfflineBets(
    env.value.bets,
    (s) => {
      const spot = parseDuelSpot(spec, p, s);
      return spot.ok ? ok(s) : spot;
    },
    (held, s) => checkDuelRestriction(spec, held, s),
  );
  if (!bets.ok) return bets;
  return ok(settlementOf(env.value.roundId, false, settleDuelBets(spec, bets.value, cards.value, p)));
}

export function createDuelGame(spec: DuelSpec, profiles: Readonly<Record<string, DuelProfile>>, defaultProfile: string): GameModule {
  return {
    id: spec.game,
    profiles,
    defaultProfile,
    rtp: (profileId) => duelRtp(spec, profiles, profileId),
    settleOffline: (profileId, input) => duelSettleOffline(spec, profiles, profileId, input),
  };
}
