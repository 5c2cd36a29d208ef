import { describe, expect, it } from 'vitest';
import { cardCode, cardId } from '../poker/cards.js';
import type { Card } from '../cards/card.js';
import { applyHandCommand, cardDue, legalActions, startHand, timeoutAction, type HandCommand, type HandState } from './hand.js';
import { tableConfig, type PokerTableConfig, type VariantId } from './profiles.js';
import { parseHandEvents, parseReplayInput, replayHand, replayHandEvents } from './replay.js';
import { commandView, handEventsView, viewHand } from './view.js';
import { THREE_WAY_ALL_IN } from '../../../../test/support/poker-hands.js';

/** Golden hands for every variant (issue 11 §Tests), played through the replay (cards in dealing order). */
function play(variant: VariantId, hand: Record<string, unknown>): HandState {
  const input = parseReplayInput(variant, hand);
  if (!input.ok) throw new Error(input.violation.message);
  const r = replayHand(input.value);
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return r.value;
}
function playErr(variant: VariantId, hand: Record<string, unknown>): { code: string; ruleId: string | null } {
  const input = parseReplayInput(variant, hand);
  if (!input.ok) return input.violation;
  const r = replayHand(input.value);
  if (r.ok) throw new Error('expected a violation');
  return r.violation;
}
const won = (s: HandState): Record<number, number> => Object.fromEntries((s.result?.seats ?? []).map((x) => [x.seat, x.wonMinor]));
const stacks = (s: HandState): Record<number, number> => Object.fromEntries((s.result?.seats ?? []).map((x) => [x.seat, x.stackMinor]));
const NL = { structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100 };
const seats = (...stacksIn: number[]): { seat: number; playerId: string; stackMinor: number }[] => stacksIn.map((s, i) => ({ seat: i + 1, playerId: `p${i + 1}`, stackMinor: s }));

describe("Texas Hold'em (001 §3.1, RAY §6.3)", () => {
  it('three-way all-in with two side pots: main to the aces, side 1 to the kings, side 2 to the queens (S1-ALLIN)', () => {
    const s = play('holdem', THREE_WAY_ALL_IN);
    expect(s.result?.type).toBe('showdown');
    expect(s.result?.pots.map((p) => [p.amountMinor, p.eligible])).toEqual([
      [400, [1, 2, 3, 4]],
      [600, [2, 3, 4]],
      [600, [3, 4]],
    ]);
    expect(won(s)).toEqual({ 1: 400, 2: 600, 3: 600, 4: 0 });
    expect(stacks(s)).toEqual({ 1: 400, 2: 600, 3: 600, 4: 400 });
  });

  it('an uncalled bet comes back and a lone survivor wins without showing (docs/rules/live-poker.md §2.4, 001 §2.8)', () => {
    const s = play('holdem', { table: NL, button: 3, seats: seats(1000, 1000, 1000), cards: { 1: ['AH', 'AD'], 2: ['KH', 'KD'], 3: ['QH', 'QD'] }, actions: [{ seat: 3, action: 'raise', toMinor: 300 }, { seat: 1, action: 'fold' }, { seat: 2, action: 'fold' }] });
    expect(s.result?.type).toBe('uncontested');
    expect(s.result?.shown).toEqual([]);
    expect(stacks(s)).toEqual({ 1: 950, 2: 900, 3: 1150 });
  });

  it('ties split the pot; the odd chip goes to the first winner left of the button (PT-ODDCHIP)', () => {
    // both play the board's straight; pot 50 + 100 + 1 odd? use an ante of 1 on 3 players: 3 + 300 = 303, the folded third adds dead chips
    const s = play('holdem', {
      table: { ...NL, anteMinor: 1 },
      button: 1,
      seats: seats(1000, 1000, 1000),
      cards: { 1: ['2H', '3D'], 2: ['2D', '3H'], 3: ['4C', '4D'] },
      board: ['TS', 'JH', 'QC', 'KD', 'AS'],
      actions: [{ seat: 1, action: 'call' }, { seat: 2, action: 'call' }, { seat: 3, action: 'check' }, { seat: 2, action: 'check' }, { seat: 3, action: 'check' }, { seat: 1, action: 'check' }, { seat: 2, action: 'check' }, { seat: 3, action: 'check' }, { seat: 1, action: 'check' }, { seat: 2, action: 'bet', toMinor: 100 }, { seat: 3, action: 'fold' }, { seat: 1, action: 'call' }],
    });
    // pot = 3 antes + 300 + 200 = 503; seats 1 and 2 tie (broadway); 252 to seat 2 (left of the button), 251 to seat 1
    expect(won(s)).toEqual({ 1: 251, 2: 252, 3: 0 });
    const lowestSeat = play('holdem', { ...{ table: { ...NL, anteMinor: 1, oddChip: 'lowest-seat' } }, button: 1, seats: seats(1000, 1000, 1000), cards: { 1: ['2H', '3D'], 2: ['2D', '3H'], 3: ['4C', '4D'] }, board: ['TS', 'JH', 'QC', 'KD', 'AS'], actions: [{ seat: 1, action: 'call' }, { seat: 2, action: 'call' }, { seat: 3, action: 'check' }, { seat: 2, action: 'check' }, { seat: 3, action: 'check' }, { seat: 1, action: 'check' }, { seat: 2, action: 'check' }, { seat: 3, action: 'check' }, { seat: 1, action: 'check' }, { seat: 2, action: 'bet', toMinor: 100 }, { seat: 3, action: 'fold' }, { seat: 1, action: 'call' }] });
    expect(won(lowestSeat)).toEqual({ 1: 252, 2: 251, 3: 0 });
  });

  it('heads-up: the button posts the small blind and acts first pre-flop, last after the flop (PT-HEADSUP)', () => {
    const st = startHand({ handId: 'h', config: tableConfig(NL as Partial<PokerTableConfig>), seats: seats(1000, 1000), buttonSeat: 2, at: 0 });
    if (!st.ok) throw new Error(st.violation.message);
    expect(st.value.seats.map((x) => x.streetMinor)).toEqual([100, 50]);
    let s = st.value;
    for (const c of ['AH', 'AD', 'KH', 'KD'] as Card[]) s = must(applyHandCommand(s, { type: 'card', card: cardId(c), at: 1 }));
    expect(legalActions(s)?.seat).toBe(2);
    s = must(applyHandCommand(s, { type: 'act', seat: 2, action: 'call', at: 2 }));
    expect(legalActions(s)).toMatchObject({ seat: 1, canCheck: true, raise: { kind: 'raise', minToMinor: 200 } });
    s = must(applyHandCommand(s, { type: 'act', seat: 1, action: 'check', at: 3 }));
    for (const c of ['2C', '7D', '9H'] as Card[]) s = must(applyHandCommand(s, { type: 'card', card: cardId(c), at: 4 }));
    expect(legalActions(s)?.seat).toBe(1);
  });

  it('the Ö straddle: 2 × BB by the seat after the BB, who acts last pre-flop; the smallest raise is to 4 × BB (S1-STRADDLE)', () => {
    const cfg = tableConfig({ ...(NL as Partial<PokerTableConfig>), straddleTable: true });
    const st = startHand({ handId: 'h', config: cfg, seats: [...seats(1000, 1000), { seat: 3, playerId: 'p3', stackMinor: 1000, straddle: true }, { seat: 4, playerId: 'p4', stackMinor: 1000 }], buttonSeat: 4, at: 0 });
    let s = must(st);
    expect(s.seats.map((x) => x.streetMinor)).toEqual([50, 100, 200, 0]);
    for (const c of ['AH', 'AD', 'KH', 'KD', 'QH', 'QD', 'JH', 'JD'] as Card[]) s = must(applyHandCommand(s, { type: 'card', card: cardId(c), at: 1 }));
    expect(legalActions(s)).toMatchObject({ seat: 4, callMinor: 200, raise: { minToMinor: 400 } });
    s = must(applyHandCommand(s, { type: 'act', seat: 4, action: 'call', at: 2 }));
    s = must(applyHandCommand(s, { type: 'act', seat: 1, action: 'call', at: 2 }));
    s = must(applyHandCommand(s, { type: 'act', seat: 2, action: 'call', at: 2 }));
    expect(legalActions(s)).toMatchObject({ seat: 3, canCheck: true });
    const noO = startHand({ handId: 'h', config: tableConfig(NL as Partial<PokerTableConfig>), seats: [...seats(1000, 1000), { seat: 3, playerId: 'p3', stackMinor: 1000, straddle: true }], buttonSeat: 3, at: 0 });
    expect(noO.ok ? null : noO.violation).toMatchObject({ code: 'POKER_STRADDLE_NOT_ALLOWED', ruleId: 'S1-STRADDLE' });
  });
});

