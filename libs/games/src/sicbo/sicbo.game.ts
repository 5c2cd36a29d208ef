import { ok, violation, type Result } from '../common/result.js';
import type { GameModule, RtpReport, RtpRow } from '../kernel/game.js';
import { settlementOf, type Settlement } from '../kernel/kernel.js';
import { parseOfflineBets, parseOfflineEnvelope, spotKindOf } from './offline.js';
import { add, exactRtpRow, mul, rational, ZERO, type Rational } from './rational.js';
import { settleBets } from './sicbo.kernel.js';
import { checkRestriction, kindOf, parseDice, parseSpot, resolveSpot, sicboProfiles, type Dice, type Face, type SicboProfile, type SicboSpot } from './sicbo.rules.js';

/** All 216 equally likely outcomes of three fair dice. */
export const ALL_DICE: readonly Dice[] = (() => {
  const out: Dice[] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) out.push([a, b, c] as unknown as Dice);
  return out;
})();

/**
 * RTP rows: one per distinct paytable entry. Spots that are symmetric in the face (single, double,
 * triple, combo) are one row each (`single` = any `single:N`); totals are one row per total.
 */
const RTP_ROWS: readonly { readonly bet: string; readonly spot: SicboSpot; readonly note?: string }[] = [
  { bet: 'small', spot: { type: 'small' } },
  { bet: 'big', spot: { type: 'big' } },
  { bet: 'odd', spot: { type: 'odd' } },
  { bet: 'even', spot: { type: 'even' } },
  ...Array.from({ length: 14 }, (_, i) => ({ bet: `total:${i + 4}`, spot: { type: 'total', total: i + 4 } as SicboSpot })),
  { bet: 'single', spot: { type: 'single', face: 1 }, note: 'any single:N' },
  { bet: 'double', spot: { type: 'double', face: 1 }, note: 'any double:N' },
  { bet: 'triple', spot: { type: 'triple', face: 1 }, note: 'any triple:N' },
  { bet: 'any-triple', spot: { type: 'any-triple' } },
  { bet: 'combo', spot: { type: 'combo', a: 1 as Face, b: 2 as Face }, note: 'any combo:A-B' },
];

/** Exact RTP of one spot: Σ over the 216 outcomes of return-per-unit-stake / 216. */
export function exactRtp(spot: SicboSpot, profile: SicboProfile): Rational {
  let sum = ZERO;
  for (const d of ALL_DICE) {
    const r = resolveSpot(spot, d, profile);
    sum = add(sum, rational(r.multiple.num, r.multiple.den));
  }
  return mul(sum, rational(1, ALL_DICE.length));
}

export function sicboRtp(profileId: string): Result<RtpReport> {
  const profile = sicboProfiles[profileId];
  if (!profile) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Sic Bo profile "${profileId}" (known: ${Object.keys(sicboProfiles).join(', ')}).`);
  const rows: RtpRow[] = RTP_ROWS.map(({ bet, spot, note }) => exactRtpRow(bet, exactRtp(spot, profile), { samples: ALL_DICE.length, note }));
  return ok({ game: 'sicbo', profile: profile.id, rows });
}

/**
 * Offline settlement (the dispute tool, GEN-8). Input (untrusted JSON):
 *
 * ```json
 * { "dice": [1, 2, 3],
 *   "bets": [ { "spot": "small", "stakeMinor": 1000 },
 *             { "betId": "bet_2", "playerId": "p2", "spot": "combo:1-2", "stakeMinor": 500 } ] }
 * ```
 *
 * - `roundId`: optional string, echoed in the settlement (default `offline`). Unknown fields are rejected.
 * - `dice`: exactly three integers 1–6 (SB-1; otherwise INVALID_DICE).
 * - `bets[]`: `spot` a canonical Sic Bo key (`small`, `big`, `odd`, `even`, `total:4`…`total:17`,
 *   `single:1`…`single:6`, `double:N`, `triple:N`, `any-triple`, `combo:A-B` with A<B), `stakeMinor` a
 *   positive integer, optional `betId` (default `bet_<n>`) and `playerId` (default `player`).
 *   One player may not hold big+small or odd+even (RES-3).
 */
export function sicboSettleOffline(profileId: string, input: unknown): Result<Settlement> {
  const profile = sicboProfiles[profileId];
  if (!profile) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Sic Bo profile "${profileId}" (known: ${Object.keys(sicboProfiles).join(', ')}).`);
  const env = parseOfflineEnvelope(input, 'dice', '{ "dice": [d1, d2, d3], "bets": [...] }');
  if (!env.ok) return env;
  const dice = parseDice(env.value.outcome);
  if (!dice.ok) return dice;
  const bets = parseOfflineBets(env.value.bets, spotKindOf(parseSpot, kindOf), checkRestriction);
  if (!bets.ok) return bets;
  return ok(settlementOf(env.value.roundId, false, settleBets(bets.value, dice.value, profile)));
}

export const sicboGame: GameModule = {
  id: 'sicbo',
  profiles: sicboProfiles,
  defaultProfile: 'standard',
  rtp: (profileId) => sicboRtp(profileId),
  settleOffline: sicboSettleOffline,
};
