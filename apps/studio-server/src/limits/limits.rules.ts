/**
 * Responsible gambling as data + pure functions (spec docs/rules/live-poker.md §2.9, UKGC RTS 12/13 as anchors):
 * loss and time limits per session / day / calendar week / calendar month, lowering at once and raising
 * from the next period, daily ≤ weekly ≤ monthly; reality checks at a player-set interval; self-exclusion
 * nobody can lift early. Time is an input (`at`); periods are UTC calendar periods (ISO weeks).
 */
import type { Violation } from '@felt-studio/games';
import { LIMITS_CODES, RG_RULE } from './limits.codes.js';

export const RG_KINDS = ['loss', 'time'] as const;
export type RgKind = (typeof RG_KINDS)[number];
export const RG_PERIODS = ['session', 'day', 'week', 'month'] as const;
export type RgPeriod = (typeof RG_PERIODS)[number];
type CalendarPeriod = Exclude<RgPeriod, 'session'>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** §2.9: 12 h, 1 week, 1, 3 or 6 months, or 1 year. */
export const EXCLUSION_PERIODS = ['12h', '1w', '1m', '3m', '6m', '1y'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];
/** A session ends after this much inactivity (no bet); the next bet starts a new one. */
export const SESSION_GAP_MS = 20 * 60_000;

/** A raise (or removal) waiting for the next period (`from`: its start; a session raise: the next session). */
export interface PendingChange {
  readonly kind: RgKind;
  readonly period: RgPeriod;
  /** null: the limit is removed. */
  readonly value: number | null;
  readonly requestedAt: number;
  readonly from: number | 'next-session';
}

/** Loss limits in minor units, time limits in minutes. */
export type LimitTable = { readonly [K in RgKind]: Readonly<Partial<Record<RgPeriod, number>>> };

export interface RgSettings {
  readonly limits: LimitTable;
  readonly pending: readonly PendingChange[];
  readonly realityCheckMinutes: number | null;
  readonly excludedUntil: number | null;
}

export const EMPTY_SETTINGS: RgSettings = { limits: { loss: {}, time: {} }, pending: [], realityCheckMinutes: null, excludedUntil: null };

export type RgResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly violation: Violation };
const fail = (code: keyof typeof LIMITS_CODES, message: string, details?: Record<string, unknown>): { ok: false; violation: Violation } => ({ ok: false, violation: { code, ruleId: RG_RULE, message, ...(details ? { details } : {}) } as Violation });

// ───────────── calendar periods (UTC) ─────────────

