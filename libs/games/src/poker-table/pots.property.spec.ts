import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, shuffle, type Rng } from '../common/random.js';
import { applyHandCommand, cardDue, legalActions, startHand, type HandCommand, type HandState } from './hand.js';
import { awardPots, buildPots, takeRake } from './pots.js';
import { tableConfig, VARIANT_IDS, VARIANTS, deckLowestRank, type PokerTableConfig, type VariantId } from './profiles.js';
import { highValue, lowValue } from './showdown.js';
import { commandView, handEventsView, redactHandCommand, viewHand } from './view.js';
import { parseHandEvents, replayHandEvents } from './replay.js';
import { cardCode } from '../poker/cards.js';
import type { Audience } from '../kernel/kernel.js';

/**
 * Issue 11 property: for ANY sequence of legal actions and any all-ins (random stacks, structures,
 * rake, caps, timeouts, time banks, draws, voids), chips in = chips out + rake, every legal action the
 * state machine offers is accepted, and every pot goes where an independent brute-force allocator
 * (written here, chip level by chip level, sharing no code with pots.ts) says it goes.
 */

interface Contrib {
  seat: number;
  total: number;
  folded: boolean;
}

/** Chip-by-chip: slice k holds one chip from everyone who put in ≥ k; live seats with ≥ k may win it. */
function bruteForce(contribs: readonly Contrib[], rake: number, high: ReadonlyMap<number, number> | null, low: ReadonlyMap<number, number> | null, oddOrder: readonly number[], hiLoOdd: 'high' | 'low'): Map<number, number> {
  const max = Math.max(0, ...contribs.map((c) => c.total));
  const slices: { chips: number; eligible: number[] }[] = [];
  for (let k = 1; k <= max; k++) {
    const chips = contribs.filter((c) => c.total >= k).length;
    let eligible = contribs.filter((c) => !c.folded && c.total >= k).map((c) => c.seat);
    if (eligible.length === 0) eligible = slices.length > 0 ? (slices[slices.length - 1] as { eligible: number[] }).eligible : contribs.filter((c) => !c.folded).map((c) => c.seat);
    slices.push({ chips, eligible });
  }
  const pots: { amount: number; eligible: number[] }[] = [];
  for (const sl of slices) {
    const last = pots[pots.length - 1];
    const same = last && last.eligible.length === sl.eligible.length && [...last.eligible].sort().join() === [...sl.eligible].sort().join();
    if (same) last.amount += sl.chips;
    else pots.push({ amount: sl.chips, eligible: [...sl.eligible] });
  }
  // PT-RAKE-ALLOC: each pot pays the rake in proportion to its chips (Hamilton: whole shares, then the
  // leftover chips to the largest remainders; ties to the larger pot, then the earlier one)
  const T = pots.reduce((a, p) => a + p.amount, 0);
  if (rake > 0) {
    const quota = pots.map((p, i) => ({ i, whole: Math.floor((rake * p.amount) / T), frac: (rake * p.amount) % T, amount: p.amount }));
    let r = rake - quota.reduce((a, q) => a + q.whole, 0);
    const byRemainder = [...quota].filter((q) => q.frac > 0).sort((a, b) => b.frac - a.frac || b.amount - a.amount || a.i - b.i);
    for (const q of byRemainder.slice(0, r)) q.whole += 1;
    r -= Math.min(r, byRemainder.length);
    expect(r).toBe(0);
    for (const q of quota) (pots[q.i] as { amount: number }).amount -= q.whole;
  }
  const won = new Map<number, number>();
  const give = (amount: number, winners: number[]): void => {
    const ordered = [...winners].sort((a, b) => oddOrder.indexOf(a) - oddOrder.indexOf(b));
    for (let chip = 0; chip < amount; chip++) {
      const w = ordered[chip % ordered.length] as number;
      won.set(w, (won.get(w) ?? 0) + 1);
    }
  };
  const bestOf = (seats: number[], m: ReadonlyMap<number, number>): number[] => {
    const top = Math.max(...seats.map((s) => m.get(s) ?? -1));
    return seats.filter((s) => (m.get(s) ?? -1) === top);
  };
  for (const p of pots) {
    if (p.amount === 0) continue;
    if (p.eligible.length === 1 || high === null) {
      give(p.amount, p.eligible);
      continue;
    }
    const lows = low ? p.eligible.filter((s) => (low.get(s) ?? -1) >= 0) : [];
    if (!low || lows.length === 0) {
      give(p.amount, bestOf(p.eligible, high));
      continue;
    }
    const small = Math.floor(p.amount / 2);
    const big = p.amount - small;
    give(hiLoOdd === 'high' ? big : small, bestOf(p.eligible, high));
    give(hiLoOdd === 'high' ? small : big, bestOf(lows, low));
  }
  return won;
}

