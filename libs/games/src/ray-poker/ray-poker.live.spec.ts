import { describe, expect, it } from 'vitest';
import type { GameModule } from '../kernel/game.js';
import type { RoundLimits, Settlement } from '../kernel/kernel.js';
import { fastPokerProfiles, fastPokerSpec } from './fast-poker.game.js';
import { dynamicPokerGame, dynamicPokerKernel, dynamicPokerProfiles, dynamicPokerSpec, riversidePokerGame, riversidePokerKernel, riversidePokerProfiles, riversidePokerSpec, tripleBetPokerGame, tripleBetPokerKernel, tripleBetPokerProfiles, tripleBetPokerSpec } from './ray-poker.live.js';

/**
 * Triple Bet, Dynamic and Riverside Poker live on the referee (RAY 2011 (docs/rules) §7.2–§7.4). The golden
 * tables run whole rounds through the game's definition (`felt settle` drives the same kernel as a
 * live table: cards in shoe order, each decision point's actions, the timer's default where none is
 * given); the live tests drive the kernel command by command (decision windows, timeouts, redaction).
 * Stakes: base bets 100, bonus 50; results are each bet's total return (stake included).
 */

type Bet = { spot: string; stakeMinor: number; playerId?: string; betId?: string };
function settle(game: GameModule, profile: string, input: { player: string[]; dealer?: string[]; board: string[]; bets: Bet[]; actions?: Record<string, string[]> }): Settlement {
  const r = game.settleOffline(profile, input);
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return r.value;
}
const returns = (s: Settlement): Record<string, [number, string]> => Object.fromEntries(s.lines.map((l) => [l.betId, [l.returnMinor, l.outcome]]));
const cards = (s: string): string[] => s.split(' ');

// ───────────────────────────── Triple Bet (§7.2) ─────────────────────────────

const TB_BETS: Bet[] = [
  { spot: 'bet-1', stakeMinor: 100, betId: 'b1' },
  { spot: 'bet-2', stakeMinor: 100, betId: 'b2' },
  { spot: 'bet-3', stakeMinor: 100, betId: 'b3' },
  { spot: 'bonus', stakeMinor: 50, betId: 'B' },
];

