import { describe, expect, it } from 'vitest';
import { parseCards, type CardId } from './ray-poker.hand.js';
import { rayPokerSettleOffline } from './ray-poker.offline.js';
import { fastRtp } from './ray-poker.rtp.js';
import {
  DYNAMIC_POKER as DY,
  dynamicBonus,
  dynamicResults,
  FAST_POKER as FP,
  fastBonus,
  fastResults,
  rayPokerProfiles,
  RIVERSIDE_POKER as RV,
  riversideBonus,
  riversideResults,
  TRIPLE_BET_POKER as TB,
  tripleBetBonus,
  tripleBetMain,
  type BetResult,
  type RiversideProfile,
} from './ray-poker.rules.js';
import { threeCardValue } from './ray-poker.hand.js';

const ids = (s: string): CardId[] => {
  const r = parseCards(s.split(' '), s.split(' ').length, 'test', new Set(), 'test');
  if (!r.ok) throw new Error(r.violation.message);
  return r.value;
};
/** [outcome, total return per unit] */
const o = (r: BetResult | null) => (r === null ? null : [r.outcome, r.returnMultiple]);

describe('Fast Poker golden table (§7.1, FP-1..FP-4)', () => {
  const play = (player: string, dealer: string) => fastResults({ cards: ids(player), decision: 'play' }, ids(dealer), FP);
  it.each([
    // [case, player, dealer, bet, play]
    ['dealer below queen-high does not qualify: Bet 1:1, Play pushes (FP-2)', '2C 3D 5H', 'JS 9S 4D', ['win', 2], ['push', 1]],
    ['dealer exactly queen-high qualifies; player better wins 1:1 and 1:1 (FP-3)', 'KC 3D 5H', 'QS 9S 4D', ['win', 2], ['win', 2]],
    ['dealer better: Bet and Play lost (FP-3)', '2C 2D 5H', '3S 3H 4D', ['lose', 0], ['lose', 0]],
    ['equal hands push, no suit ranking (FP-3)', 'AC KD 5H', 'AS KH 5D', ['push', 1], ['push', 1]],
    ['player trips: Play pays 3:1, Bet stays 1:1 (FP-3 [Interp.])', '7C 7D 7H', 'AS AH 4D', ['win', 2], ['win', 4]],
    ['player straight flush: Play pays 3:1 (FP-3)', '9H TH JH', 'AS AH 4D', ['win', 2], ['win', 4]],
    ['a straight beats a flush in three cards; A-2-3 is the small straight (ranking §7.1)', 'AC 2D 3H', '2S 7S 9S', ['win', 2], ['win', 2]],
    ['equal pairs: the higher third card wins (§7.1 ties)', '8C 8D KH', '8S 8H QD', ['win', 2], ['win', 2]],
    ['a non-qualifying dealer pays Bet even when the player holds less (FP-2 literal)', '2C 4D 6H', 'JS TD 8C', ['win', 2], ['push', 1]],
  ] as const)('%s', (_n, player, dealer, bet, playBox) => {
    const r = play(player, dealer);
    expect(o(r.bet)).toEqual(bet);
    expect(o(r.play)).toEqual(playBox);
  });

  it('a fold loses Bet and B, and places no Play (FP-1, FP-4)', () => {
    const r = fastResults({ cards: ids('AC AD AH'), decision: 'fold' }, ids('2S 3H 9D'), FP);
    expect([o(r.bet), r.play, o(r.bonus)]).toEqual([['lose', 0], null, ['lose', 0]]);
  });

  it.each([
    ['straight flush 30 x insatsen', 'QS KS AS', 31],
    ['three of a kind 30 x', '4C 4D 4H', 31],
    ['straight 5 x', '9C TD JH', 6],
    ['flush 4 x', '2H 7H KH', 5],
    ['pair 1 x', 'QC QD 3H', 2],
    ['below a pair loses B', 'AC KD 9H', 0],
  ] as const)('B: %s, read net (FP-4, RP-1)', (_n, hand, ret) => {
    expect(fastBonus(threeCardValue(ids(hand)), FP).returnMultiple).toBe(ret);
  });

  it('B is settled on the player\'s hand alone, whatever the dealer holds (FP-4)', () => {
    expect(o(fastResults({ cards: ids('QC QD 3H'), decision: 'play' }, ids('KS KH KD'), FP).bonus)).toEqual(['win', 2]);
    expect(o(fastResults({ cards: ids('QC QD 3H'), decision: 'play' }, ids('2S 5H 9D'), FP).bonus)).toEqual(['win', 2]);
  });

  it('exact RTP over all 22 100 × 18 424 deals: B is 5097/5525 = 92.25 % net (Appendix A 92.3 %), and the inclusive reading gives 66.6 %', () => {
    const rows = Object.fromEntries(fastRtp(FP).map((r) => [r.bet, r]));
    expect(rows['bonus-always-played']?.exact).toBe('5097/5525');
    expect(rows['bet+play']?.method).toBe('exact');
    expect(rows['bet+play']?.note).toMatch(/plays 14900 of 22100 hands/);
    const inclusive = Object.fromEntries(fastRtp({ ...FP, reading: 'inclusive' }).map((r) => [r.bet, r]));
    expect((inclusive['bonus-always-played']?.rtp ?? 0) * 100).toBeCloseTo(66.64, 2);
  });
});