function randomConfig(rng: Rng, variant: VariantId): Partial<PokerTableConfig> {
  const structures = ['fixed-limit', 'pot-limit', 'no-limit'] as const;
  return {
    variant,
    structure: structures[rng.int(3)],
    smallBlindMinor: 1 + rng.int(50),
    bigBlindMinor: 51 + rng.int(50),
    anteMinor: VARIANTS[variant].forced === 'blinds' ? rng.int(3) * rng.int(7) : 1 + rng.int(20),
    bringInMinor: 1 + rng.int(20),
    smallBetMinor: 20 + rng.int(40),
    bigBetMinor: 60 + rng.int(60),
    maxRaisesPerRound: rng.int(4) === 0 ? null : 3,
    capPerHandMinor: rng.int(4) === 0 ? 200 + rng.int(800) : null,
    rake: rng.int(3) === 0 ? null : { basisPoints: rng.int(1000), capMinor: rng.int(2) === 0 ? null : rng.int(60), noFlopNoDrop: rng.int(2) === 0 },
    oddChip: rng.int(2) === 0 ? 'left-of-button' : 'lowest-seat',
    hiLoOddChip: rng.int(2) === 0 ? 'high' : 'low',
    timeout: rng.int(2) === 0 ? 'fold' : 'check-when-free',
    actionMs: 1000,
    timeBankMs: rng.int(3) * 1000,
    voidFoldedChips: rng.int(2) === 0 ? 'refund-folded' : 'to-remaining',
    burnCards: rng.int(2) === 0,
  };
}

function chooseCommand(s: HandState, rng: Rng, at: number, deck: number[]): HandCommand {
  const due = cardDue(s);
  if (due) {
    const next = deck.shift();
    // the stock is used up (draw games): a discard comes back (001 §3.5)
    const card = next ?? (s.discards[rng.int(s.discards.length)] as number);
    return { type: 'card', card, at };
  }
  const seatIdx = s.toAct as number;
  const x = s.seats[seatIdx];
  if (!x) throw new Error(`nothing to do in phase ${s.phase.type}`);
  if (s.phase.type === 'draw') {
    if (rng.int(6) === 0) return { type: 'timeout', seat: x.seat, at: s.clock?.deadlineAt ?? at };
    const discards = x.cards.filter(() => rng.int(2) === 0).map((k) => k.card);
    return { type: 'draw', seat: x.seat, discards, at };
  }
  const la = legalActions(s);
  if (!la) throw new Error('betting phase without legal actions');
  const roll = rng.int(20);
  if (roll === 0) return { type: 'timeout', seat: la.seat, at: s.clock?.deadlineAt ?? at };
  if (roll === 1 && x.timeBankMs > 0 && s.clock && !s.clock.bankInUse) return { type: 'time-bank', seat: la.seat, at };
  if (roll <= 3) return { type: 'act', seat: la.seat, action: 'fold', at };
  if (roll <= 5 && la.canAllIn) return { type: 'act', seat: la.seat, action: 'all-in', at };
  if (la.raise && roll <= 11) {
    const { minToMinor: lo, maxToMinor: hi } = la.raise;
    const to = rng.int(3) === 0 ? hi : rng.int(2) === 0 ? lo : lo + rng.int(hi - lo + 1);
    return { type: 'act', seat: la.seat, action: la.raise.kind, toMinor: to, at };
  }
  return { type: 'act', seat: la.seat, action: la.canCheck ? 'check' : 'call', at };
}