describe('Triple Bet Poker live: golden rounds (§7.2, TB-1..TB-3, TB-L1..TB-L3)', () => {
  it.each([
    ['pair of tens or better pays 1 x insatsen on every remaining bet; one pair loses B (TB-2, TB-3)', 'TC KH 2D', 'TD 3S', ['keep', 'keep'], { b1: [200, 'win'], b2: [200, 'win'], b3: [200, 'win'], B: [0, 'lose'] }],
    ['the timer keeps every bet: no decision = keep (TB-L2)', 'TC KH 2D', 'TD 3S', [], { b1: [200, 'win'], b2: [200, 'win'], b3: [200, 'win'], B: [0, 'lose'] }],
    ['a bet removed at each decision point is returned; bet 3 always stays (TB-1, TB-L2)', 'TC KH 2D', 'TD 3S', ['remove', 'remove'], { b1: [100, 'refund'], b2: [100, 'refund'], b3: [200, 'win'], B: [0, 'lose'] }],
    ['removal at the second point only returns bet 2 (TB-L2)', '9C KH 2D', '9D 3S', ['keep', 'remove'], { b1: [0, 'lose'], b2: [100, 'refund'], b3: [0, 'lose'], B: [0, 'lose'] }],
    ['a pair below tens loses (TB-2 "A pair below tens loses")', '9C KH 2D', '9D 3S', ['keep', 'keep'], { b1: [0, 'lose'], b2: [0, 'lose'], b3: [0, 'lose'], B: [0, 'lose'] }],
    ['straight flush 30 x on each bet and 50 x on B (TB-2, TB-3)', '5D 6D 7D', '8D 9D', ['keep', 'keep'], { b1: [3100, 'win'], b2: [3100, 'win'], b3: [3100, 'win'], B: [2550, 'win'] }],
    ['B pays a four-card flush 3 x while the main bets lose; removals do not touch B (TB-3 [Interp.])', '2H 5H 9H', 'JH KC', ['remove', 'remove'], { b1: [100, 'refund'], b2: [100, 'refund'], b3: [0, 'lose'], B: [200, 'win'] }],
  ] as const)('%s', (_name, player, board, actions, expected) => {
    const s = settle(tripleBetPokerGame, 'ray', { player: cards(player), board: cards(board), bets: TB_BETS.map((b) => ({ ...b, playerId: 'p1' })), actions: { p1: [...actions] } });
    expect(returns(s)).toEqual(expected);
  });

  it.each([
    ['straight flush 30 x', '5D 6D 7D', '8D 9D', 3100],
    ['royal flush: no own row ([Gap]), straight flush 30 x', 'TS JS QS', 'KS AS', 3100],
    ['four of a kind 15 x', '9C 9D 9H', '9S 2C', 1600],
    ['full house 10 x', '9C 9D 9H', '2S 2C', 1100],
    ['flush 7 x', '2H 5H 9H', 'JH KH', 800],
    ['straight 5 x (A-2-3-4-5 counts)', 'AC 2D 3H', '4S 5C', 600],
    ['three of a kind 3 x', '7C 7D 7H', 'KS 2C', 400],
    ['two pair 2 x', '7C 7D 3H', '3S KC', 300],
    ['pair of tens 1 x', 'TC TD 3H', '5S KC', 200],
    ['no pair loses', 'AC KD 3H', '5S 8C', 0],
  ])('main pay table (TB-2): %s', (_name, player, board, each) => {
    const s = settle(tripleBetPokerGame, 'ray', { player: cards(player), board: cards(board), bets: TB_BETS.slice(0, 3).map((b) => ({ ...b, playerId: 'p1' })) });
    expect(s.lines.map((l) => l.returnMinor)).toEqual([each, each, each]);
  });

  it('three unequal base bets do not make a hand: every bet of the player is refunded (TB-L1, §12.15)', () => {
    const s = settle(tripleBetPokerGame, 'ray', { player: cards('AC AD AH'), board: cards('AS 2C'), bets: [{ spot: 'bet-1', stakeMinor: 100 }, { spot: 'bet-2', stakeMinor: 200 }, { spot: 'bet-3', stakeMinor: 100 }, { spot: 'bonus', stakeMinor: 50 }] });
    expect(s.lines.map((l) => [l.returnMinor, l.outcome, l.rules])).toEqual([
      [100, 'refund', ['TB-L1']],
      [200, 'refund', ['TB-L1']],
      [100, 'refund', ['TB-L1']],
      [50, 'refund', ['TB-L1']],
    ]);
  });
});

// ───────────────────────────── Dynamic (§7.3) ─────────────────────────────

const DY_BETS: Bet[] = [
  { spot: 'blind', stakeMinor: 100, betId: 'blind' },
  { spot: 'bonus', stakeMinor: 50, betId: 'B' },
];
const dyReturns = (s: Settlement): Record<string, [number, string]> => Object.fromEntries(s.lines.map((l) => [l.betId.replace(/^blind:/, ''), [l.returnMinor, l.outcome]]));