function must(r: { ok: true; value: HandState } | { ok: false; violation: { code: string; message: string } }): HandState {
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return r.value;
}

describe('betting structures (S1-FL, S1-PL, S1-NL, PT-SHORT-ALLIN)', () => {
  const deal = (s0: HandState, n: number): HandState => {
    let s = s0;
    const codes = ['AH', 'AD', 'KH', 'KD', 'QH', 'QD', 'JH', 'JD', 'TH', 'TD', '9H', '9D'] as Card[];
    for (let i = 0; i < n; i++) s = must(applyHandCommand(s, { type: 'card', card: cardId(codes[i] as Card), at: 1 }));
    return s;
  };
  it('pot limit: UTG may raise to at most 350 over blinds of 50/100 (pot + call, PT-PL-POT)', () => {
    let s = deal(must(startHand({ handId: 'h', config: tableConfig({ structure: 'pot-limit', smallBlindMinor: 50, bigBlindMinor: 100 }), seats: seats(5000, 5000, 5000), buttonSeat: 3, at: 0 })), 6);
    expect(legalActions(s)?.raise).toEqual({ kind: 'raise', minToMinor: 200, maxToMinor: 350 });
    const r = applyHandCommand(s, { type: 'act', seat: 3, action: 'raise', toMinor: 351, at: 2 });
    expect(r.ok ? null : r.violation).toMatchObject({ code: 'POKER_BET_TOO_LARGE', ruleId: 'PT-PL-POT' });
    s = must(applyHandCommand(s, { type: 'act', seat: 3, action: 'raise', toMinor: 350, at: 2 }));
    // SB facing 350: pot = 500, call 300 → max 350 + 500 + 300 = 1150
    expect(legalActions(s)?.raise).toEqual({ kind: 'raise', minToMinor: 600, maxToMinor: 1150 });
  });

  it('no limit: the minimum raise is the previous raise; a raise below it is rejected (S1-NL, S1-PL)', () => {
    let s = deal(must(startHand({ handId: 'h', config: tableConfig(NL as Partial<PokerTableConfig>), seats: seats(5000, 5000, 5000), buttonSeat: 3, at: 0 })), 6);
    s = must(applyHandCommand(s, { type: 'act', seat: 3, action: 'raise', toMinor: 400, at: 2 }));
    const r = applyHandCommand(s, { type: 'act', seat: 1, action: 'raise', toMinor: 600, at: 2 });
    expect(r.ok ? null : r.violation).toMatchObject({ code: 'POKER_BET_TOO_SMALL', ruleId: 'S1-PL' });
    expect(legalActions(s)?.raise).toEqual({ kind: 'raise', minToMinor: 700, maxToMinor: 5000 });
    const over = applyHandCommand(s, { type: 'act', seat: 1, action: 'raise', toMinor: 5001, at: 2 });
    expect(over.ok ? null : over.violation).toMatchObject({ code: 'POKER_TABLE_STAKES' });
  });

  it('an all-in short of a full raise does not reopen the betting for a player who already acted (PT-SHORT-ALLIN)', () => {
    // seat 3 raises to 300 (raise of 200); seat 1 all-in to 450 (short: +150 < 200); seat 2 (not acted) may raise; seat 3 may only call or fold
    let s = deal(must(startHand({ handId: 'h', config: tableConfig(NL as Partial<PokerTableConfig>), seats: [...seats(5000), { seat: 2, playerId: 'p2', stackMinor: 5000 }, { seat: 3, playerId: 'p3', stackMinor: 5000 }].map((x, i) => (i === 0 ? { ...x, stackMinor: 450 } : x)), buttonSeat: 3, at: 0 })), 6);
    s = must(applyHandCommand(s, { type: 'act', seat: 3, action: 'raise', toMinor: 300, at: 2 }));
    s = must(applyHandCommand(s, { type: 'act', seat: 1, action: 'all-in', at: 2 }));
    expect(legalActions(s)?.raise).not.toBeNull(); // seat 2, the BB, has not acted
    s = must(applyHandCommand(s, { type: 'act', seat: 2, action: 'call', at: 2 }));
    expect(legalActions(s)).toMatchObject({ seat: 3, callMinor: 150, raise: null });
    const r = applyHandCommand(s, { type: 'act', seat: 3, action: 'raise', toMinor: 1000, at: 2 });
    expect(r.ok ? null : r.violation).toMatchObject({ code: 'POKER_NOT_REOPENED', ruleId: 'PT-SHORT-ALLIN' });
  });

  it('fixed limit: one bet and three raises, then only call or fold (S1-FL)', () => {
    let s = deal(must(startHand({ handId: 'h', config: tableConfig({ structure: 'fixed-limit', smallBlindMinor: 50, bigBlindMinor: 100, smallBetMinor: 100, bigBetMinor: 200 }), seats: seats(5000, 5000, 5000), buttonSeat: 3, at: 0 })), 6);
    const wrong = applyHandCommand(s, { type: 'act', seat: 3, action: 'raise', toMinor: 250, at: 2 });
    expect(wrong.ok ? null : wrong.violation).toMatchObject({ code: 'POKER_FIXED_LIMIT_AMOUNT', ruleId: 'S1-FL' });
    s = must(applyHandCommand(s, { type: 'act', seat: 3, action: 'raise', toMinor: 200, at: 2 }));
    s = must(applyHandCommand(s, { type: 'act', seat: 1, action: 'raise', toMinor: 300, at: 2 }));
    s = must(applyHandCommand(s, { type: 'act', seat: 2, action: 'raise', toMinor: 400, at: 2 }));
    expect(legalActions(s)).toMatchObject({ seat: 3, callMinor: 200, raise: null });
    const capped = applyHandCommand(s, { type: 'act', seat: 3, action: 'raise', toMinor: 500, at: 2 });
    expect(capped.ok ? null : capped.violation).toMatchObject({ code: 'POKER_RAISE_CAP', ruleId: 'S1-FL' });
  });

  it('fixed limit: an all-in of less than half a bet does not reopen; half a bet or more does (PT-SHORT-ALLIN)', () => {
    const FL = { structure: 'fixed-limit' as const, smallBlindMinor: 50, bigBlindMinor: 100, smallBetMinor: 100, bigBetMinor: 200 };
    const open = (sbStack: number): HandState => {
      let s = deal(must(startHand({ handId: 'h', config: tableConfig(FL), seats: [{ seat: 1, playerId: 'p1', stackMinor: sbStack }, { seat: 2, playerId: 'p2', stackMinor: 5000 }, { seat: 3, playerId: 'p3', stackMinor: 5000 }], buttonSeat: 3, at: 0 })), 6);
      s = must(applyHandCommand(s, { type: 'act', seat: 3, action: 'raise', toMinor: 200, at: 2 }));
      return must(applyHandCommand(s, { type: 'act', seat: 1, action: 'all-in', at: 2 }));
    };
    let short = open(240); // +40 over 200: less than half of 100
    expect(legalActions(short)?.raise).toEqual({ kind: 'raise', minToMinor: 300, maxToMinor: 300 }); // BB has not acted: completes the raise
    short = must(applyHandCommand(short, { type: 'act', seat: 2, action: 'call', at: 2 }));
    expect(legalActions(short)).toMatchObject({ seat: 3, callMinor: 40, raise: null });
    let half = open(260); // +60: at least half a bet, a full raise
    half = must(applyHandCommand(half, { type: 'act', seat: 2, action: 'call', at: 2 }));
    expect(legalActions(half)).toMatchObject({ seat: 3, callMinor: 60, raise: { minToMinor: 360, maxToMinor: 360 } });
  });

  it('no limit: several short all-ins reopen the betting only once they add up to a full raise (PT-SHORT-ALLIN)', () => {
    const facing = (stack4: number): HandState => {
      let s = must(startHand({ handId: 'h', config: tableConfig(NL as Partial<PokerTableConfig>), seats: [{ seat: 1, playerId: 'p1', stackMinor: 5000 }, { seat: 2, playerId: 'p2', stackMinor: 5000 }, { seat: 3, playerId: 'p3', stackMinor: 350 }, { seat: 4, playerId: 'p4', stackMinor: stack4 }], buttonSeat: 4, at: 0 }));
      for (const c of ['AH', 'AD', 'KH', 'KD', 'QH', 'QD', 'JH', 'JD'] as Card[]) s = must(applyHandCommand(s, { type: 'card', card: cardId(c), at: 1 }));
      s = must(applyHandCommand(s, { type: 'act', seat: 3, action: 'call', at: 2 }));
      s = must(applyHandCommand(s, { type: 'act', seat: 4, action: 'call', at: 2 }));
      s = must(applyHandCommand(s, { type: 'act', seat: 1, action: 'raise', toMinor: 300, at: 2 })); // a full raise (+200)
      s = must(applyHandCommand(s, { type: 'act', seat: 2, action: 'call', at: 2 }));
      s = must(applyHandCommand(s, { type: 'act', seat: 3, action: 'all-in', at: 2 })); // to 350: +50, short
      return must(applyHandCommand(s, { type: 'act', seat: 4, action: 'all-in', at: 2 })); // short again
    };
    // +50 then +70: 120 over what seat 1 acted on, less than the 200 raise: call or fold only
    expect(legalActions(facing(420))).toMatchObject({ seat: 1, callMinor: 120, raise: null });
    // +50 then +170: 220 in all, at least a full raise: seat 1 may raise again, by at least 200
    expect(legalActions(facing(520))).toMatchObject({ seat: 1, callMinor: 220, raise: { minToMinor: 720 } });
  });

  it('fixed limit heads-up at the start of the round: unlimited raises (S1-FL)', () => {
    let s = deal(must(startHand({ handId: 'h', config: tableConfig({ structure: 'fixed-limit', smallBlindMinor: 50, bigBlindMinor: 100, smallBetMinor: 100, bigBetMinor: 200 }), seats: seats(5000, 5000), buttonSeat: 2, at: 0 })), 4);
    for (let to = 200, seat = 2; to <= 900; to += 100, seat = seat === 2 ? 1 : 2) s = must(applyHandCommand(s, { type: 'act', seat, action: 'raise', toMinor: to, at: 2 }));
    expect(legalActions(s)?.raise).toEqual({ kind: 'raise', minToMinor: 1000, maxToMinor: 1000 });
  });

  it('S1-CAP: a player stakes at most the per-hand cap; the rest of the stack is untouched', () => {
    const s = play('holdem', { table: { ...NL, capPerHandMinor: 2000 }, button: 2, seats: seats(10_000, 10_000), cards: { 1: ['AH', 'AD'], 2: ['KH', 'KD'] }, board: ['2C', '7D', '9H', 'JS', '3S'], actions: [{ seat: 2, action: 'all-in' }, { seat: 1, action: 'call' }] });
    expect(s.result?.pots.map((p) => p.amountMinor)).toEqual([4000]);
    expect(stacks(s)).toEqual({ 1: 12_000, 2: 8000 });
  });
});