function playRandomHand(seed: number, onStep?: (before: HandState, cmd: HandCommand, after: HandState) => void): { start: number; end: number; rake: number; s: HandState; input: Parameters<typeof startHand>[0] } {
  const rng = createRng(seed);
  const variant = VARIANT_IDS[rng.int(VARIANT_IDS.length)] as VariantId;
  const v = VARIANTS[variant];
  // stud: up to its 8 seats, so RAY §6.6's shared card (PT-STUD-SEATS) is in the random hands too
  const n = v.minSeats + rng.int((v.sharedCardWhenShort === true ? v.maxSeats : Math.min(v.maxSeats, 6)) - v.minSeats + 1);
  const seatNos = shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], rng).slice(0, n).sort((a, b) => a - b);
  const seats = seatNos.map((seat) => ({ seat, playerId: `p${seat}`, stackMinor: rng.int(3) === 0 ? 1 + rng.int(60) : 1 + rng.int(3000) }));
  const cfg = tableConfig(randomConfig(rng, variant));
  const input = { handId: `h${seed}`, config: cfg, seats, buttonSeat: v.button ? (seatNos[rng.int(n)] as number) : null, at: 0 };
  const started = startHand(input);
  if (!started.ok) throw new Error(`${started.violation.code}: ${started.violation.message}`);
  let s = started.value;
  const low = deckLowestRank(v, n);
  const deck = shuffle(Array.from({ length: 52 }, (_, i) => i).filter((c) => c >> 2 >= low), rng);
  const start = seats.reduce((a, x) => a + x.stackMinor, 0);
  let at = 0;
  for (let guard = 0; s.phase.type !== 'complete' && s.phase.type !== 'void'; guard++) {
    if (guard > 2000) throw new Error('hand does not end');
    at += 100;
    const cmd = rng.int(400) === 0 ? ({ type: 'void', reason: 'property', at } as const) : chooseCommand(s, rng, at, deck);
    const r = applyHandCommand(s, cmd);
    if (!r.ok) throw new Error(`seed ${seed}: legal ${JSON.stringify(cmd)} rejected: ${r.violation.code} ${r.violation.message}`);
    onStep?.(s, cmd, r.value);
    s = r.value;
    if (s.clock) at = Math.max(at, s.clock.startedAt);
  }
  const end = s.seats.reduce((a, x) => a + x.stackMinor + x.reservedMinor, 0);
  return { start, end, rake: s.result?.rakeMinor ?? -1, s, input };
}

describe('pots never lose a chip (issue 11 property)', () => {
  it('chips in = chips out + rake, and the engine agrees with a brute-force allocator, for any hand', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { start, end, rake, s } = playRandomHand(seed);
        expect(end + rake).toBe(start);
        const res = s.result;
        if (!res) throw new Error('no result');
        for (const x of s.seats) expect(x.stackMinor).toBeGreaterThanOrEqual(0);
        if (res.type === 'void') {
          expect(rake).toBe(0);
          return;
        }
        const live = s.seats.filter((x) => !x.folded);
        let high: Map<number, number> | null = null;
        let lowM: Map<number, number> | null = null;
        if (live.length >= 2) {
          high = new Map(live.map((x) => [x.seat, highValue(s.variant, x.cards.map((k) => k.card), s.board, s.lowestRank)]));
          if (s.variant.hiLo) lowM = new Map(live.map((x) => [x.seat, lowValue(s.variant, x.cards.map((k) => k.card), s.board)]));
        }
        const seatNos = s.seats.map((x) => x.seat);
        const startAt = s.config.oddChip === 'left-of-button' && s.button !== null ? s.button + 1 : 0;
        const oddOrder = seatNos.map((_, i) => seatNos[(startAt + i) % seatNos.length] as number);
        const expected = bruteForce(s.seats.map((x) => ({ seat: x.seat, total: x.totalMinor, folded: x.folded })), rake, high, lowM, oddOrder, s.config.hiLoOddChip);
        for (const x of res.seats) expect([x.seat, x.wonMinor]).toEqual([x.seat, expected.get(x.seat) ?? 0]);
      }),
      { numRuns: 1500 },
    );
  }, 120_000);
});