describe('Dynamic Poker live: golden rounds (§7.3, DY-1..DY-3, DY-L1)', () => {
  it.each([
    ['player better below a flush: Flop, Turn, River 1:1, the Blind pushes; B A-A 50 x (DY-2, DY-3)', 'ray', 'AS AD', 'KC QD', '2C 7H 9S JD 4C', ['play', 'raise', 'raise'], { blind: [100, 'push'], flop: [400, 'win'], turn: [200, 'win'], river: [200, 'win'], B: [2550, 'win'] }],
    ['player better with a flush: the Blind also wins 1:1 (DY-2)', 'ray', 'AH 5H', 'KC KD', '2H 7H 9H JS 4C', ['play', 'check'], { blind: [200, 'win'], flop: [400, 'win'], B: [0, 'lose'] }],
    ['no qualification: the dealer\'s better high card takes everything, Blind included (DY-2 [Interp.]); the timer checks the Turn', 'ray', '9C 8D', 'AC KD', '2S 4H 6D JC 3S', ['play'], { blind: [0, 'lose'], flop: [0, 'lose'], B: [0, 'lose'] }],
    ['equal hands push, the board plays, no suit ranking (DY-2)', 'ray', '2C 3D', '2H 3S', 'AS KD QC JH 9S', ['play', 'raise', 'check'], { blind: [100, 'push'], flop: [200, 'push'], turn: [100, 'push'], B: [0, 'lose'] }],
    ['a fold loses the Blind and B, even a winning B hand (DY-1, DY-3 "must pay the Flop bet")', 'ray', 'KS KD', '2H 3S', 'AS 7D QC JH 9S', ['fold'], { blind: [0, 'lose'], B: [0, 'lose'] }],
    ['the timer folds the hole-card decision (DY-L1: fold on timeout)', 'ray', 'KS KD', '2H 3S', 'AS 7D QC JH 9S', [], { blind: [0, 'lose'], B: [0, 'lose'] }],
    ['the wheel A-2-3-4-5 is a straight ("förutom i en stege" [Interp.])', 'ray', 'AC 2D', 'KC KH', '3S 4H 5D 9C JS', ['play', 'check'], { blind: [100, 'push'], flop: [400, 'win'], B: [0, 'lose'] }],
  ] as const)('%s', (_name, profile, player, dealer, board, actions, expected) => {
    const s = settle(dynamicPokerGame, profile, { player: cards(player), dealer: cards(dealer), board: cards(board), bets: DY_BETS.map((b) => ({ ...b, playerId: 'p1' })), actions: { p1: [...actions] } });
    expect(dyReturns(s)).toEqual(expected);
  });

  it.each([
    ['A-A 50 x', 'AC AD', 2550],
    ['A-K suited 40 x', 'AS KS', 2050],
    ['A-Q suited 30 x', 'AH QH', 1550],
    ['A-J suited 30 x', 'AD JD', 1550],
    ['A-K offsuit 20 x', 'AS KD', 1050],
    ['K-K 10 x', 'KS KD', 550],
    ['Q-Q 10 x', 'QS QD', 550],
    ['J-J 10 x', 'JS JD', 550],
    ['A-Q offsuit loses', 'AS QD', 0],
    ['T-T loses', 'TS TD', 0],
  ])('B on the hole cards, paid after all seven cards (DY-3): %s', (_name, hole, bonus) => {
    const s = settle(dynamicPokerGame, 'ray', { player: cards(hole), dealer: cards('2H 3H'), board: cards('4C 7D 8S 9H 5C'), bets: DY_BETS.map((b) => ({ ...b, playerId: 'p1' })), actions: { p1: ['play'] } });
    expect(dyReturns(s)['B']?.[0]).toBe(bonus);
  });
});

// ───────────────────────────── Riverside (§7.4) ─────────────────────────────

const RV_BETS: Bet[] = [
  { spot: 'blind', stakeMinor: 100, betId: 'blind' },
  { spot: 'bonus', stakeMinor: 50, betId: 'B' },
];