describe('rake per betting round (S1-RAKE, RAY §6.1 A)', () => {
  const hand = (rake: object, actions: object[], board = ['2C', '7D', '9H', 'JS', '3S']): HandState =>
    play('holdem', { table: { ...NL, rake }, button: 3, seats: seats(1000, 1000, 1000), cards: { 1: ['AH', 'AD'], 2: ['KH', 'KD'], 3: ['QH', 'QD'] }, board, actions });
  const checkDown = [{ seat: 3, action: 'call' }, { seat: 1, action: 'call' }, { seat: 2, action: 'check' }, ...[1, 2, 3, 1, 2, 3, 1, 2, 3].map((seat) => ({ seat, action: 'check' }))];
  it('5 % of each round, capped per hand; chips in = chips out + rake', () => {
    const s = hand({ basisPoints: 500, capMinor: 10, noFlopNoDrop: true }, checkDown);
    expect(s.result?.rakeMinor).toBe(10); // 5 % of 300 = 15, capped at 10
    expect(won(s)).toEqual({ 1: 290, 2: 0, 3: 0 });
    const uncapped = hand({ basisPoints: 500, capMinor: null, noFlopNoDrop: false }, checkDown);
    expect(uncapped.result?.rakeMinor).toBe(15);
  });
  it('no flop, no drop: a hand won in the first round is not raked', () => {
    const s = hand({ basisPoints: 500, capMinor: null, noFlopNoDrop: true }, [{ seat: 3, action: 'raise', toMinor: 300 }, { seat: 1, action: 'fold' }, { seat: 2, action: 'fold' }], []);
    expect(s.result?.rakeMinor).toBe(0);
    const raked = hand({ basisPoints: 500, capMinor: null, noFlopNoDrop: false }, [{ seat: 3, action: 'raise', toMinor: 300 }, { seat: 1, action: 'fold' }, { seat: 2, action: 'fold' }], []);
    // the uncalled 200 comes back first; 5 % of the 250 that stayed in
    expect(raked.result?.rakeMinor).toBe(12);
  });
  it('issue 24 / PT-RAKE-ALLOC: each pot pays the rake of its own chips — a short all-in with the best hand is not wiped out', () => {
    // NL 50/100, 5 % rake, no cap; seat 1 all-in for 20 (its small blind), seats 2 and 3 with 1 000 each go all-in and call
    const s = play('holdem', {
      table: { ...NL, rake: { basisPoints: 500, capMinor: null, noFlopNoDrop: false } },
      button: 3,
      seats: seats(20, 1000, 1000),
      cards: { 1: ['AH', 'AD'], 2: ['KH', 'KD'], 3: ['QH', 'QD'] },
      board: ['2C', '7D', '9H', 'JS', '3S'],
      actions: [{ seat: 3, action: 'all-in' }, { seat: 2, action: 'call' }],
    });
    const r = s.result;
    expect(r?.rakeMinor).toBe(101); // floor(2 020 × 5 %)
    // main pot 60 pays 101 × 60/2 020 = 3; the side pot 1 960 pays 98
    expect(r?.pots.map((p) => [p.index, p.amountMinor, p.rakeMinor, p.eligible])).toEqual([[0, 57, 3, [1, 2, 3]], [1, 1862, 98, [2, 3]]]);
    expect(won(s)).toEqual({ 1: 57, 2: 1862, 3: 0 });
    const inTotal = (r?.seats ?? []).reduce((a, x) => a + x.inMinor, 0);
    const outTotal = (r?.seats ?? []).reduce((a, x) => a + x.wonMinor, 0);
    expect(outTotal + (r?.rakeMinor ?? 0)).toBe(inTotal);
  });
});

