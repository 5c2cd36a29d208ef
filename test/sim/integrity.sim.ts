/**
 * The integrity monitors' false-alarm rates and power curves (issue 23), from seeded simulations:
 *   npm run sim:integrity -- [months=20] [seeds=100] [all|wheel|shoe|player|late|poker|patterns]
 * Prints the fair wheel's alarms per 30 days (60 spins/h) and, for a pocket at 1.5×, the share of
 * wheels flagged after N spins and the spins until the live monitor first alarms (median, 90th pct);
 * the same for shoes short of tens, advantage players (a 1–8 counter, a wonger, a pair hunter) against
 * fair bettors, and late bettors (a ballistics player) against fair early and late bettors.
 */
import { WHEEL_ORDER } from '../../libs/games/src/roulette/wheel.js';
import { monitorWheel, wheelBias, WHEEL_BIAS_DEFAULTS } from '../../libs/games/src/integrity/wheel-bias.js';
import { shoeIntegrity } from '../../libs/games/src/integrity/shoe-integrity.js';
import { simBettors, simTimedBettors, simulateCountedTable, simulateTimedBets, SIM_TABLES, shoeCards, wheelSpins, type SimBettor } from '../../libs/games/src/integrity/simulate.js';
import { advantagePlay, ADVANTAGE_PLAY_DEFAULTS } from '../../libs/games/src/integrity/advantage-play.js';
import { lateBettors, LATE_BETS_DEFAULTS } from '../../libs/games/src/integrity/late-bets.js';
import { pokerIntegrity, POKER_INTEGRITY_DEFAULTS, type PokerFindingKind, type PokerHandRecord } from '../../libs/games/src/integrity/poker-collusion.js';
import { fairPokerTable, simPokerPlayers, simulatePokerTable } from '../../libs/games/src/integrity/simulate-poker.js';
import { sharedPatterns, SHARED_PATTERNS_DEFAULTS, type PatternBet } from '../../libs/games/src/integrity/shared-patterns.js';
import { simGroupIds, simulatePatternBets } from '../../libs/games/src/integrity/simulate-patterns.js';

const months = Number(process.argv[2] ?? 20);
const seeds = Number(process.argv[3] ?? 100);
const EU = { pockets: 37, order: WHEEL_ORDER } as const;
const MONTH = 43_200;
const only = process.argv[4] ?? 'all';
const run = (section: string): boolean => only === 'all' || only === section;
const quantile = (xs: readonly number[], p: number): string => {
  const sorted = [...xs].sort((a, b) => a - b);
  const v = sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return Number.isFinite(v) ? String(v) : 'never';
};

if (run('wheel')) {
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

}

if (run('shoe')) {
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
}

// advantage play: blackjack (8 decks cut at half, 12–20 cards a round) and baccarat (8 decks, 4–6 cards a round)
if (run('player')) {
  const SHOES = 40;
  const firstAlarm = (game: keyof typeof SIM_TABLES, seed: number, bettors: Record<string, SimBettor>, who: readonly string[]): Map<string, { shoes: number; bets: number }> => {
    const rounds = simulateCountedTable({ ...SIM_TABLES[game], shoes: SHOES, seed }, bettors);
    const shoes = [...new Set(rounds.map((r) => r.shoe))];
    const out = new Map<string, { shoes: number; bets: number }>();
    for (let k = ADVANTAGE_PLAY_DEFAULTS.minShoes; k <= shoes.length; k++) {
      const upto = rounds.filter((r) => shoes.indexOf(r.shoe) < k);
      for (const rep of advantagePlay(upto)) if (who.includes(rep.playerId) && rep.alarm && !out.has(rep.playerId)) out.set(rep.playerId, { shoes: k, bets: rep.bets });
      if (who.every((p) => out.has(p))) break;
    }
    return out;
  };
  for (const game of ['blackjack', 'baccarat'] as const) {
    const fair = ['flat', 'random', 'streaky', 'pair'];
    let flagged = 0;
    for (let s = 0; s < seeds; s++) flagged += firstAlarm(game, 70_000 + s, { flat: simBettors.flat(), random: simBettors.random(), streaky: simBettors.streaky(), pair: simBettors.pairPunter() }, fair).size;
    const evaluations = seeds * fair.length * (SHOES - ADVANTAGE_PLAY_DEFAULTS.minShoes + 1);
    console.log(`${game}, fair bettors (flat, 1–8 at random, streaky sessions, random pair bets): ${flagged} of ${seeds * fair.length} players ever flagged in ${SHOES} shoes, evaluated after every shoe (${evaluations} evaluations; alpha ${ADVANTAGE_PLAY_DEFAULTS.alpha})`);
    for (const kind of ['counter', 'wonger', 'pairHunter'] as const) {
      const shoes: number[] = [];
      const bets: number[] = [];
      for (let s = 0; s < seeds; s++) {
        const hit = firstAlarm(game, 80_000 + s, { x: simBettors[kind](), flat: simBettors.flat() }, ['x']).get('x');
        shoes.push(hit?.shoes ?? Infinity);
        bets.push(hit?.bets ?? Infinity);
      }
      const within = [10, 20, 40].map((n) => `${n} shoes ${((100 * shoes.filter((x) => x <= n).length) / seeds).toFixed(0)} %`);
      console.log(`${game}, ${kind}: first alarm after median ${quantile(shoes, 0.5)} shoes (${quantile(bets, 0.5)} of its bets), 90th pct ${quantile(shoes, 0.9)} shoes (${quantile(bets, 0.9)} bets); flagged within ${within.join(', ')}`);
    }
  }
}