describe('Riverside Poker live: golden rounds (§7.4, RV-1..RV-3, RV-L1)', () => {
  it.each([
    ['dealer without a pair does not qualify: Blind 1:1 flat, Call pushes (RV-2, §11.12 literal)', 'ray', 'AH 5H', 'KC QD', '2H 7H 9H JS 4C', ['call'], { blind: [200, 'win'], call: [200, 'push'], B: [550, 'win'] }],
    ['profile ray-table-blind: a non-qualifying dealer pays the Blind from the pay table, flush 2 x (§11.12 other reading)', 'ray-table-blind', 'AH 5H', 'KC QD', '2H 7H 9H JS 4C', ['call'], { blind: [300, 'win'], call: [200, 'push'], B: [550, 'win'] }],
    ['qualified, player better with two pair: Call 1:1, Blind 1 x; Bonus two pair 10 x (RV-2, RV-3)', 'ray', 'AS KD', 'QC QD', 'AC KH 7S 4D 2C', ['call'], { blind: [200, 'win'], call: [400, 'win'], B: [550, 'win'] }],
    ['qualified, player better with one pair: Call 1:1, the Blind pushes ("övriga händer push")', 'ray', 'AS 9D', 'QC QD', 'AC 3H 7S 4D JC', ['call'], { blind: [100, 'push'], call: [400, 'win'], B: [0, 'lose'] }],
    ['royal flush: Blind 20 x, Bonus straight flush 30 x (RV-2, RV-3)', 'ray', 'AS KS', '4H 4C', 'QS JS TS 2D 3C', ['call'], { blind: [2100, 'win'], call: [400, 'win'], B: [1550, 'win'] }],
    ['qualified, dealer better: Blind and Call lost; the Bonus stands alone (RV-2, RV-3)', 'ray', 'AS KD', '7C 7D', 'AC KH 7S 4D 2C', ['call'], { blind: [0, 'lose'], call: [0, 'lose'], B: [550, 'win'] }],
    ['equal hands push (RV-2)', 'ray', '2C 3D', '2H 3S', 'AS AD KC QH 9S', ['call'], { blind: [100, 'push'], call: [200, 'push'], B: [0, 'lose'] }],
    ['a fold loses Blind and Bonus, even two pair on the first five (RV-1, RV-3)', 'ray', 'AS KD', 'QC QD', 'AC KH 7S 4D 2C', ['fold'], { blind: [0, 'lose'], B: [0, 'lose'] }],
    ['the timer folds (RV-L1)', 'ray', 'AS KD', 'QC QD', 'AC KH 7S 4D 2C', [], { blind: [0, 'lose'], B: [0, 'lose'] }],
  ] as const)('%s', (_name, profile, player, dealer, board, actions, expected) => {
    const s = settle(riversidePokerGame, profile, { player: cards(player), dealer: cards(dealer), board: cards(board), bets: RV_BETS.map((b) => ({ ...b, playerId: 'p1' })), actions: { p1: [...actions] } });
    expect(dyReturns(s)).toEqual(expected);
  });

  it.each([
    ['royal / straight flush 30 x', 'QS KS', 'AS JS TS', 1550],
    ['four of a kind 20 x', '9S 9D', '9H 9C 2S', 1050],
    ['full house 15 x', '9S 9D', '9H 2C 2S', 800],
    ['flush 10 x', '2S 7S', 'KS JS 4S', 550],
    ['straight 10 x', '8S 9D', 'TH JC QS', 550],
    ['three of a kind 10 x', '9S 9D', '9H 2C 5S', 550],
    ['two pair 10 x', '9S 2D', '9H 2C 5S', 550],
    ['one pair loses ("worse than two pair loses")', 'AS AD', '9H 2C 5S', 0],
  ])('Bonus on the first five cards, dealer irrelevant (RV-3): %s', (_name, hole, flop, bonus) => {
    const s = settle(riversidePokerGame, 'ray', { player: cards(hole), dealer: cards('3H 4H'), board: [...cards(flop), '6C', '7C'], bets: RV_BETS.map((b) => ({ ...b, playerId: 'p1' })), actions: { p1: ['call'] } });
    expect(dyReturns(s)['B']?.[0]).toBe(bonus);
  });
});

// ───────────────────────────── bad input to felt settle ─────────────────────────────

describe('felt settle for the RAY live games: bad input answered with a code (GEN-8)', () => {
  it.each([
    ['a card not in the deck', tripleBetPokerGame, { player: ['TC', 'KH', '1X'], board: ['TD', '3S'], bets: [] }, 'POKER_CARD_INVALID'],
    ['a card twice (impossible from one deck)', dynamicPokerGame, { player: ['AS', 'AD'], dealer: ['AS', '2C'], board: ['3C', '4C', '5C', '6C', '7C'], bets: [] }, 'POKER_CARD_DUPLICATE'],
    ['the wrong card count', riversidePokerGame, { player: ['AS'], dealer: ['KS', 'KD'], board: ['3C', '4C', '5C', '6C', '7C'], bets: [] }, 'POKER_CARD_COUNT'],
    ['a River raise without a Turn raise (DY-1)', dynamicPokerGame, { player: ['AS', 'AD'], dealer: ['KS', '2C'], board: ['3C', '4C', '9H', '6D', '7S'], bets: [{ spot: 'blind', stakeMinor: 100, playerId: 'p1' }], actions: { p1: ['play', 'check', 'raise'] } }, 'UNUSED_ACTIONS'],
    ['an action that is not a choice', riversidePokerGame, { player: ['AS', 'AD'], dealer: ['KS', '2C'], board: ['3C', '4C', '9H', '6D', '7S'], bets: [{ spot: 'blind', stakeMinor: 100, playerId: 'p1' }], actions: { p1: ['raise'] } }, 'UNKNOWN_ACTION'],
    ['a bonus without the main bet (DY-3)', dynamicPokerGame, { player: ['AS', 'AD'], dealer: ['KS', '2C'], board: ['3C', '4C', '9H', '6D', '7S'], bets: [{ spot: 'bonus', stakeMinor: 100 }] }, 'RESTRICTED_COMBINATION'],
  ] as const)('%s', (_name, game, input, code) => {
    const r = game.settleOffline('ray', input);
    expect(r.ok ? 'ok' : r.violation.code).toBe(code);
  });
});

