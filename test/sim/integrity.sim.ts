/**
 * The integrity monitors' false-alarm rates and power curves (issue 23), from seeded simulations:
 *   npm run sim:integrity -- [months=20] [seeds=100]
 * Prints the fair wheel's alarms per 30 days (60 spins/h) and, for a pocket at 1.5×, the share of
 * wheels flagged after N spins and the spins until the live monitor first alarms (median, 90th pct).
 */
import { WHEEL_ORDER } from '../../libs/games/src/roulette/wheel.js';
import { monitorWheel, wheelBias, WHEEL_BIAS_DEFAULTS } from '../../libs/games/src/integrity/wheel-bias.js';
import { shoeIntegrity } from '../../libs/games/src/integrity/shoe-integrity.js';
import { shoeCards, wheelSpins } from '../../libs/games/src/integrity/simulate.js';

const months = Number(process.argv[2] ?? 20);
const seeds = Number(process.argv[3] ?? 100);
const EU = { pockets: 37, order: WHEEL_ORDER } as const;
const MONTH = 43_200;

let alarms = 0;
for (let m = 0; m < months; m++) alarms += monitorWheel(wheelSpins(MONTH, 37, 10_000 + m), EU).length;
console.log(`fair wheel: ${alarms} alarms in ${months} × 30 days (${(alarms / months).toFixed(2)} per wheel per 30 days), alpha ${WHEEL_BIAS_DEFAULTS.alpha}, every ${WHEEL_BIAS_DEFAULTS.evaluateEvery} spins, window ${WHEEL_BIAS_DEFAULTS.window}`);

for (const factor of [1.5, 1.3, 2]) {
  const firsts: number[] = [];
  for (let s = 0; s < seeds; s++) {
    const raised = monitorWheel(wheelSpins(12_000, 37, 20_000 + s, { pocket: 17, factor }), EU);
    firsts.push(raised[0] ?? Infinity);
  }
  firsts.sort((a, b) => a - b);
  const q = (p: number): string => String(firsts[Math.min(firsts.length - 1, Math.floor(p * firsts.length))]);
  const curve = [500, 1000, 1500, 2000, 2500, 3000, 4000].map((n) => {
    let hit = 0;
    for (let s = 0; s < seeds; s++) if (wheelBias(wheelSpins(n, 37, 30_000 + s, { pocket: 17, factor }), EU).alarm) hit++;
    return `${n}: ${((100 * hit) / seeds).toFixed(0)} %`;
  });
  console.log(`pocket at ${factor}×: first alarm of the live monitor after median ${q(0.5)} spins, 90th pct ${q(0.9)} (of ${seeds} wheels); flagged by one evaluation of N spins — ${curve.join(', ')}`);
}

// shoes: an 8-deck shoe dealt to its 75 % cut card (312 cards)
const DEALT = 312;
let fairShoes = 0;
for (let s = 0; s < seeds * 5; s++) if (shoeIntegrity([{ cards: shoeCards(8, 40_000 + s).slice(0, DEALT), cutCardAt: DEALT }], { decks: 8 }).alarm) fairShoes++;
console.log(`fair 8-deck shoe: ${fairShoes} alarms in ${seeds * 5} shoes (${((100 * fairShoes) / (seeds * 5)).toFixed(2)} %)`);
for (const [label, remove] of [['8 of its 32 T', { T: 8 }], ['16 of its 32 T', { T: 16 }], ['16 of its 128 ten-valued (4 each T J Q K)', { T: 4, J: 4, Q: 4, K: 4 }], ['32 of its 128 ten-valued', { T: 8, J: 8, Q: 8, K: 8 }]] as const) {
  const single = Array.from({ length: seeds }, (_, s) => shoeIntegrity([{ cards: shoeCards(8, 50_000 + s, remove).slice(0, DEALT) }], { decks: 8 }).alarm).filter(Boolean).length;
  const within: number[] = [];
  for (let s = 0; s < seeds; s++) {
    let k = 1;
    for (; k <= 40; k++) {
      const sessions = Array.from({ length: k }, (_, i) => ({ cards: shoeCards(8, 60_000 + 100 * s + i, remove).slice(0, DEALT) }));
      if (shoeIntegrity(sessions, { decks: 8 }).alarm) break;
    }
    within.push(k);
  }
  within.sort((a, b) => a - b);
  console.log(`shoes short of ${label}: one shoe flagged ${((100 * single) / seeds).toFixed(0)} %; shoes pooled until flagged: median ${within[Math.floor(seeds / 2)]}, 90th pct ${within[Math.floor(seeds * 0.9)]}`);
}