describe('Triple Bet Poker golden table (§7.2, TB-1..TB-3)', () => {
  it.each([
    ['straight flush 30 x', '5D 6D 7D 8D 9D', 31],
    ['royal flush has no own row: straight flush 30 x ([Gap])', 'TS JS QS KS AS', 31],
    ['four of a kind 15 x', '9C 9D 9H 9S 2C', 16],
    ['full house 10 x', '9C 9D 9H 2S 2C', 11],
    ['flush 7 x', '2H 5H 9H JH KH', 8],
    ['straight 5 x, the wheel A-2-3-4-5 counts', 'AC 2D 3H 4S 5C', 6],
    ['three of a kind 3 x', '7C 7D 7H KS 2C', 4],
    ['two pair 2 x', '7C 7D 3H 3S KC', 3],
    ['pair of tens 1 x', 'TC TD 3H 5S KC', 2],
    ['a pair below tens loses', '9C 9D 3H 5S KC', 0],
    ['no pair loses', 'AC KD 3H 5S 8C', 0],
  ] as const)('main bet: %s (TB-2, RP-1)', (_n, hand, ret) => {
    expect(tripleBetMain(ids(hand), TB).returnMultiple).toBe(ret);
  });

  it.each([
    ['straight flush 50 x', '5D 6D 7D 8D 9D', 51],
    ['four of a kind 40 x', '9C 9D 9H 9S 2C', 41],
    ['full house 30 x', '9C 9D 9H 2S 2C', 31],
    ['flush 20 x', '2H 5H 9H JH KH', 21],
    ['straight 15 x', '8C 9D TH JS QC', 16],
    ['three of a kind 5 x', '7C 7D 7H KS 2C', 6],
    ['four-card straight 3 x', '8C 9D TH JS 2C', 4],
    ['four-card flush 3 x', '2H 5H 9H JH KC', 4],
    ['two pair 3 x', '7C 7D 3H 3S KC', 4],
    ['one pair loses', 'AC AD 3H 5S 9C', 0],
  ] as const)('B: %s (TB-3)', (_n, hand, ret) => {
    expect(tripleBetBonus(ids(hand), TB).returnMultiple).toBe(ret);
  });

  it('felt settle pays every remaining bet and B; removing two bets leaves one (TB-1)', () => {
    const r = rayPokerSettleOffline('triple-bet', { community: ['TD', '3S'], seats: [{ seat: 1, cards: ['TC', 'KH', '2D'], bet: 100, bonus: 50, removed: 2 }, { seat: 2, cards: ['AH', 'AD', 'AS'], bet: 100 }] });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.value.lines.map((l) => [l.betId, l.returnMinor, l.outcome])).toEqual([
      ['s1-main1', 200, 'win'],
      ['s1-bonus', 0, 'lose'],
      ['s2-main1', 400, 'win'],
      ['s2-main2', 400, 'win'],
      ['s2-main3', 400, 'win'],
    ]);
  });
});

