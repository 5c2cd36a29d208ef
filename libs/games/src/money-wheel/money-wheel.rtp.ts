import { ok, violation, type Result } from '../common/result.js';
import type { RtpReport, RtpRow } from '../kernel/game.js';
import { add, div, format, mul, ONE, q, sub, toNumber, ZERO, type BigRational } from './big-rational.js';
import { betNumbers, checkProfile, effectiveMultiplier, moneyWheelProfiles, parseLabel, returnMultiple, spotKey, stack, type MoneyWheelProfile } from './money-wheel.rules.js';

/**
 * Exact return-to-player of a bet on one number (MW-1, MW-2): every segment of the wheel is equally
 * likely (1/N); a number segment ends the round and pays through `returnMultiple` with the stacked
 * multiplier; a multiplier segment stacks (`stack`) and the wheel spins again. V(m) is the expected
 * return per unit stake when the stacked multiplier is m (null = none yet):
 *
 *   V(m) = Σ_number segments (1/N)·returnMultiple(bet, n, m) + Σ_multiplier segments (1/N)·V(stack(m, f))
 *
 * Capped profiles: the chain of states is finite (a multiplier ≥ 2x strictly grows m until the cap,
 * where stack(m, f) = m), so the recursion is solved exactly state by state. Uncapped: for m ≠ null,
 * V(m) = a + b·m exactly (with p = P(bet's number), q0 = P(multiplier), q1 = Σ f/N over multipliers):
 *   multiply: a = p/(1−q0), b = p·pay/(1−q1)  (finite only when q1 < 1)
 *   add:      b = p·pay/(1−q0), a = (p + b·q1)/(1−q0)
 * and V(null) is one more step of the enumeration above. Everything is an exact bigint rational.
 */
export function exactRtp(p: MoneyWheelProfile, bet: number): Result<BigRational> {
  const n = p.layout.length;
  const segments = p.layout.map((l) => parseLabel(l));
  const each = q(1, n);
  const numberTerm = (m: number | null): BigRational => {
    let sum = ZERO;
    for (const s of segments) {
      if (s?.type !== 'number') continue;
      const r = returnMultiple(p, bet, s.value, effectiveMultiplier(m));
      sum = add(sum, mul(each, q(r.num, r.den)));
    }
    return sum;
  };
  const factors = segments.flatMap((s) => (s?.type === 'multiplier' ? [s.factor] : []));

  let tail: (m: number) => BigRational;
  if (p.multiplierCap === null) {
    const hits = segments.filter((s) => s?.type === 'number' && s.value === bet).length;
    const pBet = q(hits, n);
    const pay = p.pays[String(bet)];
    if (!pay) return violation('UNKNOWN_SPOT', 'MW-1', `Number ${bet} has no pay in profile ${p.id}.`);
    const payQ = q(pay.num, pay.den);
    const q0 = q(factors.length, n);
    const q1 = q(factors.reduce((a, f) => a + f, 0), n);
    if (p.stacking === 'multiply' && !(q1.num < q1.den)) {
      return violation('PROFILE_UNSUPPORTED', 'MW-2', `Profile ${p.id}: the expected stacked multiplier is infinite (Σ factor/N = ${format(q1)} ≥ 1); set a multiplierCap.`);
    }
    const oneMinus = (x: BigRational) => sub(ONE, x);
    let a: BigRational;
    let b: BigRational;
    if (p.stacking === 'multiply') {
      a = div(pBet, oneMinus(q0));
      b = div(mul(pBet, payQ), oneMinus(q1));
    } else {
      b = div(mul(pBet, payQ), oneMinus(q0));
      a = div(add(pBet, mul(b, q1)), oneMinus(q0));
    }
    tail = (m) => add(a, mul(b, q(m)));
  } else {
    const memo = new Map<number, BigRational>();
    tail = (m) => {
      const known = memo.get(m);
      if (known) return known;
      let rest = numberTerm(m);
      let self = ZERO;
      for (const f of factors) {
        const next = stack(p, m, f);
        if (next === m) self = add(self, each);
        else rest = add(rest, mul(each, tail(next)));
      }
      const v = div(rest, sub(ONE, self));
      memo.set(m, v);
      return v;
    };
  }
  let v = numberTerm(null);
  for (const f of factors) v = add(v, mul(each, tail(stack(p, null, f))));
  return ok(v);
}

/**
 * The same value by brute force over every chain of at most `depth` multiplier spins (N^depth
 * sequences folded per segment): a lower bound that converges to `exactRtp` (tests use it as an
 * independent check of the closed form).
 */
export function chainRtp(p: MoneyWheelProfile, bet: number, depth: number): BigRational {
  const n = p.layout.length;
  const each = q(1, n);
  const go = (m: number | null, left: number): BigRational => {
    let sum = ZERO;
    for (const label of p.layout) {
      const s = parseLabel(label);
      if (s === null) continue;
      if (s.type === 'number') {
        const r = returnMultiple(p, bet, s.value, effectiveMultiplier(m));
        sum = add(sum, mul(each, q(r.num, r.den)));
      } else if (left > 0) {
        sum = add(sum, mul(each, go(stack(p, m, s.factor), left - 1)));
      }
    }
    return sum;
  };
  return go(null, depth);
}

export function moneyWheelRtp(profileId: string): Result<RtpReport> {
  const profile = moneyWheelProfiles[profileId];
  if (!profile) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Money Wheel profile "${profileId}" (known: ${Object.keys(moneyWheelProfiles).join(', ')}).`);
  const checked = checkProfile(profile);
  if (!checked.ok) return checked;
  const rows: RtpRow[] = [];
  for (const bet of betNumbers(profile)) {
    const r = exactRtp(profile, bet);
    if (!r.ok) return r;
    const hits = profile.layout.filter((l) => l === String(bet)).length;
    rows.push({
      bet: spotKey(bet),
      rtp: toNumber(r.value),
      houseEdge: toNumber(sub(ONE, r.value)),
      method: 'exact',
      exact: format(r.value),
      samples: profile.layout.length,
      note: `${hits}/${profile.layout.length} segments; multipliers ${profile.stacking === 'multiply' ? 'multiply' : 'add'}${profile.multiplierCap === null ? '' : `, capped at ${profile.multiplierCap}x`}`,
    });
  }
  return ok({ game: 'money-wheel', profile: profile.id, rows });
}