describe('Omaha (001 §3.2–3.3, RAY §6.4–6.5)', () => {
  it('Omaha High uses exactly two hole cards: four hearts in hand and one on board is no flush', () => {
    const s = play('omaha', { table: NL, button: 2, seats: seats(1000, 1000), cards: { 1: ['AH', 'KH', 'QH', 'JH'], 2: ['2C', '2D', '7S', '8S'] }, board: ['3H', '9C', '2S', '4D', 'TC'], actions: [{ seat: 2, action: 'call' }, { seat: 1, action: 'check' }, ...[1, 2, 1, 2, 1, 2].map((seat) => ({ seat, action: 'check' }))] });
    expect(won(s)).toEqual({ 1: 0, 2: 200 }); // trips of deuces beat A-K high
  });

  it('Omaha Hi/Lo: the high scoops half, two equal lows quarter the pot (001 §3.3)', () => {
    const s = play('omaha-hilo', {
      table: { structure: 'pot-limit', smallBlindMinor: 50, bigBlindMinor: 100 },
      button: 3,
      seats: seats(1000, 1000, 1000),
      cards: { 1: ['AH', '2H', '9C', 'TC'], 2: ['AD', '2D', '9S', 'TS'], 3: ['KH', 'KC', 'QH', 'QC'] },
      board: ['3C', '5D', '8H', 'KS', 'KD'],
      actions: [{ seat: 3, action: 'raise', toMinor: 200 }, { seat: 1, action: 'call' }, { seat: 2, action: 'call' }, ...[1, 2, 3, 1, 2, 3, 1, 2, 3].map((seat) => ({ seat, action: 'check' }))],
    });
    expect(s.result?.awards.map((a) => [a.part, a.amountMinor, a.winners])).toEqual([
      ['high', 300, [3]],
      ['low', 300, [1, 2]],
    ]);
    expect(won(s)).toEqual({ 1: 150, 2: 150, 3: 300 });
    expect(s.result?.shown.find((x) => x.seat === 1)?.low).toBe('low 8-5-3-2-A');
  });

  it('Omaha Hi/Lo with no qualifying low: the high takes the whole pot', () => {
    const s = play('omaha-hilo', { table: NL, button: 2, seats: seats(1000, 1000), cards: { 1: ['AH', '2H', '9C', 'TC'], 2: ['KH', 'KC', 'QH', 'QC'] }, board: ['9D', 'TD', 'JH', 'KS', 'KD'], actions: [{ seat: 2, action: 'call' }, { seat: 1, action: 'check' }, ...[1, 2, 1, 2, 1, 2].map((seat) => ({ seat, action: 'check' }))] });
    expect(s.result?.awards.map((a) => a.part)).toEqual(['whole']);
    expect(won(s)).toEqual({ 1: 0, 2: 200 });
  });
});