// ───────────────────────────── the live kernels command by command ─────────────────────────────

const T0 = 1_000_000;
const CLOSES = T0 + 10_000;
const limits: RoundLimits = { spots: { bonus: { minMinor: 50, maxMinor: 50 } }, tableMinMinor: 100, tableMaxMinor: 100_000 };
type Cmd = { type: string; at: number } & Record<string, unknown>;
interface K {
  initial(): unknown;
  decide(s: never, c: never): { ok: true; events: readonly unknown[] } | { ok: false; violation: { code: string } };
  evolve(s: never, e: never): unknown;
  view(s: never, a: never): unknown;
  deadlines(s: never): readonly { at: number; command: Cmd }[];
  redact(e: never, a: never): unknown;
}

function runner(k: K) {
  let s = k.initial();
  const log: unknown[] = [];
  return {
    do(c: Cmd): string {
      const d = k.decide(s as never, c as never);
      if (!d.ok) return d.violation.code;
      for (const e of d.events) {
        s = k.evolve(s as never, e as never);
        log.push(e);
      }
      return 'ok';
    },
    get state() {
      return s as { phase: string; window: { closesAt: number } | null };
    },
    view: (a: object) => k.view(s as never, a as never),
    deadlines: () => k.deadlines(s as never),
    log,
  };
}
const open = (profileId = 'ray'): Cmd => ({ type: 'OpenRound', at: T0, roundId: 'r1', tableId: 't1', profileId, bettingClosesAt: CLOSES, limits });
const bet = (betId: string, playerId: string, spot: string, stakeMinor: number): Cmd => ({ type: 'PlaceBet', at: T0 + 1, bet: { betId, playerId, spot, stakeMinor } });
const card = (c: string, at: number): Cmd => ({ type: 'RecordCard', at, card: c });

