import { isMinor } from '../common/money.js';
import { ok, violation, type Result } from '../common/result.js';
import { settlementOf, type AcceptedBet, type Settlement } from '../kernel/kernel.js';
import { EMPTY_CHAIN, foldSpin, judgeSpin, maxReturnMultiple, moneyWheelProfiles, parseLabel, parseSpot, type Chain, type MoneyWheelProfile, type SpinOutcome, type SpinReport } from './money-wheel.rules.js';
import { refundLines, settleBets } from './money-wheel.settle.js';

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

const SHAPE = '{ "spins": [ { "segment": 12, "direction": "cw", "turns": 2.5 } | { "border": 7, "direction": "ccw", "turns": 3 } | "7x", … ], "bets": [ { "spot": "number:10", "stakeMinor": 100 } ] }';

/**
 * One spin of a dispute input: the sensor's report `{ segment | border, direction, turns, label? }`
 * (judged by MW-1/MW-3/MW-4 exactly as live), or a dealer-confirmed label string (`"2x"`, `"10"`), a
 * valid spin by definition.
 */
export function parseSpinInput(raw: unknown, p: MoneyWheelProfile, where: string): Result<SpinOutcome> {
  if (typeof raw === 'string') {
    const index = p.layout.indexOf(raw);
    const segment = parseLabel(raw);
    if (index < 0 || segment === null) return violation('INVALID_RESULT', 'MW-1', `${where}: "${raw}" is not a segment of the ${p.id} wheel (labels: ${[...new Set(p.layout)].join(', ')}).`, { label: raw });
    return ok({ valid: true, index, segment, label: raw, border: false, rules: ['MW-1'] });
  }
  if (!isRecord(raw)) return violation('INVALID_INPUT', 'MW-1', `${where} must be a segment label or an object { segment | border, direction, turns, label? }.`);
  const allowed = ['segment', 'border', 'direction', 'turns', 'label'];
  const extra = Object.keys(raw).find((k) => !allowed.includes(k));
  if (extra !== undefined) return violation('INVALID_INPUT', 'GEN-8', `${where} has an unknown field "${extra}" (allowed: ${allowed.join(', ')}).`, { field: extra });
  if ((raw.segment === undefined) === (raw.border === undefined)) return violation('INVALID_INPUT', 'MW-3', `${where} needs exactly one of "segment" (the pointer on a segment) or "border" (the pointer on the border after that segment).`);
  if (raw.label !== undefined && typeof raw.label !== 'string') return violation('INVALID_INPUT', 'GEN-8', `${where}.label must be a string.`);
  const direction = raw.direction === undefined && raw.segment !== undefined ? 'cw' : raw.direction;
  const stop = raw.segment !== undefined ? { segment: raw.segment as number } : { border: raw.border as number };
  const report: SpinReport = raw.label === undefined ? { stop, direction: direction as SpinReport['direction'], turns: raw.turns as number } : { stop, direction: direction as SpinReport['direction'], turns: raw.turns as number, label: raw.label };
  const judged = judgeSpin(p, report);
  if (!judged.ok) return violation(judged.violation.code, judged.violation.ruleId, `${where}: ${judged.violation.message}`, judged.violation.details);
  return judged;
}

/** The untrusted `bets` array: `{ spot, stakeMinor, betId?, playerId? }` each, bet ids unique. */
export function parseOfflineBets(raw: unknown, p: MoneyWheelProfile): Result<AcceptedBet[]> {
  if (!Array.isArray(raw)) return violation('INVALID_INPUT', 'GEN-8', '"bets" must be an array of { spot, stakeMinor, betId?, playerId? }.');
  const out: AcceptedBet[] = [];
  const seen = new Set<string>();
  const fields = ['betId', 'playerId', 'spot', 'stakeMinor'];
  // D-1: the same ceiling a live table applies (stake × (highest return + 1) < 2^53); unlimited wheels are checked at settlement
  const highest = maxReturnMultiple(p);
  const ceiling = Number.isFinite(highest) ? Math.floor(Number.MAX_SAFE_INTEGER / (Math.ceil(highest) + 1)) : Number.MAX_SAFE_INTEGER;
  for (let i = 0; i < raw.length; i++) {
    const b: unknown = raw[i];
    const where = `bets[${i}]`;
    if (!isRecord(b)) return violation('INVALID_INPUT', 'GEN-8', `${where} must be an object { spot, stakeMinor, betId?, playerId? }.`, { index: i });
    const extra = Object.keys(b).find((k) => !fields.includes(k));
    if (extra !== undefined) return violation('INVALID_INPUT', 'GEN-8', `${where} has an unknown field "${extra}" (allowed: ${fields.join(', ')}).`, { index: i, field: extra });
    if (typeof b.spot !== 'string') return violation('INVALID_INPUT', 'GEN-8', `${where}.spot must be a string such as "number:10".`, { index: i });
    if (!isMinor(b.stakeMinor) || b.stakeMinor <= 0) return violation('INVALID_AMOUNT', 'GEN-4', `${where}.stakeMinor must be a positive whole number of minor units, got ${JSON.stringify(b.stakeMinor)}.`, { index: i });
    if (b.stakeMinor > ceiling) return violation('STAKE_TOO_LARGE', 'D-1', `${where}.stakeMinor may not exceed ${ceiling} minor units on the ${p.id} wheel (stake × the highest payout must stay an exact integer).`, { index: i, ceiling });
    if (b.betId !== undefined && (typeof b.betId !== 'string' || b.betId === '')) return violation('INVALID_INPUT', 'GEN-8', `${where}.betId must be a non-empty string.`, { index: i });
    if (b.playerId !== undefined && (typeof b.playerId !== 'string' || b.playerId === '')) return violation('INVALID_INPUT', 'GEN-8', `${where}.playerId must be a non-empty string.`, { index: i });
    const spot = parseSpot(b.spot, p);
    if (!spot.ok) return violation(spot.violation.code, spot.violation.ruleId, `${where}: ${spot.violation.message}`, { index: i, ...spot.violation.details });
    const betId = typeof b.betId === 'string' ? b.betId : `bet_${i + 1}`;
    if (seen.has(betId)) return violation('BET_ID_CONFLICT', 'D-3', `${where}: bet id ${betId} is used twice.`, { index: i, betId });
    seen.add(betId);
    out.push({ betId, playerId: typeof b.playerId === 'string' ? b.playerId : 'player', spot: b.spot, stakeMinor: b.stakeMinor, acceptedAt: 0, kind: b.spot });
  }
  return ok(out);
}