describe('the random hands reach every case the property is about', () => {
  it('side pots, hi/lo splits, ties, voids, uncontested pots and every variant all occur', () => {
    const seen = { sidePots: 0, twoSidePots: 0, hiLo: 0, split: 0, void: 0, uncontested: 0, showdown: 0, raked: 0, burned: 0, drawBurned: 0, studShared: 0, variants: new Set<string>() };
    for (let seed = 1; seed <= 600; seed++) {
      const { s } = playRandomHand(seed);
      const r = s.result;
      if (!r) continue;
      seen.variants.add(s.variant.id);
      if (r.type === 'void') seen.void++;
      if (r.type === 'uncontested') seen.uncontested++;
      if (r.type === 'showdown') seen.showdown++;
      if (r.pots.length >= 2) seen.sidePots++;
      if (r.pots.length >= 3) seen.twoSidePots++;
      if (r.awards.some((a) => a.part === 'low')) seen.hiLo++;
      if (r.awards.some((a) => a.winners.length > 1)) seen.split++;
      if (r.rakeMinor > 0) seen.raked++;
      if (s.burned.length > 0) seen.burned++;
      if (s.burned.length > 0 && s.variant.steps.some((x) => x.type === 'draw')) seen.drawBurned++;
      if (s.variant.sharedCardWhenShort === true && s.board.length > 0) seen.studShared++;
      // PT-BURN: every burn is a card of the deck, counted once in `dealt`
      for (const b of s.burned) expect(s.dealt).toContain(b);
      if (!s.config.burnCards) expect(s.burned).toEqual([]);
    }
    expect(seen.variants.size).toBe(VARIANT_IDS.length);
    for (const k of ['sidePots', 'twoSidePots', 'hiLo', 'split', 'void', 'uncontested', 'showdown', 'raked', 'burned', 'drawBurned', 'studShared'] as const) expect(seen[k], k).toBeGreaterThan(0);
  }, 60_000);
});