describe('Seven Card Stud and Stud Hi/Lo (RAY §6.6, 004)', () => {
  const STUD = { structure: 'fixed-limit', anteMinor: 10, bringInMinor: 20, smallBetMinor: 50, bigBetMinor: 100 };
  it('the lowest up card brings in; the best showing hand acts first on later streets; up cards are dealt face up', () => {
    const input = parseReplayInput('stud', {
      table: STUD,
      button: null,
      seats: seats(1000, 1000, 1000),
      // dealing order per seat: down, down, up (3rd), up (4th), up (5th), up (6th), down (7th)
      cards: { 1: ['AH', 'AD', '3C', '4D', '8C', '9C', 'TC'], 2: ['7H', '7D', 'KH', 'KS', '2H', '3H', '4H'], 3: ['QS', 'JD', '9D', '2S'] },
      board: [],
      actions: [
        { seat: 2, action: 'raise', toMinor: 50 }, // completes the bring-in
        { seat: 3, action: 'call' },
        { seat: 1, action: 'call' },
        { seat: 2, action: 'bet', toMinor: 50 }, // K-K showing opens 4th street
        { seat: 3, action: 'fold' },
        { seat: 1, action: 'call' },
        { seat: 2, action: 'bet', toMinor: 100 },
        { seat: 1, action: 'call' },
        { seat: 2, action: 'check' },
        { seat: 1, action: 'check' },
        { seat: 2, action: 'check' },
        { seat: 1, action: 'check' },
      ],
    });
    if (!input.ok) throw new Error(input.violation.message);
    const r = replayHand(input.value);
    const s = must(r);
    expect(s.seats[0]?.cards.map((k) => k.up)).toEqual([false, false, true, true, true, true, false]);
    // pot: 3 antes 30 + 3 × 50 + 2 × 50 + 2 × 100 = 480; seat 2 has three kings? K-K-7-7 two pair vs seat 1 A-A: kings up wins
    expect(won(s)).toEqual({ 1: 0, 2: 480, 3: 0 });
    // nobody bet the last round: show clockwise from position 1 (no button in stud; RAY §6.4, P4-SHOW)
    expect(s.result?.shown.map((x) => x.seat)).toEqual([1, 2]);
  });

  it('the bring-in is posted automatically by the lowest up card (PT-BRINGIN)', () => {
    let s = must(startHand({ handId: 'h', config: tableConfig({ ...(STUD as Partial<PokerTableConfig>), variant: 'stud' }), seats: seats(1000, 1000, 1000), buttonSeat: null, at: 0 }));
    for (const c of ['AH', 'KH', 'QH', 'AD', 'KD', 'QD', '6H', '4S', '9S'] as Card[]) s = must(applyHandCommand(s, { type: 'card', card: cardId(c), at: 1 }));
    expect(s.seats.map((x) => x.streetMinor)).toEqual([0, 20, 0]); // 4♠ brings in
    expect(legalActions(s)).toMatchObject({ seat: 3, callMinor: 20, raise: { minToMinor: 50, maxToMinor: 50 } });
  });

  // issue 24: suits never rank (001 §2.5 M, 004 "alla färger lika"); equal lowest ranks go to the first from position 1
  it.each([
    ['5♥ (seat 1) and 5♣ (seat 2): seat 1, not the club', ['5H', '5C', '9S'], [20, 0, 0], 2],
    ['5♠ (seat 1) and 5♣ (seat 3): seat 1, not the club', ['5S', '9D', '5C'], [20, 0, 0], 2],
    ['5♣ (seat 2) and 5♠ (seat 3): seat 2 — position order, whatever the suits', ['9D', '5C', '5S'], [0, 20, 0], 3],
  ] as const)('bring-in ties are broken by seat, never by suit (PT-BRINGIN, stud and stud hi/lo): %s', (_n, ups, streets, next) => {
    for (const variant of ['stud', 'stud-hilo'] as const) {
      let s = must(startHand({ handId: 'h', config: tableConfig({ ...(STUD as Partial<PokerTableConfig>), variant }), seats: seats(1000, 1000, 1000), buttonSeat: null, at: 0 }));
      for (const c of ['AH', 'KH', 'QH', 'AD', 'KD', 'QD', ...ups] as Card[]) s = must(applyHandCommand(s, { type: 'card', card: cardId(c), at: 1 }));
      expect(s.seats.map((x) => x.streetMinor)).toEqual(streets);
      expect(s.bringIn === null ? null : s.seats[s.bringIn]?.seat).toBe(streets.indexOf(20) + 1);
      expect(legalActions(s)?.seat).toBe(next);
    }
  });

  /** Plays a stud hand to the end: cards as due (each seat's own, then shared / burned), every player just calls or checks. */
  const studToTheEnd = (variant: 'stud' | 'stud-hilo', own: Record<number, string[]>, shared: string[], burns: string[] = [], cfg: Partial<PokerTableConfig> = {}): HandState => {
    const n = Object.keys(own).length;
    let s = must(startHand({ handId: 'h', config: tableConfig({ ...(STUD as Partial<PokerTableConfig>), variant, ...cfg }), seats: seats(...Array.from({ length: n }, () => 1000)), buttonSeat: null, at: 0 }));
    const q = new Map(Object.entries(own).map(([k, v]) => [Number(k), [...v]]));
    const sharedQ = [...shared];
    const burnQ = [...burns];
    for (let guard = 0; s.phase.type !== 'complete' && guard < 500; guard++) {
      const due = cardDue(s);
      if (due) {
        const c = due.to === 'board' ? sharedQ.shift() : due.to === 'burn' ? burnQ.shift() : q.get(due.seat)?.shift();
        if (c === undefined) throw new Error(`no card for ${JSON.stringify(due)}`);
        s = must(applyHandCommand(s, { type: 'card', card: cardId(c as Card), at: 1 }));
        continue;
      }
      const la = legalActions(s);
      if (!la) throw new Error(`stuck in ${s.phase.type}`);
      s = must(applyHandCommand(s, { type: 'act', seat: la.seat, action: la.canCheck ? 'check' : 'call', at: 1 }));
    }
    expect([sharedQ, burnQ, [...q.values()].flat()]).toEqual([[], [], []]);
    return s;
  };
  // eight seats, six own cards each (2 down, 4 up): 48 cards; seat 8 holds four spades and the shared A♠ makes its flush
  const EIGHT: Record<number, string[]> = {
    1: ['2H', '3D', '4C', '6H', '7D', '9C'],
    2: ['2D', '3H', '4H', '6D', '8C', '9H'],
    3: ['2C', '4D', '5H', '7C', '8H', 'TD'],
    4: ['3C', '5D', '6C', '7H', '9D', 'JC'],
    5: ['5C', '8D', 'TH', 'JD', 'QC', 'KH'],
    6: ['TC', 'JH', 'QD', 'KC', 'AH', '2S'],
    7: ['QH', 'KD', 'AC', 'AD', '3S', '4S'],
    8: ['KS', 'QS', '9S', '5S', '6S', '7S'],
  };
  it('PT-STUD-SEATS / RAY §6.6: eight players; the 7th street is one shared card face up, used by every remaining player', () => {
    for (const variant of ['stud', 'stud-hilo'] as const) {
      const s = studToTheEnd(variant, EIGHT, ['AS']);
      expect(s.board.map((c) => cardCode(c))).toEqual(['AS']);
      // everyone holds their own six (two down, four up): "may hold only two face-down cards"
      for (const x of s.seats) expect(x.cards.map((k) => k.up)).toEqual([false, false, true, true, true, true]);
      expect(s.dealt.length).toBe(49);
      // seat 8: K♠ Q♠ 9♠ 7♠ … + the shared A♠ = an ace-high flush
      expect(s.result?.shown.find((x) => x.seat === 8)?.high).toMatch(/flush/);
      const total = (s.result?.seats ?? []).reduce((a, x) => a + x.inMinor, 0);
      expect(s.result?.awards.filter((a) => a.part !== 'low').flatMap((a) => a.winners)).toEqual([8]);
      if (variant === 'stud-hilo') {
        // the shared ace counts for the low too: seat 1's 7-6-4-3-2 + A → 6-4-3-2-A
        expect(s.result?.shown.find((x) => x.seat === 1)?.low).toBe('low 6-4-3-2-A');
        expect(won(s)[1]).toBeGreaterThan(0);
      } else expect(won(s)).toMatchObject({ 8: total });
    }
  });

  it('PT-STUD-SEATS with burns (PT-BURN): three burns and the shared card use the whole deck; a burn that would leave no shared card is left out', () => {
    const s = studToTheEnd('stud', EIGHT, ['AS'], ['8S', 'JS', 'TS'], { burnCards: true });
    expect(s.burned.map((c) => cardCode(c))).toEqual(['8S', 'JS', 'TS']);
    expect(s.dealt.length).toBe(52);
    expect(s.board.map((c) => cardCode(c))).toEqual(['AS']);
  });

  it('S1-TABLE-1 / PT-STUD-SEATS: stud deals to 2–8 players; 9 are refused with POKER_SEAT_COUNT', () => {
    for (const variant of ['stud', 'stud-hilo'] as const) {
      const cfg = tableConfig({ ...(STUD as Partial<PokerTableConfig>), variant });
      expect(startHand({ handId: 'h', config: cfg, seats: seats(...Array.from({ length: 8 }, () => 1000)), buttonSeat: null, at: 0 }).ok).toBe(true);
      const nine = startHand({ handId: 'h', config: cfg, seats: seats(...Array.from({ length: 9 }, () => 1000)), buttonSeat: null, at: 0 });
      expect(nine.ok ? null : nine.violation).toMatchObject({ code: 'POKER_SEAT_COUNT', ruleId: 'S1-TABLE-1' });
    }
  });

  it('a fold before 7th street: the stock covers everyone again and nobody gets a shared card', () => {
    const own = { ...EIGHT, 2: EIGHT[2]?.slice(0, 3) ?? [] };
    let s = must(startHand({ handId: 'h', config: tableConfig({ ...(STUD as Partial<PokerTableConfig>), variant: 'stud' }), seats: seats(...Array.from({ length: 8 }, () => 1000)), buttonSeat: null, at: 0 }));
    const q = new Map(Object.entries(own).map(([k, v]) => [Number(k), [...v]]));
    let folded = false;
    const spare = ['AS', 'JS', 'TS', '8S', '6D', '8C', '9H']; // the 7th-street cards: 45 out, 7 left for 7 players
    for (let guard = 0; s.phase.type !== 'complete' && guard < 500; guard++) {
      const due = cardDue(s);
      if (due) {
        const c = due.to === 'seat' ? q.get(due.seat)?.shift() : undefined;
        expect(due.to).toBe('seat');
        s = must(applyHandCommand(s, { type: 'card', card: cardId((c ?? spare.shift()) as Card), at: 1 }));
        continue;
      }
      const la = legalActions(s);
      if (!la) throw new Error('stuck');
      const fold = !folded && la.seat === 2;
      folded ||= fold;
      s = must(applyHandCommand(s, { type: 'act', seat: la.seat, action: fold ? 'fold' : la.canCheck ? 'check' : 'call', at: 1 }));
    }
    expect(s.board).toEqual([]);
    expect(spare).toEqual([]);
    expect(s.seats.filter((x) => !x.folded).every((x) => x.cards.length === 7)).toBe(true);
  });

  it('Stud Hi/Lo splits high and 8-or-better low', () => {
    const s = play('stud-hilo', {
      table: STUD,
      button: null,
      seats: seats(1000, 1000),
      cards: { 1: ['AH', '2D', '3C', '4D', '7C', 'KC', 'KD'], 2: ['QH', 'QD', 'QS', 'JD', 'JC', '9C', '9D'] },
      actions: [
        { seat: 2, action: 'call' }, // 3♣ brought in; Q♠ calls the bring-in
        { seat: 2, action: 'check' },
        { seat: 1, action: 'check' },
        ...[2, 1, 2, 1, 2, 1].map((seat) => ({ seat, action: 'check' })),
      ],
    });
    // pot: antes 20 + bring-in 20 + call 20 = 60 → high 30 (full house queens), low 30 (7-4-3-2-A)
    expect(s.result?.awards.map((a) => [a.part, a.amountMinor, a.winners])).toEqual([
      ['high', 30, [2]],
      ['low', 30, [1]],
    ]);
  });
});

describe('draw games (001 §3.4–3.5)', () => {
  it('Mörkpoker: one draw of any number; the replacements complete the hand', () => {
    const s = play('draw', {
      table: NL,
      button: 2,
      seats: seats(1000, 1000),
      cards: { 1: ['AH', 'AD', '2C', '7S', '9D', 'AS', 'AC'], 2: ['KH', 'KD', 'KS', '3C', '4C', '5H'] },
      actions: [{ seat: 2, action: 'call' }, { seat: 1, action: 'check' }, { seat: 1, action: 'draw', discards: ['2C', '7S'] }, { seat: 2, action: 'draw', discards: ['3C'] }, { seat: 1, action: 'bet', toMinor: 100 }, { seat: 2, action: 'call' }],
    });
    expect(s.seats[0]?.cards.map((k) => k.card)).toHaveLength(5);
    expect(won(s)).toEqual({ 1: 400, 2: 0 });
    expect(s.result?.shown.find((x) => x.seat === 1)?.high).toBe('four of a kind (A-9)');
  });

  it('Mörkpoker 7-E: 32 cards up to four players, a flush beats a full house, a deuce is not in the deck', () => {
    const s = play('draw-7e', {
      table: NL,
      button: 2,
      seats: seats(1000, 1000),
      cards: { 1: ['AH', 'KH', '9H', '8H', '7H'], 2: ['QS', 'QD', 'QC', 'JS', 'JD'] },
      actions: [{ seat: 2, action: 'call' }, { seat: 1, action: 'check' }, { seat: 1, action: 'draw', discards: [] }, { seat: 2, action: 'draw', discards: [] }, { seat: 1, action: 'check' }, { seat: 2, action: 'check' }],
    });
    expect(won(s)).toEqual({ 1: 200, 2: 0 });
    const e = playErr('draw-7e', { table: NL, button: 2, seats: seats(1000, 1000), cards: { 1: ['2H', 'KH', '9H', '8H', '7H'], 2: ['QS', 'QD', 'QC', 'JS', 'JD'] }, actions: [] });
    expect(e).toMatchObject({ code: 'POKER_CARD_NOT_IN_DECK', ruleId: 'S1-DEAL-1' });
  });

  it('a card already out in this hand is rejected (one deck, S1-DEAL-1)', () => {
    const e = playErr('holdem', { table: NL, button: 2, seats: seats(1000, 1000), cards: { 1: ['AH', 'AD'], 2: ['AH', 'KD'] }, actions: [] });
    expect(e).toMatchObject({ code: 'POKER_CARD_SEEN', ruleId: 'S1-DEAL-1' });
  });
});