// late bettors at roulette: evaluated every 20 settled bets, as the server does
if (run('late')) {
  const firstAlarm = (bets: ReturnType<typeof simulateTimedBets>, who: string): number => {
    const mine = bets.filter((b) => b.playerId === who);
    for (let n = 20; n <= mine.length; n += 20) if (lateBettors(mine.slice(0, n))[0]!.alarm) return n;
    return Infinity;
  };
  let flagged = 0;
  for (let s = 0; s < seeds; s++) {
    const bets = simulateTimedBets(2_000, 90_000 + s, { early: simTimedBettors.early, late: simTimedBettors.late, mixed: simTimedBettors.mixed });
    for (const p of ['early', 'late', 'mixed']) if (firstAlarm(bets, p) !== Infinity) flagged++;
  }
  console.log(`late bets, fair bettors (early, late, mixed; 2 000 bets each, evaluated every 20): ${flagged} of ${seeds * 3} ever flagged (alpha ${LATE_BETS_DEFAULTS.alpha}, late = the last ${LATE_BETS_DEFAULTS.lateMs / 1000} s)`);
  for (const edge of [1.3, 1.5, 2]) {
    const firsts: number[] = [];
    for (let s = 0; s < seeds; s++) firsts.push(firstAlarm(simulateTimedBets(3_000, 95_000 + s, { eye: { ...simTimedBettors.ballistic, edge } }), 'eye'));
    console.log(`late bets, a ballistics player (last second, 9-pocket sectors hitting ${edge}× as often): first alarm after median ${quantile(firsts, 0.5)} bets, 90th pct ${quantile(firsts, 0.9)}`);
  }
}

// poker collusion and bots: a 6-seat Hold'em table evaluated every 50 hands over its last 2 000, as the server does
if (run('poker')) {
  const EVERY = 50;
  const WINDOW = 2_000;
  const firstAlarm = (hands: readonly PokerHandRecord[], kind: PokerFindingKind, who: string): number => {
    for (let n = EVERY; n <= hands.length; n += EVERY) {
      const r = pokerIntegrity(hands.slice(Math.max(0, n - WINDOW), n));
      if (r.findings.some((f) => f.alarm && f.kind === kind && f.players.includes(who))) return n;
    }
    return Infinity;
  };
  const fairHands = months * 100;
  let flagged = 0;
  const what: string[] = [];
  for (let s = 0; s < seeds; s++) {
    const hands = simulatePokerTable(fairHands, 110_000 + s, fairPokerTable());
    for (let n = EVERY; n <= hands.length; n += EVERY) {
      const r = pokerIntegrity(hands.slice(Math.max(0, n - WINDOW), n));
      if (r.alarm) {
        flagged++;
        what.push(`seed ${s} hand ${n}: ${r.findings.filter((f) => f.alarm).map((f) => `${f.kind} ${f.players.join('+')}`).join(', ')}`);
        break;
      }
    }
  }
  console.log(`poker, fair tables (6 players: tight, loose, aggressive, quick; ${fairHands} hands each, evaluated every ${EVERY} over the last ${WINDOW}): ${flagged} of ${seeds} tables ever flagged (alpha ${POKER_INTEGRITY_DEFAULTS.alpha})${what.length ? ` — ${what.join('; ')}` : ''}`);
  const planted: [string, PokerFindingKind, string, Record<string, ReturnType<typeof simPokerPlayers.tight>>, number][] = [
    ['a chip-dumping pair (dumps in 20 % of hands)', 'chip-dumping', 'd', { d: simPokerPlayers.dumper('r', 0.2), r: simPokerPlayers.receiver('d') }, 1_500],
    ['a chip-dumping pair (dumps in 10 % of hands)', 'chip-dumping', 'd', { d: simPokerPlayers.dumper('r', 0.1), r: simPokerPlayers.receiver('d') }, 2_000],
    ['a chip-dumping pair (dumps in 5 % of hands)', 'chip-dumping', 'd', { d: simPokerPlayers.dumper('r', 0.05), r: simPokerPlayers.receiver('d') }, 3_000],
    ['a soft-playing pair (aggressive, never raise each other heads-up)', 'soft-play', 'a', { a: simPokerPlayers.soft('b'), b: simPokerPlayers.soft('a') }, 3_000],
    ['a soft-playing pair (tight)', 'soft-play', 'a', { a: simPokerPlayers.soft('b', simPokerPlayers.tight()), b: simPokerPlayers.soft('a', simPokerPlayers.tight()) }, 3_000],
    ['a timing bot (1.2 s ± 150 ms)', 'timing', 'bot', { bot: simPokerPlayers.bot() }, 500],
  ];
  for (const [label, kind, who, extra, hands] of planted) {
    const firsts: number[] = [];
    for (let s = 0; s < seeds; s++) firsts.push(firstAlarm(simulatePokerTable(hands, 120_000 + s, fairPokerTable(extra)), kind, who));
    const within = [250, 500, 1000, 2000].map((n) => `${n}: ${((100 * firsts.filter((x) => x <= n).length) / seeds).toFixed(0)} %`);
    console.log(`poker, ${label}: first ${kind} alarm after median ${quantile(firsts, 0.5)} hands, 90th pct ${quantile(firsts, 0.9)} (of ${seeds} tables, ${hands} hands each); flagged within ${within.join(', ')}`);
  }
}