describe('hidden information (non-negotiable 4, issue 11)', () => {
  it('no audience ever receives another player\'s down card before the showdown reveals it, in views or events', () => {
    for (let seed = 1000; seed < 1250; seed++) {
      playRandomHand(seed, (before, cmd, after) => {
        const audiences: Audience[] = [{ role: 'dealer' }, { role: 'pitboss' }, { role: 'player', playerId: 'observer' }, ...after.seats.map((x): Audience => ({ role: 'player', playerId: x.playerId }))];
        const revealed = after.phase.type === 'complete' && after.result?.type === 'showdown';
        for (const a of audiences) {
          const text = JSON.stringify(viewHand(after, a)) + JSON.stringify(redactHandCommand(before, cmd, a));
          for (const x of after.seats) {
            if (a.role === 'player' && a.playerId === x.playerId) continue;
            if (a.role === 'pitboss' && (after.phase.type === 'complete' || after.phase.type === 'void')) continue;
            if (revealed && !x.folded) continue;
            for (const k of x.cards) if (!k.up) expect(text.includes(`"${cardCode(k.card)}"`), `${a.role} ${'playerId' in a ? a.playerId : ''} sees ${cardCode(k.card)} of seat ${x.seat}`).toBe(false);
          }
          // PT-BURN: no audience's view or event ever carries a burned card (the pit boss gets them only from the finished hand's events)
          for (const b of after.burned) expect(text.includes(`"${cardCode(b)}"`), `${a.role} ${'playerId' in a ? a.playerId : ''} sees the burned ${cardCode(b)}`).toBe(false);
        }
      });
    }
  }, 120_000);

  it('the events endpoint (handEventsView) of a finished hand: only the pit boss gets folded and burned cards and the deck proof', () => {
    for (let seed = 1300; seed < 1400; seed++) {
      const commands: { seq: number; cmd: HandCommand }[] = [];
      const { s, input } = playRandomHand(seed, (_b, cmd) => commands.push({ seq: commands.length + 2, cmd }));
      const logged = { start: { seq: 1, handId: input.handId, config: input.config, seats: input.seats, buttonSeat: input.buttonSeat, at: input.at, deckCommit: 'c' }, commands, ended: { seq: commands.length + 2, deck: ['DECKPROOF'], salt: 'SALTPROOF' } };
      const revealed = s.result?.type === 'showdown';
      const audiences: Audience[] = [{ role: 'dealer' }, { role: 'player', playerId: 'observer' }, ...s.seats.map((x): Audience => ({ role: 'player', playerId: x.playerId }))];
      for (const a of audiences) {
        const r = handEventsView(logged, a);
        if (!r.ok) throw new Error(r.violation.message);
        const text = JSON.stringify(r.value);
        expect(text.includes('DECKPROOF') || text.includes('SALTPROOF'), `${a.role} gets the deck proof`).toBe(false);
        for (const x of s.seats) {
          if ((a.role === 'player' && a.playerId === x.playerId) || (revealed && !x.folded) || (a.role === 'dealer' && s.config.dealerSeesHoleCards)) continue;
          for (const k of x.cards) if (!k.up) expect(text.includes(`"${cardCode(k.card)}"`), `${a.role} ${'playerId' in a ? a.playerId : ''} sees ${cardCode(k.card)} of seat ${x.seat} in the events`).toBe(false);
        }
        for (const b of s.burned) expect(text.includes(`"${cardCode(b)}"`)).toBe(false);
      }
      const pit = handEventsView(logged, { role: 'pitboss' });
      if (!pit.ok) throw new Error(pit.violation.message);
      expect(JSON.stringify(pit.value)).toContain('DECKPROOF');
      for (const x of s.seats) for (const k of x.cards) expect(JSON.stringify(pit.value)).toContain(`"${cardCode(k.card)}"`);
    }
  }, 60_000);
});

describe('state is a fold of the accepted commands (STYLE habit 2)', () => {
  it('replaying the accepted commands from the start reproduces the final state exactly; the state is plain JSON', () => {
    for (let seed = 5000; seed < 5150; seed++) {
      const accepted: HandCommand[] = [];
      let first: HandState | null = null;
      const { s } = playRandomHand(seed, (before, cmd) => {
        first ??= before;
        accepted.push(cmd);
      });
      if (!first) continue;
      let again: HandState = first;
      for (const c of accepted) {
        const r = applyHandCommand(again, c);
        if (!r.ok) throw new Error(r.violation.message);
        again = r.value;
      }
      expect(again).toEqual(s);
      expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    }
  }, 60_000);
});