describe('Sökö (RAY §6.7)', () => {
  it('antes, one down and four up; the highest up card opens; a four-card flush beats a pair', () => {
    const s = play('soko', {
      table: { structure: 'fixed-limit', anteMinor: 10, smallBetMinor: 50, bigBetMinor: 100 },
      button: null,
      seats: seats(1000, 1000),
      cards: { 1: ['2H', '5H', '9H', 'JH', 'KC'], 2: ['AS', 'AD', '3C', '7D', '8S'] },
      actions: [
        { seat: 2, action: 'check' }, // A♦ is the highest up card
        { seat: 1, action: 'check' },
        ...[2, 1, 2, 1].map((seat) => ({ seat, action: 'check' })),
        // 5th street: seat 1 shows 5♥ 9♥ J♥ K♣ vs A♦ 3♣ 7♦ 8♠ → seat 2 still opens (A high)
        { seat: 2, action: 'bet', toMinor: 100 },
        { seat: 1, action: 'call' },
      ],
    });
    expect(s.result?.shown.find((x) => x.seat === 1)?.high).toMatch(/^four card flush/);
    expect(won(s)).toEqual({ 1: 220, 2: 0 });
  });

  it('equal highest up cards: the first from position 1 opens — the same seat rule as the stud bring-in (PT-BRINGIN, PT-SHOWING; issue 24)', () => {
    for (const ups of [['KS', 'KC', 'KD'], ['KC', 'KS', 'KH'], ['KD', 'KH', 'KS']]) {
      let s = must(startHand({ handId: 'h', config: tableConfig({ variant: 'soko', structure: 'fixed-limit', anteMinor: 10, smallBetMinor: 50, bigBetMinor: 100 }), seats: seats(1000, 1000, 1000), buttonSeat: null, at: 0 }));
      for (const c of ['2H', '3D', '4C', ...ups] as Card[]) s = must(applyHandCommand(s, { type: 'card', card: cardId(c), at: 1 }));
      expect(legalActions(s)?.seat).toBe(1);
    }
    // and a tie between seats 2 and 3 (seat 1 lower) goes to seat 2
    let s = must(startHand({ handId: 'h', config: tableConfig({ variant: 'soko', structure: 'fixed-limit', anteMinor: 10, smallBetMinor: 50, bigBetMinor: 100 }), seats: seats(1000, 1000, 1000), buttonSeat: null, at: 0 }));
    for (const c of ['2H', '3D', '4C', '9S', 'KC', 'KS'] as Card[]) s = must(applyHandCommand(s, { type: 'card', card: cardId(c), at: 1 }));
    expect(legalActions(s)?.seat).toBe(2);
  });
});

describe('time (S1-TIMEOUT, S1-TIMEBANK) and failures (S1-FAIL-RING)', () => {
  const begin = (cfg: Partial<PokerTableConfig>): HandState => {
    let s = must(startHand({ handId: 'h', config: tableConfig({ ...(NL as Partial<PokerTableConfig>), actionMs: 10_000, timeBankMs: 30_000, ...cfg }), seats: seats(1000, 1000, 1000), buttonSeat: 3, at: 0 }));
    for (const c of ['AH', 'AD', 'KH', 'KD', 'QH', 'QD'] as Card[]) s = must(applyHandCommand(s, { type: 'card', card: cardId(c), at: 1000 }));
    return s;
  };
  it('the clock runs from the turn; a timeout before the deadline is rejected; after it the player folds (S1-TIMEOUT)', () => {
    const s = begin({});
    expect(s.clock).toMatchObject({ seat: 3, deadlineAt: 11_000 });
    const early = applyHandCommand(s, { type: 'timeout', seat: 3, at: 10_999 });
    expect(early.ok ? null : early.violation).toMatchObject({ code: 'POKER_CLOCK_RUNNING', ruleId: 'S1-TIMEOUT' });
    const t = must(applyHandCommand(s, { type: 'timeout', seat: 3, at: 11_000 }));
    expect(t.seats[2]?.folded).toBe(true);
    // a late action never beats the clock (non-negotiable 1): refused, the timeout default applies
    const lateCall = applyHandCommand(s, { type: 'act', seat: 3, action: 'call', at: 11_001 });
    expect(lateCall.ok ? null : lateCall.violation).toMatchObject({ code: 'POKER_CLOCK_EXPIRED', ruleId: 'S1-TIMEOUT' });
    expect(must(applyHandCommand(s, { type: 'timeout', seat: 3, at: 11_001 })).seats[2]?.folded).toBe(true);
  });
  it('check when free on a check-when-free table; fold on a literal-001 table even when free', () => {
    let s = begin({ timeout: 'check-when-free' });
    s = must(applyHandCommand(s, { type: 'act', seat: 3, action: 'call', at: 2000 }));
    s = must(applyHandCommand(s, { type: 'act', seat: 1, action: 'call', at: 2000 }));
    expect(timeoutAction(s)).toMatchObject({ seat: 2, action: 'check' });
    let f = begin({});
    f = must(applyHandCommand(f, { type: 'act', seat: 3, action: 'call', at: 2000 }));
    f = must(applyHandCommand(f, { type: 'act', seat: 1, action: 'call', at: 2000 }));
    expect(timeoutAction(f)).toMatchObject({ seat: 2, action: 'fold' });
  });
  it('the time bank moves the deadline once and is spent by the time used past the base deadline (S1-TIMEBANK)', () => {
    let s = begin({});
    s = must(applyHandCommand(s, { type: 'time-bank', seat: 3, at: 5000 }));
    expect(s.clock?.deadlineAt).toBe(41_000);
    const again = applyHandCommand(s, { type: 'time-bank', seat: 3, at: 6000 });
    expect(again.ok ? null : again.violation).toMatchObject({ code: 'POKER_NO_TIME_BANK' });
    s = must(applyHandCommand(s, { type: 'act', seat: 3, action: 'call', at: 21_000 }));
    expect(s.seats[2]?.timeBankMs).toBe(20_000);
  });
  it('a system failure voids the hand: every remaining player gets back what they put in (S1-FAIL-RING)', () => {
    let s = begin({ rake: { basisPoints: 500, capMinor: null, noFlopNoDrop: false } });
    s = must(applyHandCommand(s, { type: 'act', seat: 3, action: 'raise', toMinor: 300, at: 2000 }));
    s = must(applyHandCommand(s, { type: 'act', seat: 1, action: 'fold', at: 2000 }));
    s = must(applyHandCommand(s, { type: 'act', seat: 2, action: 'call', at: 2000 }));
    expect(s.rakeMinor).toBeGreaterThan(0);
    const v = must(applyHandCommand(s, { type: 'void', reason: 'server failure', at: 3000 }));
    expect(v.result?.type).toBe('void');
    expect(v.result?.rakeMinor).toBe(0);
    expect(stacks(v)).toEqual({ 1: 1000, 2: 1000, 3: 1000 });
    const toRemaining = must(applyHandCommand({ ...s, config: { ...s.config, voidFoldedChips: 'to-remaining' } }, { type: 'void', reason: 'x', at: 3000 }));
    expect(stacks(toRemaining)).toEqual({ 1: 950, 2: 1025, 3: 1025 });
    const after = applyHandCommand(v, { type: 'act', seat: 2, action: 'check', at: 4000 });
    expect(after.ok ? null : after.violation).toMatchObject({ code: 'POKER_HAND_OVER' });
  });
});

