import { isMinor } from '../common/money.js';
import { ok, violation, type Result } from '../common/result.js';
import type { GameModule, RtpReport, RtpRow } from '../kernel/game.js';
import { settlementOf, type Settlement, type SettlementLine } from '../kernel/kernel.js';
import { checkProfile } from './kernel.js';
import { checkAnnouncedStake, checkCoverage, settleSpot } from './payout.js';
import { DEFAULT_ROULETTE_PROFILE, rouletteProfiles, type RouletteProfile } from './profiles.js';
import { ALL_SIMPLE_SPOTS, announcedSpots, chipCount, parseSpot, type Spot } from './spots.js';
import { isPocket, POCKETS } from './wheel.js';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Exact return of one spot over the 37 equally likely pockets, as a reduced fraction. The stake is
 * 2 per chip so that a la partage half is exact.
 */
export function exactReturn(profile: RouletteProfile, spot: Spot): { num: number; den: number } {
  const stake = 2 * chipCount(spot);
  let returned = 0;
  for (const n of POCKETS) returned += settleSpot(profile, spot, stake, n).returnMinor;
  const den = stake * POCKETS.length;
  const g = gcd(returned, den);
  return { num: returned / g, den: den / g };
}

/** RTP row key of a spot: the bet type (`straight`, `red`, `voisins`, `neighbours:2`, …). */
const rowKey = (spot: Spot): string => (spot.kind === 'neighbours' ? `neighbours:${spot.chips.length >> 1}` : spot.kind);

/**
 * `felt rtp`: exact enumeration over the 37 pockets for every bet type of the profile. Every spot of
 * a type is enumerated; a type whose spots differ is reported at its lowest return with a note.
 */
export function rouletteRtp(profileId: string): Result<RtpReport> {
  const profile = checkProfile(rouletteProfiles[profileId], profileId);
  if (!profile.ok) return profile;
  const p = profile.value;
  const groups = new Map<string, Spot[]>();
  for (const s of [...ALL_SIMPLE_SPOTS, ...announcedSpots(p)]) {
    const k = rowKey(s);
    groups.set(k, [...(groups.get(k) ?? []), s]);
  }
  const rows: RtpRow[] = [];
  for (const [bet, spots] of groups) {
    const values = spots.map((s) => exactReturn(p, s));
    const distinct = new Set(values.map((x) => `${x.num}/${x.den}`));
    const low = values.reduce((a, b) => (a.num * b.den <= b.num * a.den ? a : b));
    const rtp = low.num / low.den;
    const row: RtpRow = { bet, rtp, houseEdge: 1 - rtp, method: 'exact', exact: `${low.num}/${low.den}` };
    rows.push(distinct.size === 1 ? row : { ...row, note: `varies by spot: ${[...distinct].join(', ')}; lowest shown` });
  }
  return ok({ game: 'roulette', profile: p.id, rows });
}

const bad = (message: string, details: Record<string, unknown>) => violation('INVALID_INPUT', null, message, details);
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * `felt settle` for roulette: settle bets on a known winning number (dispute tool, GEN-8).
 *
 * Input (JSON):
 * ```json
 * { "roundId": "rnd_1",            // optional, echoed in the settlement
 *   "number": 17,                  // winning number 0–36
 *   "bets": [ { "betId": "b1", "playerId": "p1", "spot": "split:17-20", "stakeMinor": 100 } ] }
 * ```
 * `spot` uses the kernel's spot-key grammar (see spots.ts; announced bets only where the profile has a
 * racetrack). Every bet is validated: unique non-empty betId, non-empty playerId, valid spot
 * (ROU-2 geometry), positive integer stakeMinor (announced: a multiple of its chip count), and each
 * player's bets, in the given order, within the RES-1 coverage limit. Unknown fields are rejected.
 * Table limits are not known offline and are not checked. The first problem found is returned as a
 * violation whose `details.path` points at the offending field (e.g. `bets[1].spot`).
 */