/** Fold a whole spin list into a chain: ends on the first number (MW-2) or voids after too many void spins (MW-4). */
export function foldSpins(p: MoneyWheelProfile, spins: readonly SpinOutcome[]): Result<{ readonly chain: Chain; readonly voided: boolean }> {
  let chain = EMPTY_CHAIN;
  for (const [i, spin] of spins.entries()) {
    if (chain.result !== null) return violation('INVALID_INPUT', 'MW-2', `spins[${i}]: the round already ended on ${chain.result} (only a multiplier segment spins again).`, { index: i });
    if (chain.invalidInARow >= p.maxInvalidSpins) return violation('INVALID_INPUT', 'MW-4', `spins[${i}]: the round was already void after ${chain.invalidInARow} invalid spins in a row.`, { index: i });
    chain = foldSpin(p, chain, spin);
  }
  if (chain.invalidInARow >= p.maxInvalidSpins) return ok({ chain, voided: true });
  if (chain.result === null) return violation('INVALID_INPUT', 'MW-2', `The spins end without a number: ${chain.multipliers.length > 0 ? 'after a multiplier the wheel spins again' : 'a round ends on a number segment'}${chain.invalidInARow > 0 ? ' (the last spin was void, MW-4)' : ''}.`);
  return ok({ chain, voided: false });
}

/**
 * Offline settlement (the dispute tool, GEN-8): `felt settle money-wheel < round.json`. Input shape in
 * `SHAPE` above; `roundId` optional (echoed, default `offline`); unknown fields are rejected.
 * Spins are judged exactly as live (MW-1 segment/label, MW-3 border, MW-4 minimum turns: a short spin
 * is void and skipped; `maxInvalidSpins` in a row voids the round with refunds).
 */
export function moneyWheelSettleOffline(profileId: string, input: unknown): Result<Settlement> {
  const profile = moneyWheelProfiles[profileId];
  if (!profile) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Money Wheel profile "${profileId}" (known: ${Object.keys(moneyWheelProfiles).join(', ')}).`);
  if (!isRecord(input)) return violation('INVALID_INPUT', 'GEN-8', `The input must be an object ${SHAPE}.`);
  const allowed = ['roundId', 'spins', 'bets'];
  const extra = Object.keys(input).find((k) => !allowed.includes(k));
  if (extra !== undefined) return violation('INVALID_INPUT', 'GEN-8', `Unknown field "${extra}" (allowed: ${allowed.join(', ')}).`, { field: extra });
  if (input.roundId !== undefined && (typeof input.roundId !== 'string' || input.roundId === '')) return violation('INVALID_INPUT', 'GEN-8', 'roundId must be a non-empty string.');
  const roundId = typeof input.roundId === 'string' ? input.roundId : 'offline';
  if (!Array.isArray(input.spins) || input.spins.length === 0) return violation('INVALID_INPUT', 'GEN-8', `"spins" must be a non-empty array: ${SHAPE}.`);
  if (input.spins.length > 1000) return violation('INVALID_INPUT', 'GEN-8', '"spins" may hold at most 1000 spins.');
  const spins: SpinOutcome[] = [];
  for (const [i, raw] of (input.spins as unknown[]).entries()) {
    const s = parseSpinInput(raw, profile, `spins[${i}]`);
    if (!s.ok) return s;
    spins.push(s.value);
  }
  const bets = parseOfflineBets(input.bets, profile);
  if (!bets.ok) return bets;
  const folded = foldSpins(profile, spins);
  if (!folded.ok) return folded;
  if (folded.value.voided) return ok(settlementOf(roundId, true, refundLines(bets.value, 'MW-4')));
  const result = folded.value.chain.result;
  if (result === null) return violation('INVALID_INPUT', 'MW-2', 'The spins end without a number.');
  const lines = settleBets(bets.value, result, folded.value.chain.multiplier, profile);
  if (!lines.ok) return lines;
  return ok(settlementOf(roundId, false, lines.value));
}
