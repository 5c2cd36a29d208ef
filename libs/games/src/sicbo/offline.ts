import { isMinor } from '../common/money.js';
import { ok, violation, type Result, type Violation } from '../common/result.js';
import type { AcceptedBet } from '../kernel/kernel.js';

/** `parseOfflineBets`' `kindOfSpot` from a game's spot parser and its spot → limit kind: the parser's violation as it is. */
export const spotKindOf =
  <S>(parse: (spot: string) => Result<S>, kindOf: (spot: S) => string) =>
  (spot: string): Result<string> => {
    const s = parse(spot);
    return s.ok ? ok(kindOf(s.value)) : s;
  };

/**
 * Validation of the untrusted `bets` array of a `settleOffline` input, shared by Sic Bo, Dragon Tiger
 * and Football Studio. Each bet: `{ "spot": string, "stakeMinor": positive integer,
 * "betId"?: string (default `bet_<n>`), "playerId"?: string (default `player`) }`.
 * The same checks as a live PlaceBet apply: a known spot, a positive whole stake (GEN-4), unique
 * bet ids, and the game's restriction per player (RES-3/4/5).
 */
export function parseOfflineBets(
  raw: unknown,
  kindOfSpot: (spot: string) => Result<string>,
  restriction: (held: readonly string[], spot: string) => Violation | null,
): Result<AcceptedBet[]> {
  if (!Array.isArray(raw)) return violation('INVALID_INPUT', null, '"bets" must be an array of { spot, stakeMinor, betId?, playerId? }.');
  const out: AcceptedBet[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < raw.length; i++) {
    const b: unknown = raw[i];
    const where = `bets[${i}]`;
    if (typeof b !== 'object' || b === null || Array.isArray(b)) return violation('INVALID_INPUT', null, `${where} must be an object { spot, stakeMinor, betId?, playerId? }.`);
    const o = b as Record<string, unknown>;
    const extra = Object.keys(o).find((k) => !BET_FIELDS.includes(k));
    if (extra !== undefined) return violation('INVALID_INPUT', null, `${where} has an unknown field "${extra}" (allowed: ${BET_FIELDS.join(', ')}).`, { index: i, field: extra });
    if (typeof o.spot !== 'string') return violation('INVALID_INPUT', null, `${where}.spot must be a string.`, { index: i });
    if (!isMinor(o.stakeMinor) || o.stakeMinor <= 0) return violation('INVALID_AMOUNT', 'GEN-4', `${where}.stakeMinor must be a positive whole number of minor units, got ${JSON.stringify(o.stakeMinor)}.`, { index: i });
    if (o.betId !== undefined && (typeof o.betId !== 'string' || o.betId === '')) return violation('INVALID_INPUT', null, `${where}.betId must be a non-empty string.`, { index: i });
    if (o.playerId !== undefined && (typeof o.playerId !== 'string' || o.playerId === '')) return violation('INVALID_INPUT', null, `${where}.playerId must be a non-empty string.`, { index: i });
    const kind = kindOfSpot(o.spot);
    if (!kind.ok) return violation(kind.violation.code, kind.violation.ruleId, `${where}: ${kind.violation.message}`, { index: i, ...kind.violation.details });
    const betId = typeof o.betId === 'string' ? o.betId : `bet_${i + 1}`;
    if (seen.has(betId)) return violation('BET_ID_CONFLICT', 'D-3', `${where}: bet id ${betId} is used twice.`, { index: i, betId });
    seen.add(betId);
    const playerId = typeof o.playerId === 'string' ? o.playerId : 'player';
    const held = out.filter((x) => x.playerId === playerId).map((x) => x.spot);
    const res = restriction(held, o.spot);
    if (res) return violation(res.code, res.ruleId, `${where}: ${res.message}`, { index: i, ...res.details });
    out.push({ betId, playerId, spot: o.spot, stakeMinor: o.stakeMinor, acceptedAt: 0, kind: kind.value });
  }
  return ok(out);
}

const BET_FIELDS: readonly string[] = ['betId', 'playerId', 'spot', 'stakeMinor'];

/**
 * The top level of a settleOffline input: an object with exactly the given outcome field, `bets`, and
 * an optional `roundId` (string, echoed in the settlement; default `offline`). Unknown fields are
 * rejected so that a typo never settles silently.
 */
export function parseOfflineEnvelope(input: unknown, outcomeField: string, shape: string): Result<{ readonly roundId: string; readonly outcome: unknown; readonly bets: unknown }> {
  if (!isRecord(input)) return violation('INVALID_INPUT', null, `The input must be an object ${shape}.`);
  const allowed = ['roundId', outcomeField, 'bets'];
  const extra = Object.keys(input).find((k) => !allowed.includes(k));
  if (extra !== undefined) return violation('INVALID_INPUT', null, `Unknown field "${extra}" (allowed: ${allowed.join(', ')}).`, { field: extra });
  if (input.roundId !== undefined && (typeof input.roundId !== 'string' || input.roundId === '')) return violation('INVALID_INPUT', null, 'roundId must be a non-empty string.');
  if (input.bets === undefined) return violation('INVALID_INPUT', null, `"bets" is missing: the input must be ${shape}.`);
  return ok({ roundId: typeof input.roundId === 'string' ? input.roundId : 'offline', outcome: input[outcomeField], bets: input.bets });
}

export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