if (run('patterns')) {
  // issue 23 §5: shared betting patterns — two tables, 20 fair players each (a third at both), `months` × 100 rounds
  const roundsOf = (bets: readonly PatternBet[], from: number, to: number): PatternBet[] =>
    bets.filter((b) => {
      const k = Number(b.roundId.split('-')[1]);
      return k >= from && k < to;
    });
  const EVERY = 25;
  const WINDOW = 200;
  const fairRounds = months * 100;
  let evaluations = 0;
  let alarms = 0;
  let minP = 1;
  for (let s = 0; s < seeds; s++) {
    const bets = simulatePatternBets({ tables: 2, rounds: fairRounds, playersPerTable: 20, seed: 130_000 + s });
    for (let n = EVERY; n <= fairRounds; n += EVERY) {
      const r = sharedPatterns(roundsOf(bets, Math.max(0, n - WINDOW), n));
      evaluations++;
      minP = Math.min(minP, r.pValue);
      if (r.alarm) alarms++;
    }
  }
  console.log(`patterns, fair players (2 tables × 20, ${fairRounds} rounds each, evaluated every ${EVERY} rounds over the last ${WINDOW}): ${alarms} alarms in ${evaluations} evaluations of ${seeds} seeds (smallest p ${minP.toExponential(1)}; alpha ${SHARED_PATTERNS_DEFAULTS.alpha})`);
  const members = simGroupIds(3);
  for (const presence of [0.9, 0.5, 0.3, 0.2]) {
    const pair: number[] = [];
    const all: number[] = [];
    for (let s = 0; s < seeds; s++) {
      const bets = simulatePatternBets({ tables: 2, rounds: 200, playersPerTable: 20, seed: 140_000 + s, group: { size: 3, tables: 2, spreadMs: 200, presence } });
      let firstPair = Infinity;
      let firstAll = Infinity;
      for (let n = 5; n <= 200 && firstAll === Infinity; n += 5) {
        const r = sharedPatterns(roundsOf(bets, 0, n));
        if (firstPair === Infinity && r.groups.some((g) => g.players.filter((p) => members.includes(p)).length >= 2)) firstPair = n;
        if (r.groups.some((g) => members.every((m) => g.players.includes(m)))) firstAll = n;
        if (r.groups.some((g) => g.players.some((p) => !members.includes(p)))) console.log(`  seed ${s}: a fair player joined a group at ${n}`);
      }
      pair.push(firstPair);
      all.push(firstAll);
    }
    console.log(`patterns, a group of 3 copying one signal (same spot within 200 ms, 2 tables) in ${presence * 100} % of rounds: two of it flagged after median ${quantile(pair, 0.5)} rounds (90th pct ${quantile(pair, 0.9)}), all three in one group after ${quantile(all, 0.5)} (${quantile(all, 0.9)}), of ${seeds} seeds`);
  }
}
