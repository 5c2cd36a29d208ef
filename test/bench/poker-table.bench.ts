/**
 * Live poker (issue 11): complete hands per second through the pure state machine
 * (`libs/games/src/poker-table`: every card, every action, pots, rake, showdown), 6-max no-limit
 * Hold'em with seeded random legal actions, beside a same-run baseline: the showdown evaluation
 * alone (best five of seven with the generic evaluator) for the same hands' cards.
 * `npx tsx test/bench/poker-table.bench.ts [hands=3000]`. Never fails on timing.
 */
import { performance } from 'node:perf_hooks';
import { createRng, shuffle } from '../../libs/games/src/common/random.js';
import { applyHandCommand, cardDue, legalActions, startHand, type HandCommand, type HandState } from '../../libs/games/src/poker-table/hand.js';
import { tableConfig } from '../../libs/games/src/poker-table/profiles.js';
import { bestOf } from '../../libs/games/src/poker/rank.js';

const HANDS = Number(process.argv[2] ?? 3000);
const cfg = tableConfig({ variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, rake: { basisPoints: 500, capMinor: 300, noFlopNoDrop: true } });
const seats = [1, 2, 3, 4, 5, 6].map((seat) => ({ seat, playerId: `p${seat}`, stackMinor: 10_000 }));

function playHand(seed: number): { s: HandState; commands: number; cards: number[][] } {
  const rng = createRng(seed);
  const deck = shuffle(Array.from({ length: 52 }, (_, i) => i), rng);
  const st = startHand({ handId: `h${seed}`, config: cfg, seats, buttonSeat: 1 + (seed % 6), at: 0 });
  if (!st.ok) throw new Error(st.violation.message);
  let s = st.value;
  let commands = 0;
  while (s.phase.type !== 'complete' && s.phase.type !== 'void') {
    let cmd: HandCommand;
    if (cardDue(s)) cmd = { type: 'card', card: deck.shift() as number, at: commands };
    else {
      const la = legalActions(s);
      if (!la) throw new Error('stuck');
      const r = rng.int(10);
      cmd = r < 2 ? { type: 'act', seat: la.seat, action: 'fold', at: commands } : r < 4 && la.raise ? { type: 'act', seat: la.seat, action: la.raise.kind, toMinor: la.raise.minToMinor, at: commands } : { type: 'act', seat: la.seat, action: la.canCheck ? 'check' : 'call', at: commands };
    }
    const next = applyHandCommand(s, cmd);
    if (!next.ok) throw new Error(next.violation.message);
    s = next.value;
    commands++;
  }
  return { s, commands, cards: s.seats.map((x) => [...x.cards.map((k) => k.card), ...s.board]) };
}

for (let i = 0; i < 200; i++) playHand(i); // warm-up
let t0 = performance.now();
let commands = 0;
const allCards: number[][] = [];
let showdowns = 0;
for (let i = 0; i < HANDS; i++) {
  const r = playHand(1000 + i);
  commands += r.commands;
  if (r.s.result?.type === 'showdown') {
    showdowns++;
    for (const c of r.cards) if (c.length === 7) allCards.push(c);
  }
}
const handMs = performance.now() - t0;
t0 = performance.now();
let sink = 0;
for (const c of allCards) sink += bestOf(c, { ranking: 'standard' }) & 1;
const evalMs = performance.now() - t0;
console.log(`hands: ${HANDS} (${showdowns} to showdown), commands: ${commands}`);
console.log(`state machine, whole hands: ${(HANDS / (handMs / 1000)).toFixed(0)} hands/s, ${((handMs * 1000) / commands).toFixed(1)} µs per command`);
console.log(`baseline, showdown evaluation alone (${allCards.length} best-of-7, generic evaluator): ${evalMs.toFixed(0)} ms of the ${handMs.toFixed(0)} ms (${((100 * evalMs) / handMs).toFixed(0)} %) [${sink}]`);