describe('the live kernels, command by command', () => {
  it('Triple Bet: the fixed B stake is the bonus spot limit; B and bets 2–3 need bet 1; each removal decision has a deadline, keep on timeout', () => {
    const r = runner(tripleBetPokerKernel as unknown as K);
    expect(r.do(open())).toBe('ok');
    expect(r.do(bet('x', 'p1', 'bonus', 50))).toBe('RESTRICTED_COMBINATION');
    expect(r.do(bet('b1', 'p1', 'bet-1', 100))).toBe('ok');
    expect(r.do(bet('x2', 'p1', 'bonus', 60))).toBe('ABOVE_MAX');
    for (const c of [bet('b2', 'p1', 'bet-2', 100), bet('b3', 'p1', 'bet-3', 100), bet('B', 'p1', 'bonus', 50)]) expect(r.do(c)).toBe('ok');
    for (const [i, c] of ['TC', 'KH', '2D'].entries()) expect(r.do(card(c, CLOSES + 1 + i))).toBe('ok');
    expect(r.do(card('TD', CLOSES + 10))).toBe('NO_CARD_DUE');
    expect(r.do({ type: 'PlayerAction', at: CLOSES + 11, playerId: 'p1', action: 'remove' })).toBe('ok');
    expect(r.do(card('TD', CLOSES + 12))).toBe('ok');
    const dl = r.deadlines();
    expect(dl.map((d) => d.command.type)).toContain('CloseDecisions');
    const close = dl.find((d) => d.command.type === 'CloseDecisions') as { command: Cmd };
    expect(r.do({ ...close.command, at: close.command.at - 1 })).toBe('DECISION_TIME_NOT_OVER');
    expect(r.do(close.command)).toBe('ok');
    expect(r.do(card('3S', close.command.at + 1))).toBe('ok');
    expect(r.state.phase).toBe('resolved');
    const s = (tripleBetPokerKernel.settle as (s: never) => { ok: boolean; value: Settlement })(r.state as never);
    expect(returns(s.value)).toEqual({ b1: [100, 'refund'], b2: [200, 'win'], b3: [200, 'win'], B: [0, 'lose'] });
  });

  it('Dynamic: the River raise is offered only after a Turn raise (DY-1); the dealer\'s cards stay hidden from players until the reveal', () => {
    const r = runner(dynamicPokerKernel as unknown as K);
    r.do(open());
    r.do(bet('a1', 'p1', 'blind', 100));
    r.do(bet('a2', 'p2', 'blind', 100));
    const deal = ['AS', 'KC', 'AD', 'QD', '2C', '7H', '9S'];
    deal.slice(0, 4).forEach((c, i) => expect(r.do(card(c, CLOSES + 1 + i))).toBe('ok'));
    expect(JSON.stringify(r.view({ role: 'player', playerId: 'p1' }))).not.toMatch(/KC|QD/);
    expect(r.do({ type: 'PlayerAction', at: CLOSES + 10, playerId: 'p1', action: 'play' })).toBe('ok');
    expect(r.do({ type: 'PlayerAction', at: CLOSES + 11, playerId: 'p2', action: 'play' })).toBe('ok');
    deal.slice(4).forEach((c, i) => expect(r.do(card(c, CLOSES + 20 + i))).toBe('ok'));
    expect(r.do({ type: 'PlayerAction', at: CLOSES + 30, playerId: 'p1', action: 'raise' })).toBe('ok');
    expect(r.do({ type: 'PlayerAction', at: CLOSES + 31, playerId: 'p2', action: 'check' })).toBe('ok');
    expect(r.do(card('JD', CLOSES + 40))).toBe('ok');
    // p2 checked the Turn: nothing to decide at the River (DY-1)
    expect(r.do({ type: 'PlayerAction', at: CLOSES + 41, playerId: 'p2', action: 'raise' })).toBe('DECISION_NOT_PENDING');
    expect(r.do({ type: 'PlayerAction', at: CLOSES + 42, playerId: 'p1', action: 'raise' })).toBe('ok');
    expect(r.do(card('4C', CLOSES + 50))).toBe('ok');
    expect(r.state.phase).toBe('resolved');
    expect(JSON.stringify(r.view({ role: 'player', playerId: 'p1' }))).toMatch(/KC/);
    const redacted = r.log.map((e) => (dynamicPokerKernel.redact as (e: never, a: never) => unknown)(e as never, { role: 'player', playerId: 'p2' } as never));
    expect(JSON.stringify(redacted.slice(0, -1))).not.toMatch(/"KC"|"QD"/);
  });

  it('Riverside: the call window opens with the flop and folds on timeout (RV-1)', () => {
    const r = runner(riversidePokerKernel as unknown as K);
    r.do(open());
    r.do(bet('a1', 'p1', 'blind', 100));
    ['AS', 'KC', 'KD', 'QD', '2C', '7H'].forEach((c, i) => expect(r.do(card(c, CLOSES + 1 + i))).toBe('ok'));
    expect(r.state.window).toBeNull();
    expect(r.do(card('9S', CLOSES + 10))).toBe('ok');
    const w = r.state.window;
    expect(w?.closesAt).toBe(CLOSES + 10 + 15_000);
    const dl = r.deadlines().find((d) => d.command.type === 'CloseDecisions') as { command: Cmd };
    expect(r.do(dl.command)).toBe('ok');
    expect((r.view({ role: 'player', playerId: 'p1' }) as { me: { folded: boolean } }).me.folded).toBe(true);
  });
});

