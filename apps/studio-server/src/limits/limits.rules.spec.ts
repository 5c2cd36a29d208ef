import { describe, expect, it } from 'vitest';
import { applyDue, EMPTY_SETTINGS, exclusionEnd, nextPeriodStart, periodStart, refuseBet, selfExclude, SESSION_GAP_MS, setLimit, usageOf, type RgSettings } from './limits.rules.js';

const T = Date.UTC(2026, 10, 25, 15, 0); // Wednesday 25 Nov 2026 15:00 UTC
const MIN = 60_000;
const ok = (r: ReturnType<typeof setLimit>): RgSettings => {
  if (!r.ok) throw new Error(r.violation.message);
  return r.value;
};

describe('calendar periods (UTC, ISO weeks)', () => {
  it('day, week (Monday) and month start and end where the calendar says', () => {
    expect(new Date(periodStart('day', T)).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(new Date(periodStart('week', T)).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(periodStart('month', T)).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(new Date(nextPeriodStart('day', T)).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(new Date(nextPeriodStart('week', T)).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(new Date(nextPeriodStart('month', T)).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(new Date(periodStart('week', Date.UTC(2026, 10, 29, 23))).toISOString()).toBe('2026-11-23T00:00:00.000Z'); // Sunday belongs to the week of Monday 23rd
  });
});

describe('limits (§2.9): lower at once, raise from the next period, daily ≤ weekly ≤ monthly', () => {
  it('a first or lower limit applies at once; a higher one only from the next period', () => {
    let s = ok(setLimit(EMPTY_SETTINGS, { kind: 'loss', period: 'day', value: 5_000 }, T));
    expect(s.limits.loss.day).toBe(5_000);
    s = ok(setLimit(s, { kind: 'loss', period: 'day', value: 2_000 }, T));
    expect(s.limits.loss.day).toBe(2_000);
    s = ok(setLimit(s, { kind: 'loss', period: 'day', value: 9_000 }, T + MIN));
    expect(s.limits.loss.day).toBe(2_000); // still today
    expect(s.pending).toEqual([{ kind: 'loss', period: 'day', value: 9_000, requestedAt: T + MIN, from: Date.UTC(2026, 10, 26) }]);
    expect(applyDue(s, Date.UTC(2026, 10, 25, 23, 59), null).limits.loss.day).toBe(2_000);
    expect(applyDue(s, Date.UTC(2026, 10, 26), null).limits.loss.day).toBe(9_000);
  });

  it('removing a limit is a raise: it waits for the next period; lowering again cancels the pending raise', () => {
    let s = ok(setLimit(EMPTY_SETTINGS, { kind: 'time', period: 'week', value: 600 }, T));
    s = ok(setLimit(s, { kind: 'time', period: 'week', value: null }, T));
    expect(s.limits.time.week).toBe(600);
    expect(applyDue(s, Date.UTC(2026, 10, 30), null).limits.time.week).toBeUndefined();
    s = ok(setLimit(s, { kind: 'time', period: 'week', value: 300 }, T));
    expect(s.pending).toEqual([]);
    expect(s.limits.time.week).toBe(300);
  });

  it('a raised session limit applies from the next session', () => {
    let s = ok(setLimit(EMPTY_SETTINGS, { kind: 'time', period: 'session', value: 30 }, T));
    s = ok(setLimit(s, { kind: 'time', period: 'session', value: 60 }, T + MIN));
    expect(applyDue(s, T + 5 * MIN, T).limits.time.session).toBe(30); // the session that was running
    expect(applyDue(s, T + 90 * MIN, T + 80 * MIN).limits.time.session).toBe(60); // a session started after the request
  });

  it('refuses a daily limit above the weekly one, also when a pending raise would break the order (RG_LIMIT_ORDER)', () => {
    const s = ok(setLimit(EMPTY_SETTINGS, { kind: 'loss', period: 'week', value: 10_000 }, T));
    const r = setLimit(s, { kind: 'loss', period: 'day', value: 20_000 }, T);
    expect(r.ok ? null : [r.violation.code, r.violation.ruleId]).toEqual(['RG_LIMIT_ORDER', 'RG-2.9']);
    const s2 = ok(setLimit(ok(setLimit(s, { kind: 'loss', period: 'day', value: 10_000 }, T)), { kind: 'loss', period: 'month', value: 30_000 }, T));
    // lowering the monthly below the weekly is refused too
    expect(setLimit(s2, { kind: 'loss', period: 'month', value: 5_000 }, T).ok).toBe(false);
    // a weekly raise past the monthly (pending) is refused now, not when it would apply
    expect(setLimit(s2, { kind: 'loss', period: 'week', value: 40_000 }, T).ok).toBe(false);
  });
});

describe('the bet gate', () => {
  const at = T;
  it('refuses a stake that would take the net loss of any period past its limit, counting returns', () => {
    const s = ok(setLimit(EMPTY_SETTINGS, { kind: 'loss', period: 'day', value: 1_000 }, at));
    const u = usageOf([{ at: at - 10 * MIN, deltaMinor: 800 }], [at - 10 * MIN], at);
    expect(refuseBet(s, u, 200, at)).toBeNull();
    expect(refuseBet(s, u, 201, at)).toMatchObject({ code: 'RG_LOSS_LIMIT', ruleId: 'RG-2.9', details: { period: 'day', limitMinor: 1_000, lossMinor: 800 } });
    // a win (return) lowers the net loss: room again
    const won = usageOf([{ at: at - 10 * MIN, deltaMinor: 800 }, { at: at - 9 * MIN, deltaMinor: -1_600 }], [at - 10 * MIN], at);
    expect(refuseBet(s, won, 1_000, at)).toBeNull();
    // yesterday's losses do not count today
    expect(refuseBet(s, usageOf([{ at: at - 24 * 60 * MIN, deltaMinor: 5_000 }], [], at), 1_000, at)).toBeNull();
  });

  it('refuses once the play time of a period is used; a new session starts after SESSION_GAP_MS of no bets', () => {
    const s = ok(setLimit(EMPTY_SETTINGS, { kind: 'time', period: 'session', value: 30 }, at));
    const bets = Array.from({ length: 8 }, (_, i) => at - 40 * MIN + i * 5 * MIN); // every 5 min for 35 min
    const u = usageOf([], bets, at);
    expect(u.session?.start).toBe(at - 40 * MIN);
    expect(refuseBet(s, u, 100, at)).toMatchObject({ code: 'RG_TIME_LIMIT', details: { period: 'session', limitMinutes: 30 } });
    const later = at + SESSION_GAP_MS + MIN;
    expect(refuseBet(s, usageOf([], bets, later), 100, later)).toBeNull(); // a new session
  });

  it('self-exclusion refuses every bet until it ends and can be extended but never shortened or lifted', () => {
    let s = selfExclude(EMPTY_SETTINGS, '1w', T);
    expect(s.excludedUntil).toBe(T + 7 * 24 * 60 * MIN);
    expect(refuseBet(s, usageOf([], [], T + MIN), 100, T + MIN)).toMatchObject({ code: 'RG_SELF_EXCLUDED' });
    s = selfExclude(s, '12h', T + MIN); // shorter: ignored
    expect(s.excludedUntil).toBe(T + 7 * 24 * 60 * MIN);
    s = selfExclude(s, '1m', T);
    expect(new Date(s.excludedUntil ?? 0).toISOString()).toBe('2026-12-25T15:00:00.000Z');
    expect(refuseBet(s, usageOf([], [], s.excludedUntil ?? 0), 100, s.excludedUntil ?? 0)).toBeNull();
    expect(new Date(exclusionEnd('1y', T)).toISOString()).toBe('2027-11-25T15:00:00.000Z');
  });
});