describe('Dynamic Poker golden table (§7.3, DY-1..DY-3)', () => {
  const seat = (hole: string, turn = true, river = true) => ({ hole: ids(hole), decision: 'play' as const, turn, river });
  it('player better with less than a flush: continuation bets 1:1, the Blind pushes (DY-2)', () => {
    const r = dynamicResults(seat('AC AD'), ids('KC KD'), ids('2S 7H 9D JC 4S'), DY);
    expect([o(r.blind), o(r.flop), o(r.turn), o(r.river)]).toEqual([['push', 1], ['win', 2], ['win', 2], ['win', 2]]);
  });
  it('player better with a flush: the Blind also wins 1:1 (DY-2)', () => {
    const r = dynamicResults(seat('AH 3H', true, false), ids('KC KD'), ids('2H 7H 9H JC 4S'), DY);
    expect([o(r.blind), o(r.flop), o(r.turn), r.river]).toEqual([['win', 2], ['win', 2], ['win', 2], null]);
  });
  it('no dealer qualification: the dealer\'s high card still beats a lower high card, and the player loses everything, Blind included (DY-2 [Interp.])', () => {
    const r = dynamicResults(seat('9C 8D', false, false), ids('AC KD'), ids('2S 4H 6D JC 3S'), DY);
    expect([o(r.blind), o(r.flop), r.turn]).toEqual([['lose', 0], ['lose', 0], null]);
    expect(o(dynamicResults(seat('9C 8D', false, false), ids('AC KD'), ids('2S 4H 6D JC 3S'), { ...DY, blindOnLoss: 'push' }).blind)).toEqual(['push', 1]);
  });
  it('equal hands push (the board plays), no suit ranking (DY-2)', () => {
    const r = dynamicResults(seat('2C 3D'), ids('2H 3S'), ids('TS JH QD KC AS'), DY);
    expect([o(r.blind), o(r.flop), o(r.turn), o(r.river)]).toEqual([['push', 1], ['push', 1], ['push', 1], ['push', 1]]);
  });
  it('the wheel A-2-3-4-5 is a straight (§7.3 "förutom i en stege" [Interp.])', () => {
    const r = dynamicResults(seat('AC 2D'), ids('KC KD'), ids('3S 4H 5D 9C JS'), DY);
    expect(o(r.flop)).toEqual(['win', 2]);
  });
  it.each([
    ['A-A 50 x', 'AC AD', 51],
    ['A-K suited 40 x', 'AS KS', 41],
    ['A-Q suited 30 x', 'AH QH', 31],
    ['A-J suited 30 x', 'AD JD', 31],
    ['A-K offsuit 20 x', 'AS KD', 21],
    ['K-K 10 x', 'KS KD', 11],
    ['J-J 10 x', 'JS JD', 11],
    ['A-Q offsuit loses', 'AS QD', 0],
    ['T-T loses', 'TS TD', 0],
  ] as const)('B on the hole cards: %s (DY-3)', (_n, hole, ret) => {
    expect(dynamicBonus(ids(hole), DY).returnMultiple).toBe(ret);
  });
  it('a fold loses the Blind and B (DY-1, DY-3); a River raise needs the Turn raise (felt settle, DY-1)', () => {
    const r = dynamicResults({ hole: ids('AC AD'), decision: 'fold', turn: false, river: false }, ids('2C 3D'), ids('4S 7H 9D JC KS'), DY);
    expect([o(r.blind), o(r.bonus)]).toEqual([['lose', 0], ['lose', 0]]);
    const bad = rayPokerSettleOffline('dynamic', { dealer: ['2C', '3D'], board: ['4S', '7H', '9D', 'JC', 'KS'], seats: [{ seat: 1, cards: ['AC', 'AD'], blind: 100, decision: 'play', river: true }] });
    expect(bad.ok ? 'ok' : [bad.violation.code, bad.violation.ruleId]).toEqual(['INVALID_INPUT', 'DY-1']);
  });
});