describe('Riverside Bonus settled before turn and river (§7.4 "Bonus wins are paid, and losing bonus bets collected, BEFORE turn and river are turned up"; RV-L2)', () => {
  type Line = { betId: string; playerId: string; returnMinor: number; outcome: string; rules: string[] };
  const settled = (log: readonly unknown[]): Line[][] => (log as { type: string; lines?: Line[] }[]).filter((e) => e.type === 'BetsSettled').map((e) => e.lines ?? []);

  it('the Call closes the window: one BetsSettled pays a called two pair 10 x and collects a folded bonus, before the turn; the final settlement leaves them out', () => {
    const r = runner(riversidePokerKernel as unknown as K);
    r.do(open());
    r.do(bet('a1', 'p1', 'blind', 100));
    r.do(bet('B1', 'p1', 'bonus', 50));
    r.do(bet('a2', 'p2', 'blind', 100));
    r.do(bet('B2', 'p2', 'bonus', 50));
    // player AS KD, dealer QC QD, flop AC KH 7S: two pair on the first five cards
    ['AS', 'QC', 'KD', 'QD', 'AC', 'KH'].forEach((c, i) => expect(r.do(card(c, CLOSES + 1 + i))).toBe('ok'));
    expect(settled(r.log)).toEqual([]);
    expect(r.do(card('7S', CLOSES + 10))).toBe('ok');
    // the window is open: nothing is final yet
    expect(settled(r.log)).toEqual([]);
    expect(r.do({ type: 'PlayerAction', at: CLOSES + 11, playerId: 'p1', action: 'call' })).toBe('ok');
    expect(settled(r.log)).toEqual([]);
    expect(r.do({ type: 'PlayerAction', at: CLOSES + 12, playerId: 'p2', action: 'fold' })).toBe('ok');
    const early = settled(r.log);
    expect(early.length).toBe(1);
    expect((early[0] ?? []).map((l) => [l.betId, l.returnMinor, l.outcome])).toEqual([
      ['B1', 550, 'win'],
      ['B2', 0, 'lose'],
    ]);
    expect(early[0]?.[0]?.rules).toContain('RV-L2');
    // …and it happened before the turn: the next event is the turn card
    const at = (r.log as { type: string }[]).findIndex((e) => e.type === 'BetsSettled');
    expect((r.log as { type: string }[]).slice(at + 1).map((e) => e.type)).toEqual([]);
    expect((r.state as unknown as { cards: unknown[] }).cards.length).toBe(7);
    // a player receives only their own line
    const redact = riversidePokerKernel.redact as (e: never, a: never) => { lines: Line[] } | null;
    const ev = (r.log as { type: string }[])[at];
    expect(redact(ev as never, { role: 'player', playerId: 'p1' } as never)?.lines.map((l) => l.betId)).toEqual(['B1']);
    expect(redact(ev as never, { role: 'player', playerId: 'p3' } as never)).toBeNull();
    ['4D', '2C'].forEach((c, i) => expect(r.do(card(c, CLOSES + 20 + i))).toBe('ok'));
    expect(settled(r.log).length).toBe(1); // once
    expect(r.state.phase).toBe('resolved');
    const s = (riversidePokerKernel.settle as (s: never) => { ok: boolean; value: Settlement })(r.state as never).value;
    expect(s.lines.map((l) => l.betId).sort()).toEqual(['a1', 'a1:call', 'a2']);
    expect((s.early ?? []).map((l) => l.betId)).toEqual(['B1', 'B2']);
    // house result over the whole round: stakes 100+50+200+100+50, returns 550 + blind 200 + call 400
    expect(s.houseResultMinor).toBe(500 - (550 + 200 + 400));
  });

  it('the timer folds an undecided hand: its bonus is collected at the deadline; a void after that refunds only the rest (GEN-6)', () => {
    const r = runner(riversidePokerKernel as unknown as K);
    r.do(open());
    r.do(bet('a1', 'p1', 'blind', 100));
    r.do(bet('B1', 'p1', 'bonus', 50));
    ['AS', 'QC', 'KD', 'QD', 'AC', 'KH', '7S'].forEach((c, i) => expect(r.do(card(c, CLOSES + 1 + i))).toBe('ok'));
    const dl = r.deadlines().find((d) => d.command.type === 'CloseDecisions') as { command: Cmd };
    expect(r.do(dl.command)).toBe('ok');
    expect(settled(r.log).flat().map((l) => [l.betId, l.returnMinor, l.outcome])).toEqual([['B1', 0, 'lose']]);
    expect(r.do({ type: 'VoidRound', at: dl.command.at + 5, reason: 'shoe fault', by: 'pit' })).toBe('ok');
    const s = (riversidePokerKernel.settle as (s: never) => { ok: boolean; value: Settlement })(r.state as never).value;
    expect(s.voided).toBe(true);
    expect(s.lines.map((l) => [l.betId, l.outcome])).toEqual([['a1', 'refund']]);
    expect((s.early ?? []).map((l) => l.betId)).toEqual(['B1']);
  });
});

