import { periodStart, RG_PERIODS, SESSION_GAP_MS, type MoneyMove, type RgPeriod, type Usage } from './limits.rules.js';

/** First index i with a[i] >= x (a sorted ascending). */
function lowerBound(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index i with a[i] > x (a sorted ascending). */
function upperBound(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The order that sorts `keys` ascending (stable), or null when they already are (the store returns bets in time order). */
function ascendingOrder(keys: readonly number[]): number[] | null {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return Array.from(keys.keys()).sort((x, y) => keys[x]! - keys[y]!);
  return null;
}

const DAY = 86_400_000;
/** The last day's period starts (periodStart is a third of a fold at one move: it builds Dates). */
let calendar = { day: Number.NaN, week: 0, month: 0 };

/** periodStart('day' | 'week' | 'month', at), remembered for the day of the last call. */
function calendarStarts(at: number): { readonly day: number; readonly week: number; readonly month: number } {
  if (!(at >= calendar.day && at < calendar.day + DAY && Number.isInteger(at))) calendar = { day: periodStart('day', at), week: periodStart('week', at), month: periodStart('month', at) };
  return calendar;
}

/**
 * One player's usage for the bet gate, kept as it changes instead of re-folded on every bet (issue 25, the
 * closing burst: `usageOf` over a regular's month of moves cost 171 µs per bet at 3 000 moves). Moves are kept
 * sorted by time with prefix sums of their deltas; bet times as a sorted set with their sessions and the
 * sessions' running play time. `usage(at)` is then a binary search per period (O(log n)) and gives exactly
 * `usageOf(moves, activity sorted, at)` — the pure definition in limits.rules.ts stays the reference, and
 * limits.usage.spec.ts checks the two against each other (RG-2.9). Times and amounts are integers (ms, minor
 * units), so the sums are exact in any order.
 *
 * A move or bet time at or after the last one (a bet, the common case) is O(1); an older one (a return stamped
 * at its bet's time, a cancel, frames out of order) costs O(the moves after it). A refresh builds a new
 * index from the store's snapshot (`UsageIndex.of`: O(n) in time order, else a sort) and adds the local moves.
 */
export class UsageIndex {
  private ats: number[] = [];
  private list: MoneyMove[] = [];
  /** cum[i]: the sum of the deltaMinor of list[0..i-1] (cum.length = list.length + 1). */
  private cum: number[] = [0];
  /** Bet times, sorted, each once (a repeated time never changes the sessions). */
  private acts: number[] = [];
  private readonly sStart: number[] = [];
  private readonly sLast: number[] = [];
  /** sDur[i]: the sum of (last − start) of sessions 0..i-1 (sDur.length = sessions + 1). */
  private readonly sDur: number[] = [0];

  static of(moves: readonly MoneyMove[], activity: readonly number[]): UsageIndex {
    const u = new UsageIndex();
    const ats = moves.map((m) => m.at);
    const byTime = ascendingOrder(ats);
    u.list = byTime === null ? moves.slice() : byTime.map((i) => moves[i]!);
    u.ats = byTime === null ? ats : byTime.map((i) => ats[i]!);
    const cum = [0];
    let sum = 0;
    for (const m of u.list) cum.push((sum += m.deltaMinor));
    u.cum = cum;
    const inOrder = ascendingOrder(activity);
    const times = inOrder === null ? activity : inOrder.map((i) => activity[i]!);
    const acts: number[] = [];
    for (const t of times) if (acts.length === 0 || t !== acts[acts.length - 1]) acts.push(t);
    u.acts = acts;
    for (const t of acts) u.extendSessions(t);
    return u;
  }

  /** The moves, sorted by time. */
  get moves(): readonly MoneyMove[] {
    return this.list;
  }

  /** The distinct bet times, sorted. */
  get activity(): readonly number[] {
    return this.acts;
  }

  /** The moves at or after `since` (sorted by time). */
  movesFrom(since: number): MoneyMove[] {
    return this.list.slice(lowerBound(this.ats, since));
  }

  /** The bet times at or after `since` (sorted). */
  activityFrom(since: number): number[] {
    return this.acts.slice(lowerBound(this.acts, since));
  }

  addMove(m: MoneyMove): void {
    const n = this.ats.length;
    if (n === 0 || m.at >= this.ats[n - 1]!) {
      this.pushMove(m);
      return;
    }
    const k = upperBound(this.ats, m.at);
    this.ats.splice(k, 0, m.at);
    this.list.splice(k, 0, m);
    this.cum.splice(k + 1, 0, this.cum[k]! + m.deltaMinor);
    for (let i = k + 2; i < this.cum.length; i++) this.cum[i]! += m.deltaMinor;
  }

  addActivity(t: number): void {
    const n = this.acts.length;
    if (n === 0 || t > this.acts[n - 1]!) {
      this.pushActivity(t);
      return;
    }
    const i = lowerBound(this.acts, t);
    if (this.acts[i] === t) return;
    this.acts.splice(i, 0, t);
    // An older bet time can extend or join sessions from the one it falls in (the last one starting at or
    // before it) onwards; the sessions before that one and the gap before it are unchanged: re-fold from there.
    const j = upperBound(this.sStart, t) - 1;
    const from = j < 0 ? 0 : j;
    const idx = j < 0 ? 0 : lowerBound(this.acts, this.sStart[j]!);
    this.sStart.length = from;
    this.sLast.length = from;
    this.sDur.length = from + 1;
    for (let x = idx; x < this.acts.length; x++) this.extendSessions(this.acts[x]!);
  }

  /** Exactly `usageOf(moves, activity sorted, at)` (limits.rules.ts), in O(log n). */
  usage(at: number): Usage {
    const k = this.sStart.length - 1;
    const session = k >= 0 && at - this.sLast[k]! < SESSION_GAP_MS ? { start: this.sStart[k]!, last: this.sLast[k]! } : null;
    const c = calendarStarts(at);
    const from: Record<RgPeriod, number> = { session: session?.start ?? at, day: c.day, week: c.week, month: c.month };
    const total = this.cum[this.cum.length - 1]!;
    const lossMinor = {} as Record<RgPeriod, number>;
    const minutes = {} as Record<RgPeriod, number>;
    for (const p of RG_PERIODS) {
      lossMinor[p] = total - this.cum[lowerBound(this.ats, from[p])]!;
      minutes[p] = this.playedMs(from[p], session !== null, at) / 60_000;
    }
    return { lossMinor, minutes, session };
  }

  /**
   * Σ over sessions of max(0, end − max(start, from)), end = at for the session in progress, else its last bet.
   * Sessions are disjoint and ordered: those ending before `from` add 0, the first ending at or after it adds
   * its part, every later one its whole length (it starts after `from`).
   */
  private playedMs(from: number, inProgress: boolean, at: number): number {
    const n = this.sStart.length;
    const i = lowerBound(this.sLast, from);
    let ms = i < n ? this.part(i, this.sLast[i]!, from) + (this.sDur[n]! - this.sDur[i + 1]!) : 0;
    if (inProgress) {
      const k = n - 1;
      const counted = k < i ? 0 : k === i ? this.part(k, this.sLast[k]!, from) : this.sLast[k]! - this.sStart[k]!;
      ms += this.part(k, at, from) - counted;
    }
    return ms;
  }

  /** Session s's play time from `from` until `end`. */
  private part(s: number, end: number, from: number): number {
    return Math.max(0, end - Math.max(this.sStart[s]!, from));
  }

  private pushMove(m: MoneyMove): void {
    this.ats.push(m.at);
    this.list.push(m);
    this.cum.push(this.cum[this.cum.length - 1]! + m.deltaMinor);
  }

  private pushActivity(t: number): void {
    this.acts.push(t);
    this.extendSessions(t);
  }

  /** sessionsOf's step (limits.rules.ts): a gap of SESSION_GAP_MS or more after the last bet starts a new session. */
  private extendSessions(t: number): void {
    const k = this.sStart.length - 1;
    if (k >= 0 && t - this.sLast[k]! < SESSION_GAP_MS) {
      this.sLast[k] = t;
      this.sDur[k + 1] = this.sDur[k]! + (t - this.sStart[k]!);
    } else {
      this.sStart.push(t);
      this.sLast.push(t);
      this.sDur.push(this.sDur[k + 1]!);
    }
  }
}
