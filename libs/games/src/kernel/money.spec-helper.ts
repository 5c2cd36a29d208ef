// Shared money check for the kernels' specs (not shipped: imported only by *.spec.ts files).
import type { Settlement } from './kernel.js';

/**
 * What is wrong with a round's settlement as money, [] when nothing: every bet of `betIds` settled exactly once
 * (in `lines` or `early`), Σ stake = Σ return + house result, and no return negative or fractional.
 */
export function settlementMoneyFaults(s: Settlement, betIds: readonly string[]): string[] {
  const all = [...s.lines, ...(s.early ?? [])];
  const faults: string[] = [];
  const settled = all.map((l) => l.betId).sort();
  const expected = [...betIds].sort();
  if (settled.join('\n') !== expected.join('\n')) faults.push(`settled bets [${settled.join(', ')}], expected [${expected.join(', ')}]`);
  const stakes = all.reduce((a, l) => a + l.stakeMinor, 0);
  const returns = all.reduce((a, l) => a + l.returnMinor, 0);
  if (stakes !== returns + s.houseResultMinor) faults.push(`Σ stake ${stakes} ≠ Σ return ${returns} + house result ${s.houseResultMinor}`);
  for (const l of all) if (!Number.isSafeInteger(l.returnMinor) || l.returnMinor < 0) faults.push(`bet ${l.betId} returns ${l.returnMinor}`);
  return faults;
}