describe('irregularities (P4-IRR)', () => {
  const begin = (cfg: Partial<PokerTableConfig> = {}): HandState => {
    let s = must(startHand({ handId: 'h', config: tableConfig({ ...(NL as Partial<PokerTableConfig>), anteMinor: 5, ...cfg }), seats: seats(1000, 1000, 1000), buttonSeat: 3, at: 0 }));
    for (const c of ['AH', 'AD', 'KH', 'KD', 'QH', 'QD'] as Card[]) s = must(applyHandCommand(s, { type: 'card', card: cardId(c), at: 1 }));
    return s;
  };
  it('a misdeal before significant action redeals: every chip, antes and blinds too, goes back', () => {
    let s = begin();
    s = must(applyHandCommand(s, { type: 'act', seat: 3, action: 'fold', at: 2 }));
    const m = must(applyHandCommand(s, { type: 'misdeal', reason: 'seat 2 got three cards', at: 3 }));
    expect(m.result?.type).toBe('void');
    expect(m.result?.rules[0]).toBe('P4-IRR');
    expect(stacks(m)).toEqual({ 1: 1000, 2: 1000, 3: 1000 });
  });
  it('after significant action (two players acted) the hand must continue', () => {
    let s = begin();
    s = must(applyHandCommand(s, { type: 'act', seat: 3, action: 'call', at: 2 }));
    s = must(applyHandCommand(s, { type: 'act', seat: 1, action: 'call', at: 2 }));
    const m = applyHandCommand(s, { type: 'misdeal', reason: 'late', at: 3 });
    expect(m.ok ? null : m.violation).toMatchObject({ code: 'POKER_MISDEAL_TOO_LATE', ruleId: 'P4-IRR' });
  });
  it('an exposed card is shown to all and stays in play (show-to-all), or redeals before significant action (redeal)', () => {
    const s = begin();
    const shown = must(applyHandCommand(s, { type: 'expose', seat: 2, card: cardId('AD'), at: 2 }));
    expect(shown.seats[1]?.cards.find((k) => k.card === cardId('AD'))?.up).toBe(true);
    expect(shown.phase.type).toBe('bet');
    const redealt = must(applyHandCommand(begin({ exposedCard: 'redeal' }), { type: 'expose', seat: 2, card: cardId('AD'), at: 2 }));
    expect(redealt.result?.type).toBe('void');
    const wrong = applyHandCommand(s, { type: 'expose', seat: 2, card: cardId('AH'), at: 2 });
    expect(wrong.ok ? null : wrong.violation).toMatchObject({ code: 'POKER_NOT_A_DOWN_CARD' });
  });
});