describe('deadlines on every playing phase', () => {
  it.each([
    ['triple-bet-poker', tripleBetPokerKernel, ['bet-1', 'bet-2', 'bet-3'], ['TC', 'KH', '2D', 'TD', '3S']],
    ['dynamic-poker', dynamicPokerKernel, ['blind'], ['AS', 'KC', 'AD', 'QD', '2C', '7H', '9S', 'JD', '4C']],
    ['riverside-poker', riversidePokerKernel, ['blind'], ['AS', 'KC', 'AD', 'QD', '2C', '7H', '9S', 'JD', '4C']],
  ])('%s: every step until the result has a deadline (the deal a stall deadline, a decision its timer)', (_g, kernel, spots, deal) => {
    const r = runner(kernel as unknown as K);
    r.do(open());
    spots.forEach((s, i) => r.do(bet(`b${i}`, 'p1', s, 100)));
    let at = CLOSES;
    expect(r.do({ type: 'CloseBetting', at, reason: 'dealer' })).toBe('ok');
    for (const c of deal) {
      expect(r.deadlines().length).toBeGreaterThan(0);
      // a decision window holds the next card back until its deadline passes (published default)
      while (r.state.window) {
        const dl = r.deadlines().find((d) => d.command.type === 'CloseDecisions');
        expect(dl).toBeDefined();
        expect(r.do((dl as { command: Cmd }).command)).toBe('ok');
        at = (dl as { at: number }).at;
      }
      expect(r.deadlines().map((d) => d.command.type)).toContain('StallPlay');
      expect(r.do(card(c, ++at))).toBe('ok');
    }
    expect(r.state.phase).toBe('resolved');
    expect(r.deadlines()).toEqual([]);
  });
});

describe('paytables for the screens come from the profile (every banked poker game)', () => {
  it('Riverside: the Blind table pushes other hands (RV-2), the Bonus table is §7.4 read net (RV-3, RP-1)', () => {
    const [blind, bonus] = riversidePokerSpec.paytables(riversidePokerProfiles['ray'] as never);
    expect(blind?.otherwise).toBe('push');
    expect(blind?.rows.map((r) => [r.hand, r.pays[0]])).toEqual([['royal-flush', 20], ['straight-flush', 15], ['four-of-a-kind', 10], ['full-house', 3], ['flush', 2], ['straight', 1], ['three-of-a-kind', 1], ['two-pair', 1]]);
    expect(bonus?.reading).toBe('x-insatsen-net');
    expect(bonus?.rows.map((r) => r.pays[0])).toEqual([30, 20, 15, 10, 10, 10, 10]);
  });
  it('every table names spots of its game, with positive pays', async () => {
    const { bankedPoker } = await import('../index.js');
    const specs = [
      [bankedPoker.casinoHoldemSpec, bankedPoker.casinoHoldemProfiles],
      [bankedPoker.threeCardPokerSpec, bankedPoker.threeCardPokerProfiles],
      [bankedPoker.ultimateTexasHoldemSpec, bankedPoker.ultimateTexasHoldemProfiles],
      [bankedPoker.texasHoldemBonusSpec, bankedPoker.texasHoldemBonusProfiles],
      [fastPokerSpec, fastPokerProfiles],
      [tripleBetPokerSpec, tripleBetPokerProfiles],
      [dynamicPokerSpec, dynamicPokerProfiles],
      [riversidePokerSpec, riversidePokerProfiles],
    ] as const;
    for (const [spec, profiles] of specs) {
      for (const p of Object.values(profiles)) {
        const tables = (spec.paytables as (p: unknown) => readonly { spots: readonly string[]; rows: readonly { pays: readonly [number, number] }[] }[])(p);
        expect(tables.length, spec.game).toBeGreaterThan(0);
        for (const t of tables) {
          for (const s of t.spots) expect([...(spec.spots as (p: unknown) => readonly string[])(p), ...spec.decisionSpots]).toContain(s);
          for (const r of t.rows) expect(r.pays[0] > 0 && r.pays[1] > 0).toBe(true);
        }
      }
    }
  });
});