describe('Riverside Poker golden table (§7.4, RV-1..RV-3)', () => {
  const call = (hole: string, dealer: string, board: string, p: RiversideProfile = RV) => riversideResults({ hole: ids(hole), decision: 'call' }, ids(dealer), ids(board), p);
  it('dealer without a pair does not qualify: Blind 1:1 flat, Call pushes — even against a royal flush (RV-2 literal, §11.12)', () => {
    const r = call('AS KS', '2C 3D', 'QS JS TS 8H 6D');
    expect([o(r.blind), o(r.call)]).toEqual([['win', 2], ['push', 1]]);
    const t = call('AS KS', '2C 3D', 'QS JS TS 8H 6D', rayPokerProfiles['riverside-table-blind'] as RiversideProfile);
    expect(o(t.blind)).toEqual(['win', 21]);
  });
  it.each([
    ['royal flush 20 x', 'AS KS', 'QS JS TS 2H 2D', 21],
    ['straight flush 15 x', '9S 8S', 'QS JS TS 2H 2D', 16],
    ['four of a kind 10 x', '9S 9H', '9D 9C 4S 2H 2D', 11],
    ['full house 3 x', '9S 9H', '9D 4C 4S 2H 7D', 4],
    ['flush 2 x', 'AH 3H', '9H 4H 6H 2S 2D', 3],
    ['straight 1 x', 'AH KD', 'QS JC TS 2S 2D', 2],
    ['three of a kind 1 x', '7H 7D', '7S 4C 9S 2S 3D', 2],
    ['two pair 1 x', 'AH AD', 'KS KC 9S 2S 3D', 2],
    ['one pair: push ("varken vinner eller förlorar")', 'AH AD', 'KS 8C 9S 2S 3D', 1],
  ] as const)('qualified dealer, player better: Call 1:1 and the Blind %s (RV-2)', (_n, hole, board, blind) => {
    // dealer holds a low pair of fives made with the board's cards where needed: always qualifies and loses
    const r = call(hole, '5C 5D', board);
    expect(o(r.call)).toEqual(['win', 2]);
    expect(r.blind.returnMultiple).toBe(blind);
  });
  it('qualified dealer better: Blind and Call lost; equal: push (RV-2)', () => {
    const lost = call('2H 3D', 'KC KD', '7S 8C 9S JS 4D');
    expect([o(lost.blind), o(lost.call)]).toEqual([['lose', 0], ['lose', 0]]);
    const tie = call('2H 3D', '2C 3C', 'AS AC KS QD JH');
    expect([o(tie.blind), o(tie.call)]).toEqual([['push', 1], ['push', 1]]);
  });
  it.each([
    ['straight flush 30 x', '5D 6D', '7D 8D 9D', 31],
    ['four of a kind 20 x', '9C 9D', '9H 9S 2C', 21],
    ['full house 15 x', '9C 9D', '9H 2S 2C', 16],
    ['flush 10 x', '2H 5H', '9H JH KH', 11],
    ['straight 10 x', '8C 9D', 'TH JS QC', 11],
    ['three of a kind 10 x', '7C 7D', '7H KS 2C', 11],
    ['two pair 10 x', '7C 7D', '3H 3S KC', 11],
    ['one pair loses ("sämre än två par")', 'AC AD', '3H 5S 9C', 0],
  ] as const)('Bonus on the first five cards: %s (RV-3)', (_n, hole, flop, ret) => {
    expect(riversideBonus([...ids(hole), ...ids(flop)], RV).returnMultiple).toBe(ret);
  });
  it('the Bonus is decided by the flop, not by turn and river; a fold loses it (RV-3)', () => {
    // two pair on the flop; the turn and river change nothing for the Bonus
    expect(o(call('7C 7D', 'AS AH', '3H 3S KC 7S 7H').bonus)).toEqual(['win', 11]);
    expect(o(riversideResults({ hole: ids('7C 7D'), decision: 'fold' }, ids('AS AH'), ids('3H 3S KC 2D 4D'), RV).bonus)).toEqual(['lose', 0]);
  });
});