describe('a hand laid out again from its events (GEN-8, `felt settle poker-<variant>` with the events endpoint body)', () => {
  it('the pit boss\'s events of any finished hand replay to the same result; a changed action is caught', () => {
    let tampered = 0;
    let withBurns = 0;
    for (let seed = 7000; seed < 7200; seed++) {
      const events: Record<string, unknown>[] = [];
      const { s, input } = playRandomHand(seed, (before, cmd) => events.push(commandView(before, cmd)));
      const body = JSON.parse(JSON.stringify({ handId: input.handId, table: input.config, events: [{ type: 'hand-started', buttonSeat: input.buttonSeat, seats: input.seats, at: 0 }, ...events, { type: 'hand-ended', result: s.result }] })) as { events: Record<string, unknown>[] };
      const parsed = parseHandEvents(s.variant.id as VariantId, body);
      if (!parsed.ok) throw new Error(parsed.violation.message);
      const again = replayHandEvents(parsed.value);
      if (!again.ok) throw new Error(`seed ${seed}: ${again.violation.message}`);
      expect(again.value.result).toEqual(s.result);
      expect(again.value.burned).toEqual(s.burned);
      if (body.events.some((e) => e.type === 'card' && e.to === 'burn')) withBurns++;
      // a fold turned into a call (or the reverse) no longer ends as the log says, or is refused
      const i = body.events.findIndex((e) => e.type === 'act' && (e.action === 'fold' || e.action === 'call'));
      if (i < 0) continue;
      const changed = { ...body, events: body.events.map((e, j) => (j === i ? { ...e, action: e.action === 'fold' ? 'call' : 'fold' } : e)) };
      const p2 = parseHandEvents(s.variant.id as VariantId, changed);
      const r2 = p2.ok ? replayHandEvents(p2.value) : p2;
      if (r2.ok) expect(r2.value.result).not.toEqual(s.result);
      else tampered++;
    }
    expect(tampered).toBeGreaterThan(0);
    expect(withBurns).toBeGreaterThan(0);
  }, 60_000);

  it('a player\'s redacted events cannot be replayed: POKER_REPLAY_HIDDEN, not a wrong result', () => {
    const { s, input } = playRandomHand(7001);
    expect(s.result).not.toBeNull();
    const body = { handId: input.handId, table: input.config, events: [{ type: 'hand-started', buttonSeat: input.buttonSeat, seats: input.seats, at: 0 }, { type: 'card-scanned', to: input.seats[0]?.seat, up: false, at: 1 }] };
    const r = parseHandEvents(s.variant.id as VariantId, body);
    expect(r.ok ? 'ok' : r.violation.code).toBe('POKER_REPLAY_HIDDEN');
  });
});

describe('PT-RAKE-ALLOC: rake per pot (S1-RAKE; issue 24)', () => {
  const contributions = fc
    .array(fc.record({ total: fc.integer({ min: 0, max: 5000 }), folded: fc.boolean() }), { minLength: 2, maxLength: 10 })
    .filter((cs) => cs.some((c) => !c.folded && c.total > 0))
    .map((cs) => cs.map((c, i) => ({ seat: i + 1, totalMinor: c.total, folded: c.folded })));
  it('no pot is reduced by more than the rake on its own chips; chips are conserved (awards + rake = contributions)', () => {
    fc.assert(
      fc.property(contributions, fc.integer({ min: 0, max: 10_000 }), fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }), fc.integer({ min: 0, max: 2 ** 31 }), (cs, bp, cap, seed) => {
        const T = cs.reduce((a, c) => a + c.totalMinor, 0);
        // S1-RAKE: the hand's rake is at most the rate on every chip (rounded down per round, capped)
        let R = Math.floor((T * bp) / 10_000);
        if (cap !== null) R = Math.min(R, cap);
        const before = buildPots(cs);
        const after = takeRake(before, R);
        expect(after.reduce((a, p) => a + (p.rakeMinor ?? 0), 0)).toBe(R);
        for (const [i, p] of after.entries()) {
          const own = (before[i] as { amountMinor: number }).amountMinor;
          // the rake on the pot's own chips (the rate, rounded up by at most one chip), never more than it holds
          expect(own - p.amountMinor).toBe(p.rakeMinor);
          expect(p.rakeMinor).toBeLessThanOrEqual(Math.ceil((own * bp) / 10_000));
          expect(p.amountMinor).toBeGreaterThanOrEqual(0);
          expect(p.eligible).toEqual((before[i] as { eligible: readonly number[] }).eligible);
        }
        // awards: random showdown values, every pot paid to its own eligible seats
        const rng = createRng(seed);
        const high = new Map(cs.map((c) => [c.seat, rng.int(4)]));
        const awards = awardPots(after, { high }, cs.map((c) => c.seat), 'high');
        for (const a of awards) {
          const potAfter = after[a.pot] as { amountMinor: number };
          expect(a.shares.every(([seat]) => a.eligible.includes(seat))).toBe(true);
          expect(awards.filter((x) => x.pot === a.pot).reduce((t, x) => t + x.amountMinor, 0)).toBe(potAfter.amountMinor);
        }
        const paid = awards.reduce((t, a) => t + a.shares.reduce((u, [, x]) => u + x, 0), 0);
        expect(paid + R).toBe(T);
      }),
      { numRuns: 2000 },
    );
  });
});
