/**
 * Per-bet cost of a round kernel (decide + evolve of one PlaceBet) as the round fills up: the
 * average over the last 200 bets placed when the round holds ~100, ~1 000 and ~10 000 bets
 * (issue 8: O(1) amortised per bet — the cost at 10 000 should stay within 2× of the cost at 100).
 * Pure kernels only (no server): `npx tsx test/bench/kernel-bets.bench.ts [rounds]`.
 * Not a test: it prints numbers, it never fails on timing.
 */
import { performance } from 'node:perf_hooks';
import * as games from '../../libs/games/src/index.js';

type AnyState = games.RoundStateBase;
type AnyKernel = { initial(): AnyState; decide(s: AnyState, c: unknown): { ok: boolean; events?: readonly unknown[]; violation?: unknown }; evolve(s: AnyState, e: unknown): AnyState };

const SIZES = [100, 1_000, 10_000];
const WINDOW = 200;
const LIMITS = { spots: {}, tableMinMinor: 1, tableMaxMinor: 1_000_000_000 };

const cases: { game: string; kernel: AnyKernel; profileId: string; spot: (i: number) => string }[] = [
  { game: 'roulette', kernel: games.roulette.rouletteKernel as unknown as AnyKernel, profileId: 'european', spot: (i) => `straight:${i % 37}` },
  { game: 'baccarat', kernel: games.baccarat.baccaratKernel as unknown as AnyKernel, profileId: 'punto-banco-pairs', spot: (i) => (['player', 'tie', 'player-pair'] as const)[i % 3] as string },
  { game: 'sicbo', kernel: games.sicbo.sicboKernel as unknown as AnyKernel, profileId: 'standard', spot: (i) => `total:${4 + (i % 14)}` },
  { game: 'dragon-tiger', kernel: games.dragonTiger.dragonTigerKernel as unknown as AnyKernel, profileId: 'standard', spot: (i) => (['dragon', 'tie'] as const)[i % 2] as string },
];

function run(kernel: AnyKernel, profileId: string, spot: (i: number) => string, n: number): number {
  const at = 1_000;
  const open = kernel.decide(kernel.initial(), { type: 'OpenRound', at, roundId: 'r1', tableId: 't1', profileId, bettingClosesAt: at + 1e9, limits: LIMITS });
  if (!open.ok) throw new Error(`open failed: ${JSON.stringify(open.violation)}`);
  let s = (open.events ?? []).reduce((st: AnyState, e) => kernel.evolve(st, e), kernel.initial());
  let t0 = 0;
  for (let i = 0; i < n + WINDOW; i++) {
    if (i === n) t0 = performance.now();
    // 10 bets per player: per-player scans and per-spot totals both matter
    const cmd = { type: 'PlaceBet', at: at + 1, bet: { betId: `b${i}`, playerId: `p${Math.floor(i / 10)}`, spot: spot(i), stakeMinor: 100 } };
    const d = kernel.decide(s, cmd);
    if (!d.ok) throw new Error(`bet ${i} rejected: ${JSON.stringify(d.violation)}`);
    for (const e of d.events ?? []) s = kernel.evolve(s, e);
  }
  return (performance.now() - t0) / WINDOW;
}

/**
 * Blackjack takes one main bet per seat (BJ-1, BJ-6), so a round never holds 100+ bets: its per-bet cost
 * is measured on a 99-seat bench profile, as the average of bets 2..11 against bets 90..99 (the book
 * and the seat index must keep the last bets as cheap as the first).
 */
function runBlackjack(rounds: number): void {
  const k = games.blackjack.createBlackjackKernel({ bench: { ...games.blackjack.standardProfile, id: 'bench', seats: 99 } }) as unknown as AnyKernel;
  const at = 1_000;
  const costs = (from: number, to: number): number => {
    let best = Infinity;
    for (let r = 0; r < rounds; r++) {
      const open = k.decide(k.initial(), { type: 'OpenRound', at, roundId: 'r1', tableId: 't1', profileId: 'bench', bettingClosesAt: at + 1e9, limits: LIMITS });
      if (!open.ok) throw new Error(`open failed: ${JSON.stringify(open.violation)}`);
      let s = (open.events ?? []).reduce((st: AnyState, e) => k.evolve(st, e), k.initial());
      let t0 = 0;
      const REPEAT = 200; // each measured bet is decided REPEAT times (decide is pure) for a measurable time
      let spent = 0;
      for (let seat = 1; seat <= to; seat++) {
        const cmd = { type: 'PlaceBet', at: at + 1, bet: { betId: `b${seat}`, playerId: `p${seat}`, spot: `seat:${seat}`, stakeMinor: 100 } };
        if (seat >= from) t0 = performance.now();
        let d = k.decide(s, cmd);
        if (seat >= from) for (let i = 1; i < REPEAT; i++) d = k.decide(s, cmd);
        if (!d.ok) throw new Error(`bet ${seat} rejected: ${JSON.stringify(d.violation)}`);
        for (const e of d.events ?? []) s = k.evolve(s, e);
        if (seat >= from) spent += (performance.now() - t0) / REPEAT;
      }
      best = Math.min(best, spent / (to - from + 1));
    }
    return best * 1000;
  };
  const first = costs(2, 11);
  const last = costs(90, 99);
  console.log(['blackjack (99 seats)', `bets 2-11: ${first.toFixed(1)}`, `bets 90-99: ${last.toFixed(1)}`, (last / first).toFixed(1)].join('\t'));
}

const rounds = Number(process.argv[2] ?? 3);
const only = process.argv[3];
console.log(`per-bet decide+evolve (µs), average of the ${WINDOW} bets placed after N bets, best of ${rounds}`);
console.log(['game', ...SIZES.map((n) => `N=${n}`), 'ratio 10k/100'].join('\t'));
for (const c of cases.filter((x) => only === undefined || only.split(',').includes(x.game))) {
  const row: number[] = [];
  for (const n of SIZES) {
    let best = Infinity;
    for (let r = 0; r < rounds; r++) best = Math.min(best, run(c.kernel, c.profileId, c.spot, n));
    row.push(best * 1000);
  }
  console.log([c.game, ...row.map((x) => x.toFixed(1)), ((row[2] as number) / (row[0] as number)).toFixed(1)].join('\t'));
}
if (only === undefined || only.split(',').includes('blackjack')) runBlackjack(rounds);