describe('felt settle ray-poker: bad input is answered with a code (GEN-8)', () => {
  it.each([
    ['a card that is not a card', 'fast', { dealer: ['QS', '9S', 'XX'], seats: [] }, 'INVALID_CARD'],
    ['the same card twice across hands', 'fast', { dealer: ['QS', '9S', '4D'], seats: [{ seat: 1, cards: ['QS', '2D', '3C'], bet: 100, decision: 'play' }] }, 'INVALID_CARDS'],
    ['the wrong card count', 'riverside', { dealer: ['QS', '9S'], board: ['2C', '3C', '4C', '5C'], seats: [] }, 'INVALID_CARDS'],
    ['an impossible decision', 'riverside', { dealer: ['QS', '9S'], board: ['2C', '3C', '4C', '5C', '6C'], seats: [{ seat: 1, cards: ['AS', 'AD'], blind: 100, decision: 'raise' }] }, 'INVALID_INPUT'],
    ['three removed bets', 'triple-bet', { community: ['2C', '3C'], seats: [{ seat: 1, cards: ['AS', 'AD', 'AH'], bet: 100, removed: 3 }] }, 'INVALID_INPUT'],
    ['a negative stake', 'dynamic', { dealer: ['QS', '9S'], board: ['2C', '3C', '4C', '5C', '6C'], seats: [{ seat: 1, cards: ['AS', 'AD'], blind: -1, decision: 'play' }] }, 'INVALID_AMOUNT'],
    ['one seat twice', 'fast', { dealer: ['QS', '9S', '4D'], seats: [{ seat: 1, cards: ['2D', '3D', '4H'], bet: 1, decision: 'play' }, { seat: 1, cards: ['5D', '6D', '7H'], bet: 1, decision: 'play' }] }, 'INVALID_INPUT'],
    ['an unknown profile', 'omaha', {}, 'UNKNOWN_PROFILE'],
  ] as const)('%s', (_n, profile, input, code) => {
    const r = rayPokerSettleOffline(profile, input);
    expect(r.ok ? 'ok' : r.violation.code).toBe(code);
  });

  it('a Fast Poker table settles Bet, Play and B per seat with money conserved', () => {
    const r = rayPokerSettleOffline('fast', { dealer: ['QS', '9S', '4D'], seats: [{ seat: 1, cards: ['7C', '7D', '7H'], bet: 100, bonus: 10, decision: 'play' }, { seat: 2, cards: ['2C', '5D', '8H'], bet: 100, bonus: 10, decision: 'fold' }] });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.value.lines.map((l) => [l.betId, l.returnMinor])).toEqual([
      ['s1-bet', 200],
      ['s1-play', 400],
      ['s1-bonus', 310],
      ['s2-bet', 0],
      ['s2-bonus', 0],
    ]);
    expect(r.value.houseResultMinor).toBe(320 - 910);
  });
});