describe('burn cards (PT-BURN, 004 "Formal games burn one card before dealing")', () => {
  const holdem = {
    table: { ...NL, burnCards: true },
    button: 3,
    seats: seats(1000, 1000, 1000),
    cards: { 1: ['AH', 'AD'], 2: ['KH', 'KD'], 3: ['QH', 'QD'] },
    board: ['2C', '7D', '9H', 'JS', '3S'],
    burns: ['4C', '8C', 'TC'],
    actions: [{ seat: 3, action: 'call' }, { seat: 1, action: 'call' }, { seat: 2, action: 'check' }, ...[1, 2, 3, 1, 2, 3, 1, 2, 3].map((seat) => ({ seat, action: 'check' }))],
  };
  const dues = (variant: VariantId, hand: Record<string, unknown>): { s: HandState; dues: string[]; events: Record<string, unknown>[] } => {
    const input = parseReplayInput(variant, hand);
    if (!input.ok) throw new Error(input.violation.message);
    const seen: string[] = [];
    const events: Record<string, unknown>[] = [];
    const r = replayHand(input.value, 'burn', (before, cmd) => {
      const d = cardDue(before);
      if (cmd.type === 'card' && d) seen.push(d.to === 'seat' ? `s${d.seat}` : d.to);
      events.push(commandView(before, cmd));
    });
    return { s: must(r), dues: seen, events };
  };

  it("Hold'em: one burn before the flop, the turn and the river, none before the hole cards; burned cards are dealt and dead", () => {
    const { s, dues: d } = dues('holdem', holdem);
    expect(d).toEqual(['s1', 's2', 's3', 's1', 's2', 's3', 'burn', 'board', 'board', 'board', 'burn', 'board', 'burn', 'board']);
    expect(s.burned.map(cardCode)).toEqual(['4C', '8C', 'TC']);
    expect(s.board.map(cardCode)).toEqual(['2C', '7D', '9H', 'JS', '3S']);
    for (const b of s.burned) expect(s.dealt).toContain(b);
    expect(won(s)).toEqual({ 1: 300, 2: 0, 3: 0 });
    // the same hand on a table without burns deals the burns' cards as the board: no burns are expected
    expect(playErr('holdem', { ...holdem, table: NL }).code).toBe('POKER_REPLAY_EXTRA');
    // a burn missing from the written hand, or a burned card dealt again (one deck)
    expect(playErr('holdem', { ...holdem, burns: ['4C', '8C'] })).toMatchObject({ code: 'POKER_REPLAY_INCOMPLETE' });
    expect(playErr('holdem', { ...holdem, burns: ['4C', '8C', '3S'], board: ['2C', '7D', '9H', 'JS', '4C'] })).toMatchObject({ code: 'POKER_CARD_SEEN', ruleId: 'S1-DEAL-1' });
  });

  it('nobody sees a burned card during the hand, not even a dealer who sees hole cards; the pit boss gets them once it is over, and they replay', () => {
    const { s, events } = dues('holdem', { ...holdem, table: { ...NL, burnCards: true, dealerSeesHoleCards: true } });
    const logged = { start: { seq: 0, handId: 'burn', config: s.config, seats: seats(1000, 1000, 1000), buttonSeat: 3, at: 0, deckCommit: null }, commands: [] as { seq: number; cmd: HandCommand }[], ended: { seq: 99, deck: null, salt: null } };
    // rebuild the commands from the full events (the pit boss's copy)
    const parsedAll = parseHandEvents('holdem', { handId: 'burn', table: s.config, events: [{ type: 'hand-started', buttonSeat: 3, seats: seats(1000, 1000, 1000), at: 0 }, ...events] });
    if (!parsedAll.ok) throw new Error(parsedAll.violation.message);
    logged.commands = parsedAll.value.commands.map((cmd, i) => ({ seq: i + 1, cmd }));
    expect(must(replayHandEvents(parsedAll.value)).burned).toEqual(s.burned);
    const burnedCodes = s.burned.map(cardCode);
    for (const a of [{ role: 'dealer' }, { role: 'player', playerId: 'p1' }, { role: 'player', playerId: 'observer' }] as const) {
      const ev = handEventsView(logged, a);
      if (!ev.ok) throw new Error(ev.violation.message);
      expect(ev.value.filter((e) => e.type === 'card-burned')).toHaveLength(3);
      for (const b of burnedCodes) expect(JSON.stringify(ev.value)).not.toContain(`"${b}"`);
      for (const b of burnedCodes) expect(JSON.stringify(viewHand(s, a))).not.toContain(`"${b}"`);
    }
    // the pit boss during the hand: no values either
    const during = handEventsView({ ...logged, ended: null }, { role: 'pitboss' });
    if (!during.ok) throw new Error(during.violation.message);
    for (const b of burnedCodes) expect(JSON.stringify(during.value)).not.toContain(`"${b}"`);
    const after = handEventsView(logged, { role: 'pitboss' });
    if (!after.ok) throw new Error(after.violation.message);
    expect(after.value.filter((e) => e.to === 'burn').map((e) => e.card)).toEqual(burnedCodes);
    // a player's copy cannot be laid out again
    const mine = handEventsView(logged, { role: 'player', playerId: 'p1' });
    if (!mine.ok) throw new Error(mine.violation.message);
    const p = parseHandEvents('holdem', { handId: 'burn', table: s.config, events: mine.value });
    expect(p.ok ? 'ok' : p.violation.code).toBe('POKER_REPLAY_HIDDEN');
  });

  it('stud: one burn before 4th, 5th, 6th and 7th street; with 7 players to 7th street the stock has no card to spare and the last burn is left out', () => {
    const STUD = { structure: 'fixed-limit', anteMinor: 10, bringInMinor: 20, smallBetMinor: 50, bigBetMinor: 100, burnCards: true };
    const { s, dues: d } = dues('stud', {
      table: STUD,
      button: null,
      seats: seats(1000, 1000),
      cards: { 1: ['AH', 'AD', '3C', '4D', '8C', '9C', 'TC'], 2: ['7H', '7D', 'KH', 'KS', '2H', '3H', '4H'] },
      burns: ['5S', '6S', '7S', '8S'],
      actions: [{ seat: 2, action: 'call' }, ...[2, 1, 2, 1, 2, 1, 2, 1].map((seat) => ({ seat, action: 'check' }))],
    });
    expect(d).toEqual(['s1', 's2', 's1', 's2', 's1', 's2', 'burn', 's1', 's2', 'burn', 's1', 's2', 'burn', 's1', 's2', 'burn', 's1', 's2']);
    expect(s.burned.map(cardCode)).toEqual(['5S', '6S', '7S', '8S']);
    expect(s.result?.type).toBe('showdown');
    // seven players, everyone calls to 7th street: 21 + 3 burns + 21 = 45 out, 7 left for 7 seats → no burn
    let h = must(startHand({ handId: 'h7', config: tableConfig({ ...(STUD as Partial<PokerTableConfig>), variant: 'stud' }), seats: seats(1000, 1000, 1000, 1000, 1000, 1000, 1000), buttonSeat: null, at: 0 }));
    let next = 0;
    for (let guard = 0; h.phase.type !== 'complete' && guard < 500; guard++) {
      const due = cardDue(h);
      const la = legalActions(h);
      const cmd: HandCommand = due ? { type: 'card', card: next++, at: 1 } : { type: 'act', seat: la?.seat as number, action: la?.canCheck ? 'check' : 'call', at: 1 };
      h = must(applyHandCommand(h, cmd));
    }
    expect(h.result?.type).toBe('showdown');
    expect(h.burned).toHaveLength(3);
    expect(next).toBe(52);
  });

  it('a draw burns once before the first replacement card; nothing when everyone stands pat; burnCards is validated', () => {
    const { dues: d, s } = dues('draw', {
      table: { ...NL, burnCards: true },
      button: 2,
      seats: seats(1000, 1000),
      cards: { 1: ['AH', 'AD', '2C', '7S', '9D', 'AS', 'AC'], 2: ['KH', 'KD', 'KS', '3C', '4C', '5H'] },
      burns: ['QD'],
      actions: [{ seat: 2, action: 'call' }, { seat: 1, action: 'check' }, { seat: 1, action: 'draw', discards: ['2C', '7S'] }, { seat: 2, action: 'draw', discards: ['3C'] }, { seat: 1, action: 'bet', toMinor: 100 }, { seat: 2, action: 'call' }],
    });
    expect(d.slice(10)).toEqual(['burn', 's1', 's1', 's2']);
    expect(s.burned.map(cardCode)).toEqual(['QD']);
    const pat = play('draw', { table: { ...NL, burnCards: true }, button: 2, seats: seats(1000, 1000), cards: { 1: ['AH', 'AD', '2C', '7S', '9D'], 2: ['KH', 'KD', 'KS', '3C', '4C'] }, actions: [{ seat: 2, action: 'call' }, { seat: 1, action: 'check' }, { seat: 1, action: 'draw', discards: [] }, { seat: 2, action: 'draw', discards: [] }, { seat: 1, action: 'check' }, { seat: 2, action: 'check' }] });
    expect(pat.burned).toEqual([]);
    const bad = startHand({ handId: 'h', config: { ...tableConfig({}), burnCards: 'yes' as unknown as boolean }, seats: seats(1000, 1000), buttonSeat: 1, at: 0 });
    expect(bad.ok ? null : bad.violation).toMatchObject({ code: 'POKER_INVALID_CONFIG', ruleId: 'PT-BURN' });
  });
});

describe('written hands and table settings refuse unknown fields and invalid values (issue 24; D-2, S1-RAKE, GEN-8)', () => {
  const hand = { table: NL, button: 2, seats: seats(1000, 1000), cards: { 1: ['AH', 'AD'], 2: ['KH', 'KD'] }, board: ['2C', '7D', '9H', 'JS', '3S'], actions: [{ seat: 2, action: 'all-in' }, { seat: 1, action: 'call' }] };
  it.each([
    ['"ante": -1 (a misspelt anteMinor)', { ...hand, table: { ...NL, ante: -1 } }, { code: 'POKER_INVALID_CONFIG', ruleId: 'D-2', details: { field: 'ante' } }],
    ['an unknown rake field', { ...hand, table: { ...NL, rake: { basisPoints: 500, capMinor: null, noFlopNoDrop: false, max: 3 } } }, { code: 'POKER_INVALID_CONFIG', ruleId: 'S1-RAKE' }],
    ['a rake missing a field', { ...hand, table: { ...NL, rake: { basisPoints: 500 } } }, { code: 'POKER_INVALID_CONFIG', ruleId: 'S1-RAKE' }],
    ['a table that is not an object', { ...hand, table: [1] }, { code: 'POKER_INVALID_CONFIG', ruleId: 'D-2' }],
    ['an unknown top-level field', { ...hand, button_seat: 2 }, { code: 'POKER_REPLAY_INPUT', ruleId: 'GEN-8' }],
    ['an unknown seat field', { ...hand, seats: [{ seat: 1, playerId: 'a', stack: 5 }, { seat: 2, playerId: 'b', stackMinor: 5 }] }, { code: 'POKER_REPLAY_INPUT', ruleId: 'GEN-8' }],
    ['an unknown action field', { ...hand, actions: [{ seat: 2, action: 'raise', amount: 300 }] }, { code: 'POKER_REPLAY_INPUT', ruleId: 'GEN-8' }],
  ])('parseReplayInput refuses %s', (_n, input, v) => {
    const r = parseReplayInput('holdem', input);
    expect(r.ok ? null : r.violation).toMatchObject(v);
  });
  it.each([
    ['a negative ante', { anteMinor: -1 }, 'D-1'],
    ['a fractional blind', { bigBlindMinor: 100.5 }, 'D-1'],
    ['a string structure', { structure: 'nolimit' }, 'S1-FL'],
    ['a negative rake', { rake: { basisPoints: -5, capMinor: null, noFlopNoDrop: true } }, 'S1-RAKE'],
  ])('an invalid value is refused when the hand starts: %s', (_n, table, ruleId) => {
    expect(playErr('holdem', { ...hand, table: { ...NL, ...table } })).toMatchObject({ code: 'POKER_INVALID_CONFIG', ruleId });
  });
  it('the known fields are accepted (every field of the default table)', () => {
    const { variant: _v, ...rest } = tableConfig({});
    expect(parseReplayInput('holdem', { ...hand, table: { ...rest, ...NL } }).ok).toBe(true);
    expect(parseReplayInput('holdem', { ...hand, table: { ...NL, variant: 'holdem' } }).ok).toBe(true);
  });
});