export function periodStart(period: CalendarPeriod, at: number): number {
  const d = new Date(at);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  switch (period) {
    case 'day':
      return day;
    case 'week':
      return day - ((d.getUTCDay() + 6) % 7) * DAY; // ISO week: Monday
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
}

export function nextPeriodStart(period: CalendarPeriod, at: number): number {
  const d = new Date(at);
  switch (period) {
    case 'day':
      return periodStart('day', at) + DAY;
    case 'week':
      return periodStart('week', at) + 7 * DAY;
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
}

export function exclusionEnd(period: ExclusionPeriod, at: number): number {
  const d = new Date(at);
  const months = (n: number): number => Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  switch (period) {
    case '12h':
      return at + 12 * HOUR;
    case '1w':
      return at + 7 * DAY;
    case '1m':
      return months(1);
    case '3m':
      return months(3);
    case '6m':
      return months(6);
    case '1y':
      return months(12);
  }
}

// ───────────── settings ─────────────

/** Applies the pending raises that are due (a calendar period began, or a new session started after the request). */
export function applyDue(s: RgSettings, at: number, sessionStartedAt: number | null): RgSettings {
  const due = (p: PendingChange): boolean => (p.from === 'next-session' ? sessionStartedAt !== null && sessionStartedAt > p.requestedAt : p.from <= at);
  if (!s.pending.some(due)) return s;
  let limits = s.limits;
  for (const p of s.pending.filter(due)) limits = withLimit(limits, p.kind, p.period, p.value);
  return { ...s, limits, pending: s.pending.filter((p) => !due(p)) };
}

function withLimit(t: LimitTable, kind: RgKind, period: RgPeriod, value: number | null): LimitTable {
  const next: Partial<Record<RgPeriod, number>> = { ...t[kind] };
  if (value === null) delete next[period];
  else next[period] = value;
  return { ...t, [kind]: next };
}

/** Daily ≤ weekly ≤ monthly (§2.9), per kind, over the limits that are set. */
function orderProblem(t: LimitTable): string | null {
  for (const kind of RG_KINDS) {
    const l = t[kind];
    const chain = (['day', 'week', 'month'] as const).filter((p) => l[p] !== undefined);
    for (let i = 0; i + 1 < chain.length; i++) {
      const a = chain[i] as CalendarPeriod;
      const b = chain[i + 1] as CalendarPeriod;
      if ((l[a] ?? 0) > (l[b] ?? 0)) return `the ${a} ${kind} limit (${l[a]}) may not exceed the ${b} limit (${l[b]})`;
    }
  }
  return null;
}

/**
 * Sets (value) or removes (null) a limit: a lower (or first) limit applies at once and cancels a pending
 * raise; a higher one, or a removal, applies from the start of the next period (the next session for a
 * session limit). Daily ≤ weekly ≤ monthly must hold now and once the pending changes apply.
 */
export function setLimit(s: RgSettings, change: { kind: RgKind; period: RgPeriod; value: number | null }, at: number): RgResult<RgSettings> {
  const { kind, period, value } = change;
  const cur = s.limits[kind][period];
  const others = s.pending.filter((p) => !(p.kind === kind && p.period === period));
  const lowering = value !== null && (cur === undefined || value <= cur);
  const next: RgSettings = lowering
    ? { ...s, limits: withLimit(s.limits, kind, period, value), pending: others }
    : cur === undefined && value === null
      ? { ...s, pending: others }
      : { ...s, pending: [...others, { kind, period, value, requestedAt: at, from: period === 'session' ? 'next-session' : nextPeriodStart(period, at) }] };
  const now = orderProblem(next.limits);
  const later = orderProblem(next.pending.reduce((t, p) => withLimit(t, p.kind, p.period, p.value), next.limits));
  const problem = now ?? later;
  if (problem !== null) return fail('RG_LIMIT_ORDER', `Limits must keep daily ≤ weekly ≤ monthly: ${problem}.`, { kind, period, value });
  return { ok: true, value: next };
}

export function setRealityCheck(s: RgSettings, minutes: number | null): RgSettings {
  return { ...s, realityCheckMinutes: minutes };
}

/** Self-exclusion: it can only be extended, never shortened or lifted (§2.9). */
export function selfExclude(s: RgSettings, period: ExclusionPeriod, at: number): RgSettings {
  const until = exclusionEnd(period, at);
  return { ...s, excludedUntil: Math.max(until, s.excludedUntil ?? 0) };
}

// ───────────── usage and the bet gate ─────────────

/** A money movement of the player: + stake (bet accepted), − stake (cancelled / refunded), − return (settled). */
export interface MoneyMove {
  readonly at: number;
  readonly deltaMinor: number;
  /** `<betId>:stake` or `<betId>:back` (return, refund, cancel): one move per key when usage is re-folded from the store. */
  readonly ref?: string;
}

export interface Session {
  readonly start: number;
  readonly last: number;
}

export interface Usage {
  /** Net loss (stakes − returns) per period; negative when the player is ahead. */
  readonly lossMinor: Readonly<Record<RgPeriod, number>>;
  /** Minutes played per period. */
  readonly minutes: Readonly<Record<RgPeriod, number>>;
  readonly session: Session | null;
}

/** Sessions from bet times (sorted): a gap of SESSION_GAP_MS or more starts a new session. */
export function sessionsOf(activity: readonly number[]): Session[] {
  const out: Session[] = [];
  for (const t of activity) {
    const last = out[out.length - 1];
    if (last && t - last.last < SESSION_GAP_MS) out[out.length - 1] = { start: last.start, last: t };
    else out.push({ start: t, last: t });
  }
  return out;
}

export function usageOf(moves: readonly MoneyMove[], activity: readonly number[], at: number): Usage {
  const sessions = sessionsOf(activity);
  const lastSession = sessions[sessions.length - 1];
  const session = lastSession && at - lastSession.last < SESSION_GAP_MS ? lastSession : null;
  const from: Record<RgPeriod, number> = { session: session?.start ?? at, day: periodStart('day', at), week: periodStart('week', at), month: periodStart('month', at) };
  const lossMinor = {} as Record<RgPeriod, number>;
  const minutes = {} as Record<RgPeriod, number>;
  for (const p of RG_PERIODS) {
    lossMinor[p] = moves.filter((m) => m.at >= from[p]).reduce((a, m) => a + m.deltaMinor, 0);
    // a session in progress counts until now; a finished one until its last bet
    const ms = sessions.reduce((a, s) => a + Math.max(0, (s === session ? at : s.last) - Math.max(s.start, from[p])), 0);
    minutes[p] = ms / 60_000;
  }
  return { lossMinor, minutes, session };
}

/**
 * The bet gate: why this stake may not be placed now, or null. A stake counts as a possible loss, so a
 * bet is refused when the net loss so far plus the stake would pass a loss limit (no limit is ever
 * exceeded by a bet the server accepted).
 */
export function refuseBet(s: RgSettings, u: Usage, stakeMinor: number, at: number): Violation | null {
  if (s.excludedUntil !== null && at < s.excludedUntil) return fail('RG_SELF_EXCLUDED', `You are self-excluded until ${new Date(s.excludedUntil).toISOString()}; no bets until then.`, { excludedUntil: s.excludedUntil }).violation;
  for (const p of RG_PERIODS) {
    const limit = s.limits.loss[p];
    if (limit !== undefined && Math.max(0, u.lossMinor[p]) + stakeMinor > limit) {
      return fail('RG_LOSS_LIMIT', `This stake would take your ${p} losses past your limit (${limit} minor units; lost so far ${Math.max(0, u.lossMinor[p])}).`, { period: p, limitMinor: limit, lossMinor: u.lossMinor[p], stakeMinor }).violation;
    }
  }
  for (const p of RG_PERIODS) {
    const limit = s.limits.time[p];
    // a new session starts with this bet when none is in progress: its session time is 0
    const used = p === 'session' && u.session === null ? 0 : u.minutes[p];
    if (limit !== undefined && used >= limit) return fail('RG_TIME_LIMIT', `You have played ${Math.floor(used)} of your ${limit} minutes this ${p}.`, { period: p, limitMinutes: limit, playedMinutes: used }).violation;
  }
  return null;
}