export function rouletteSettleOffline(profileId: string, input: unknown): Result<Settlement> {
  const prof = checkProfile(rouletteProfiles[profileId], profileId);
  if (!prof.ok) return prof;
  const profile = prof.value;
  if (!isRecord(input)) return bad('Input must be an object {"number": 0–36, "bets": [...]}.', { path: '' });
  for (const k of Object.keys(input)) if (k !== 'number' && k !== 'bets' && k !== 'roundId') return bad(`Unknown field "${k}" (allowed: roundId, number, bets).`, { path: k });
  const roundId = input['roundId'] ?? 'offline';
  if (typeof roundId !== 'string' || roundId.length === 0) return bad('roundId must be a non-empty string.', { path: 'roundId' });
  const number = input['number'];
  if (!isPocket(number)) return violation('INVALID_NUMBER', 'ROU-1', `number must be an integer 0–36, got ${JSON.stringify(number)}.`, { path: 'number' });
  const bets = input['bets'];
  if (!Array.isArray(bets)) return bad('bets must be an array.', { path: 'bets' });
  const seen = new Set<string>();
  const byPlayer = new Map<string, Spot[]>();
  const lines: SettlementLine[] = [];
  for (let i = 0; i < bets.length; i++) {
    const path = `bets[${i}]`;
    const b: unknown = bets[i];
    if (!isRecord(b)) return bad(`${path} must be an object.`, { path });
    for (const k of Object.keys(b)) if (k !== 'betId' && k !== 'playerId' && k !== 'spot' && k !== 'stakeMinor') return bad(`Unknown field ${path}.${k} (allowed: betId, playerId, spot, stakeMinor).`, { path: `${path}.${k}` });
    const { betId, playerId, spot: rawSpot, stakeMinor } = b;
    if (typeof betId !== 'string' || betId.length === 0) return bad(`${path}.betId must be a non-empty string.`, { path: `${path}.betId` });
    if (seen.has(betId)) return bad(`${path}.betId "${betId}" is used twice.`, { path: `${path}.betId` });
    seen.add(betId);
    if (typeof playerId !== 'string' || playerId.length === 0) return bad(`${path}.playerId must be a non-empty string.`, { path: `${path}.playerId` });
    if (typeof rawSpot !== 'string') return bad(`${path}.spot must be a string such as "split:17-20".`, { path: `${path}.spot` });
    const spot = parseSpot(rawSpot, profile);
    if (!spot.ok) return { ok: false, violation: { ...spot.violation, details: { ...spot.violation.details, path: `${path}.spot` } } };
    if (!isMinor(stakeMinor) || stakeMinor <= 0) return violation('INVALID_AMOUNT', 'GEN-4', `${path}.stakeMinor must be a positive whole number of minor units.`, { path: `${path}.stakeMinor` });
    const units = checkAnnouncedStake(spot.value, stakeMinor);
    if (units) return { ok: false, violation: { ...units, details: { ...units.details, path: `${path}.stakeMinor` } } };
    const prior = byPlayer.get(playerId) ?? [];
    const cover = checkCoverage(profile, prior, spot.value);
    if (cover) return { ok: false, violation: { ...cover, details: { ...cover.details, path, betId } } };
    byPlayer.set(playerId, [...prior, spot.value]);
    const r = settleSpot(profile, spot.value, stakeMinor, number);
    lines.push({ betId, playerId, stakeMinor, returnMinor: r.returnMinor, outcome: r.outcome, rules: r.rules });
  }
  return ok(settlementOf(roundId, false, lines));
}

/** Roulette for the registry (`felt rtp roulette`, `felt settle roulette`). */
export const rouletteModule: GameModule = {
  id: 'roulette',
  profiles: rouletteProfiles,
  defaultProfile: DEFAULT_ROULETTE_PROFILE,
  rtp: (profileId) => rouletteRtp(profileId),
  settleOffline: rouletteSettleOffline,
};