describe('Appendix A cross-check of the "x insatsen" reading (RP-1, §2)', () => {
  it('the bonuses return what Appendix A computes under the net reading, and its inclusive figures under the other', async () => {
    const { dynamicRtp, riversideRtp } = await import('./ray-poker.rtp.js');
    const bonus = (rows: { bet: string; rtp: number }[]) => (rows.find((r) => r.bet === 'bonus')?.rtp ?? 0) * 100;
    expect(bonus(dynamicRtp(DY, 2, 1))).toBeCloseTo(88.08, 1);
    expect(bonus(dynamicRtp({ ...DY, reading: 'inclusive' }, 2, 1))).toBeCloseTo(84.47, 1);
    expect(bonus(riversideRtp(RV, 2, 1))).toBeCloseTo(84.87, 1);
    expect(bonus(riversideRtp({ ...RV, reading: 'inclusive' }, 2, 1))).toBeCloseTo(77.24, 1);
  }, 60_000);
});

describe('the strategies of `felt rtp` (issue 10: optimal or near-optimal, derived per decision)', () => {
  it('riversideCallReturn (the inner loop) equals riversideMain on random deals, both profiles (RV-2)', async () => {
    const { createRng } = await import('../common/random.js');
    const { riversideCallReturn, riversideMain, RIVERSIDE_POKER } = await import('./ray-poker.rules.js');
    const { sevenCardValue } = await import('./ray-poker.hand.js');
    const rng = createRng(11);
    for (const p of [RIVERSIDE_POKER, { ...RIVERSIDE_POKER, unqualifiedBlind: 'pay-table' as const }, { ...RIVERSIDE_POKER, reading: 'inclusive' as const }]) {
      for (let i = 0; i < 3000; i++) {
        const deck = Array.from({ length: 52 }, (_, k) => k);
        for (let k = 0; k < 9; k++) {
          const j = k + rng.int(52 - k);
          [deck[k], deck[j]] = [deck[j] as number, deck[k] as number];
        }
        const board = deck.slice(4, 9);
        const pv = sevenCardValue([...deck.slice(0, 2), ...board]);
        const dv = sevenCardValue([...deck.slice(2, 4), ...board]);
        const m = riversideMain(pv, dv, p);
        expect(riversideCallReturn(pv, dv, p)).toBe(m.blind.returnMultiple + 2 * m.call.returnMultiple);
      }
    }
  });

  it('Riverside: calls a flopped set and a flush draw with an ace; folds 7-2 against an ace-king-queen flop (RV-1)', async () => {
    const { createRng } = await import('../common/random.js');
    const { riversideCalls } = await import('./ray-poker.rtp.js');
    const { RIVERSIDE_POKER } = await import('./ray-poker.rules.js');
    const rng = createRng(2);
    const c = (s: string) => s.split(' ').map((x) => parseCardId(x));
    expect(riversideCalls(c('9S 9D'), c('9H 4C 2D'), RIVERSIDE_POKER, rng)).toBe(true);
    expect(riversideCalls(c('AS 5S'), c('KS 8S 2D'), RIVERSIDE_POKER, rng)).toBe(true);
    expect(riversideCalls(c('7C 2D'), c('AH KC QD'), RIVERSIDE_POKER, rng)).toBe(false);
  });

  it('Dynamic: folds 7-2 offsuit and plays A-A before the flop; raises the river only when ahead (DY-1)', async () => {
    const { createRng } = await import('../common/random.js');
    const { DynamicStrategy } = await import('./ray-poker.rtp.js');
    const { DYNAMIC_POKER } = await import('./ray-poker.rules.js');
    const s = new DynamicStrategy(DYNAMIC_POKER, createRng(4));
    const c = (x: string) => x.split(' ').map((y) => parseCardId(y));
    expect(s.plays(c('7C 2D'))).toBe(false);
    expect(s.plays(c('AS AD'))).toBe(true);
    expect(s.raisesRiver(c('AS AD'), c('AH 7C 2D 9S'))).toBe(true);
    expect(s.raisesRiver(c('3S 2D'), c('AH KC QD JS'))).toBe(false);
    expect(s.stats.decisions).toBe(4);
  });
});

function parseCardId(code: string): CardId {
  const r = parseCards([code], 1, 'card', new Set(), 'GEN-8');
  if (!r.ok) throw new Error(code);
  return r.value[0] as CardId;
}
