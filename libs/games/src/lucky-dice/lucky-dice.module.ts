import { ok, violation, type Result } from '../common/result.js';
import type { GameModule, RtpReport, RtpRow } from '../kernel/game.js';
import { checkStakeAmount, globalStakeCeiling } from '../kernel/define.js';
import { settlementOf, type Settlement } from '../kernel/kernel.js';
import { parseOfflineBets, parseOfflineEnvelope, spotKindOf } from '../sicbo/offline.js';
import { add, exactRtpRow, format, mul, rational, ZERO, type Rational } from '../sicbo/rational.js';
import { settleBets } from './lucky-dice.game.js';
import { kindOf, LUCKY_DICE_KINDS, luckyDiceProfiles, maxReturnMultiple, parseDice, parseSpot, resolveSpot, spotsOfKind, type Face, type LuckyDice, type LuckyDiceProfile, type LuckyDiceSpot } from './lucky-dice.rules.js';

/** All 36 equally likely (red, green) outcomes (LD-1). */
export const ALL_LUCKY_DICE: readonly LuckyDice[] = (() => {
  const out: LuckyDice[] = [];
  for (let r = 1; r <= 6; r++) for (let g = 1; g <= 6; g++) out.push({ red: r as Face, green: g as Face });
  return out;
})();

/** Exact RTP of one spot: Σ over the 36 outcomes of the return per unit stake / 36. */
export function exactRtp(spot: LuckyDiceSpot, p: LuckyDiceProfile): Rational {
  let sum = ZERO;
  for (const d of ALL_LUCKY_DICE) sum = add(sum, rational(resolveSpot(spot, d, p).returnMultiple));
  return mul(sum, rational(1, ALL_LUCKY_DICE.length));
}

const unknownProfile = (id: string) => violation('UNKNOWN_PROFILE', 'D-2', `Unknown Lucky Dice profile "${id}" (known: ${Object.keys(luckyDiceProfiles).join(', ')}).`);

/**
 * `felt rtp lucky-dice`: exact enumeration of the 36 outcomes for every spot of the profile. Number
 * spots of one kind share a row when every spot of the kind has the same RTP (it is checked, not
 * assumed); sum boxes get a row per total; a lost sum box (not offered) is listed with a note.
 */
export function luckyDiceRtp(profileId: string): Result<RtpReport> {
  const p = luckyDiceProfiles[profileId];
  if (!p) return unknownProfile(profileId);
  const rows: RtpRow[] = [];
  const row = (bet: string, r: Rational, note?: string): RtpRow => exactRtpRow(bet, r, { samples: ALL_LUCKY_DICE.length, note });
  const lost = [3, 4, 10, 11].filter((t) => typeof p.pays.sum[t] !== 'number');
  for (const kind of LUCKY_DICE_KINDS) {
    const keys = spotsOfKind(kind, p);
    if (kind === 'sum') {
      for (let t = 3; t <= 11; t++) {
        const s = parseSpot(`sum:${t}`, p);
        if (s.ok) rows.push(row(`sum:${t}`, exactRtp(s.value, p), `pays ${p.pays.sum[t]} x insatsen (net)${lost.length > 0 && t === 7 ? `; sums ${lost.join('/')} not offered (multiplier lost in the RAY 2011 transcript, §5.2)` : ''}`));
      }
      continue;
    }
    const rtps = keys.map((k) => {
      const s = parseSpot(k, p);
      if (!s.ok) throw new Error(`layout spot ${k} does not parse`);
      return format(exactRtp(s.value, p));
    });
    const distinct = [...new Set(rtps)];
    const first = parseSpot(keys[0] as string, p);
    if (!first.ok) throw new Error('layout spot does not parse');
    rows.push(row(kind, exactRtp(first.value, p), distinct.length === 1 ? `${keys.length} spot${keys.length === 1 ? '' : 's'}, ${coverOf(kind)}` : `RTP differs between spots: ${distinct.join(', ')}`));
  }
  return ok({ game: 'lucky-dice', profile: p.id, rows });
}

function coverOf(kind: (typeof LUCKY_DICE_KINDS)[number]): string {
  switch (kind) {
    case 'plein':
      return '1 number';
    case 'cheval':
      return '2 numbers';
    case 'transversal':
      return '3 numbers';
    case 'carre':
      return '4 numbers';
    case 'simple':
      return 'a group of 6';
    case 'sum':
      return 'a total';
    case 'all-pairs':
      return 'any double';
    case 'under-7':
      return 'total 2–6';
    case 'over-7':
      return 'total 8–12';
  }
}

/**
 * `felt settle lucky-dice` (the dispute tool, GEN-8). Input (untrusted JSON):
 *
 * ```json
 * { "dice": { "red": 3, "green": 5 },
 *   "bets": [ { "spot": "plein:17", "stakeMinor": 100 }, { "betId": "b2", "playerId": "p2", "spot": "over-7", "stakeMinor": 500 } ] }
 * ```
 * `dice.red` picks the group, `dice.green` the square (LD-1; each 1–6, else INVALID_DICE). Spots as in
 * lucky-dice.rules.ts; a sum box the profile does not offer is SPOT_NOT_OFFERED (LD-3).
 */
export function luckyDiceSettleOffline(profileId: string, input: unknown): Result<Settlement> {
  const p = luckyDiceProfiles[profileId];
  if (!p) return unknownProfile(profileId);
  const env = parseOfflineEnvelope(input, 'dice', '{ "dice": { "red": 1-6, "green": 1-6 }, "bets": [...] }');
  if (!env.ok) return env;
  const dice = parseDice(env.value.outcome);
  if (!dice.ok) return dice;
  const bets = parseOfflineBets(env.value.bets, spotKindOf((s) => parseSpot(s, p), kindOf), () => null);
  if (!bets.ok) return bets;
  const ceiling = globalStakeCeiling(maxReturnMultiple(p));
  for (const b of bets.value) {
    const bad = checkStakeAmount(b.stakeMinor, ceiling);
    if (bad) return { ok: false, violation: bad };
  }
  return ok(settlementOf(env.value.roundId, false, settleBets(bets.value, dice.value, p)));
}

export const luckyDiceGame: GameModule = {
  id: 'lucky-dice',
  profiles: luckyDiceProfiles,
  defaultProfile: 'ray-a',
  rtp: (profileId) => luckyDiceRtp(profileId),
  settleOffline: luckyDiceSettleOffline,
};
