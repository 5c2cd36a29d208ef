import { applyRatio, ratio, type Minor, type Ratio } from '../common/money.js';
import type { BetRequest, SettlementLine, SettlementOutcome } from '../kernel/kernel.js';
import type { BaccaratProfile, BaccaratSpot } from './baccarat.profiles.js';
import type { HandResult } from './baccarat.rules.js';

/** The net win ratio of a Banker bet for Banker's final points: (1:1 or override) less commission (BAC-8, BAC-11). */
export function bankerNetRatio(profile: BaccaratProfile, bankerPoints: number): Ratio {
  const b = profile.paytable.banker;
  const r = b.winByPoints[bankerPoints] ?? b.win;
  if (b.commission === null) return r;
  return ratio(r.num * (b.commission.den - b.commission.num), r.den * b.commission.den);
}

export interface SpotResult {
  readonly returnMinor: Minor;
  readonly outcome: Extract<SettlementOutcome, 'win' | 'lose' | 'push' | 'refund'>;
  readonly rules: readonly string[];
}

/**
 * What a stake on a spot returns (stake included) for a finished hand. BAC-5/6: Player and Banker
 * push on a tie; BAC-7 tie 8:1; BAC-8 payouts; BAC-11 commission rounding; BAC-10 pairs.
 */
export function spotReturn(profile: BaccaratProfile, spot: BaccaratSpot, stakeMinor: Minor, hand: HandResult): SpotResult {
  const win = (r: Ratio, rules: readonly string[], rounding: 'down' | BaccaratProfile['bankerWinRounding'] = 'down'): SpotResult => ({
    returnMinor: stakeMinor + applyRatio(stakeMinor, r, rounding),
    outcome: 'win',
    rules,
  });
  const lose = (rules: readonly string[]): SpotResult => ({ returnMinor: 0, outcome: 'lose', rules });
  const push = (rules: readonly string[]): SpotResult => ({ returnMinor: stakeMinor, outcome: 'push', rules });
  switch (spot) {
    case 'player':
      if (hand.outcome === 'tie') return push(['BAC-6']);
      return hand.outcome === 'player' ? win(profile.paytable.player, ['BAC-6', 'BAC-8']) : lose(['BAC-6']);
    case 'banker':
      if (hand.outcome === 'tie') return push(['BAC-5']);
      return hand.outcome === 'banker'
        ? win(bankerNetRatio(profile, hand.bankerPoints), ['BAC-5', 'BAC-8', 'BAC-11'], profile.bankerWinRounding)
        : lose(['BAC-5']);
    case 'tie':
      return hand.outcome === 'tie' ? win(profile.paytable.tie, ['BAC-7', 'BAC-8']) : lose(['BAC-7']);
    case 'player-pair':
    case 'banker-pair': {
      const r = profile.sideBets[spot];
      if (r === null) return { returnMinor: stakeMinor, outcome: 'refund', rules: ['BAC-10'] };
      const hit = spot === 'player-pair' ? hand.playerPair : hand.bankerPair;
      return hit ? win(r, ['BAC-10']) : lose(['BAC-10']);
    }
  }
}

/**
 * Settle bets against a finished hand. BAC-4: a player's bets on one spot are ONE bet (repeat clicks
 * add to the spot), so the payout — and the BAC-11 commission rounding — is computed on the spot
 * total and then shared back over the bet ids pro rata (largest remainder, earlier bet first), so
 * every bet id still gets exactly one line and Σ lines = the spot's payout.
 */
export function settleBets(profile: BaccaratProfile, hand: HandResult, bets: readonly (BetRequest & { readonly spot: string })[]): SettlementLine[] {
  const groups = new Map<string, (BetRequest & { readonly spot: string })[]>();
  for (const b of bets) {
    const key = `${b.playerId}\u0000${b.spot}`;
    const g = groups.get(key);
    if (g) g.push(b);
    else groups.set(key, [b]);
  }
  const byBet = new Map<string, SettlementLine>();
  for (const group of groups.values()) {
    const first = group[0] as BetRequest;
    const total = group.reduce((a, b) => a + b.stakeMinor, 0);
    const res = spotReturn(profile, first.spot as BaccaratSpot, total, hand);
    const extra = res.returnMinor - total; // > 0 only for a win
    const shares = share(extra > 0 ? extra : 0, group.map((b) => b.stakeMinor), total);
    group.forEach((b, i) => {
      const returnMinor = res.outcome === 'win' ? b.stakeMinor + (shares[i] as number) : res.outcome === 'lose' ? 0 : b.stakeMinor;
      byBet.set(b.betId, { betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor, outcome: res.outcome, rules: group.length > 1 ? [...res.rules, 'BAC-4'] : res.rules });
    });
  }
  return bets.map((b) => byBet.get(b.betId) as SettlementLine);
}

/** Split `amount` over weights pro rata with integer largest-remainder (ties → earlier first). */
function share(amount: number, weights: readonly number[], total: number): number[] {
  if (weights.length === 1 || total === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const A = BigInt(amount);
  const T = BigInt(total);
  const parts = weights.map((w) => (A * BigInt(w)) / T);
  const rems = weights.map((w, i) => ({ i, r: (A * BigInt(w)) % T }));
  let left = amount - parts.reduce((a, b) => a + Number(b), 0);
  rems.sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  const out = parts.map(Number);
  for (const { i } of rems) {
    if (left <= 0) break;
    out[i] = (out[i] as number) + 1;
    left -= 1;
  }
  return out;
}
