import { describe, expect, it } from 'vitest';
import { gameModule } from '../registry.js';
import { baccaratModule, enumerateOutcomes } from './baccarat.module.js';

const rows = (profile: string) => {
  const r = baccaratModule.rtp(profile);
  if (!r.ok) throw new Error(r.violation.message);
  return Object.fromEntries(r.value.rows.map((x) => [x.bet, x]));
};

describe('RTP by exact enumeration of a fresh 8-deck shoe', () => {
  it('the outcome weights cover every 6-card ordering of the shoe exactly once', () => {
    const { cells, total } = enumerateOutcomes(8);
    expect(total).toBe(416n * 415n * 414n * 413n * 412n * 411n);
    expect(cells.reduce((a, b) => a + b, 0n)).toBe(total);
  });
  it('gives the classic results: Banker 98.94 %, Player 98.76 %, Tie 8:1 85.64 % (BAC-8)', () => {
    const r = rows('punto-banco');
    expect(r['banker']?.rtp).toBeCloseTo(0.98942, 5);
    expect(r['player']?.rtp).toBeCloseTo(0.98765, 5);
    expect(r['tie']?.rtp).toBeCloseTo(0.85640, 5);
    expect(r['banker']?.method).toBe('exact');
    expect(r['tie']?.houseEdge).toBeCloseTo(0.1436, 4);
    expect(r['player-pair']).toBeUndefined(); // side bets off by default (BAC-10)
  });
  it('reports each RTP as a reduced rational that matches the float', () => {
    for (const row of Object.values(rows('punto-banco'))) {
      const [n, d] = (row.exact ?? '').split('/').map(BigInt) as [bigint, bigint];
      expect(Number(n) / Number(d)).toBeCloseTo(row.rtp, 12);
      let [a, b] = [n, d];
      while (b !== 0n) [a, b] = [b, a % b];
      expect(a).toBe(1n);
    }
  });
  it('no-commission: Banker paying 1:2 on a winning 6 returns 98.54 % (D-2 profile)', () => {
    expect(rows('no-commission')['banker']?.rtp).toBeCloseTo(0.98542, 5);
  });
  it('pair side bets at 11:1 return 12 × 31/415 = 372/415 when the profile enables them (BAC-10)', () => {
    const r = rows('punto-banco-pairs');
    expect(r['player-pair']?.exact).toBe('372/415');
    expect(r['banker-pair']?.exact).toBe('372/415');
  });
  it('refuses an unknown profile', () => {
    const r = baccaratModule.rtp('mini');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation.code).toBe('UNKNOWN_PROFILE');
  });
  it('is registered as the baccarat game module', () => {
    expect(gameModule('baccarat')).toBe(baccaratModule);
  });
});

describe('settleOffline (GEN-8 dispute tool)', () => {
  const settle = (input: unknown, profile = 'punto-banco') => baccaratModule.settleOffline(profile, input);

  it('settles a complete hand given in shoe order', () => {
    // P 9H 5S 2D = 6; B TD KC 9C = 9 → Banker wins
    const r = settle({
      roundId: 'rnd_7',
      cards: ['9H', 'TD', '5S', 'KC', '2D', '9C'],
      bets: [
        { betId: 'bet_1', playerId: 'p1', spot: 'banker', stakeMinor: 1001 },
        { betId: 'bet_2', playerId: 'p2', spot: 'player', stakeMinor: 500 },
        { betId: 'bet_3', playerId: 'p2', spot: 'tie', stakeMinor: 100 },
      ],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.roundId).toBe('rnd_7');
    expect(r.value.lines.map((l) => [l.betId, l.outcome, l.returnMinor])).toEqual([
      ['bet_1', 'win', 1951],
      ['bet_2', 'lose', 0],
      ['bet_3', 'lose', 0],
    ]);
    expect(r.value.houseResultMinor).toBe(1601 - 1951);
  });
  it('accepts 10 and lower case card codes at the edge', () => {
    expect(settle({ cards: ['10h', 'td', '9s', 'kc'], bets: [] }).ok).toBe(true);
  });
  it('rejects a sequence the tableau does not allow: a card after both stood is a misdeal (BAC-17)', () => {
    const r = settle({ cards: ['7S', '6H', 'KD', 'QC', '4H'], bets: [] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation).toMatchObject({ code: 'MISDEAL', ruleId: 'BAC-17' });
  });
  it('rejects an unfinished hand: Banker 0 must still draw (BAC-16)', () => {
    const r = settle({ cards: ['9H', 'TD', '5S', 'KC', '2D'], bets: [] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation).toMatchObject({ code: 'INCOMPLETE_HAND', ruleId: 'BAC-17' });
  });
  it('rejects a card the shoe cannot hold: 9 aces of spades in 8 decks (S-1)', () => {
    const r = settle({ cards: Array.from({ length: 9 }, () => 'AS'), bets: [] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation.ruleId).toBe('S-1');
  });
  it('rejects Player and Banker bets by one player (RES-2)', () => {
    const r = settle({
      cards: ['9H', 'TD', '5S', 'KC', '2D', '9C'],
      bets: [
        { betId: 'a', playerId: 'p1', spot: 'banker', stakeMinor: 100 },
        { betId: 'b', playerId: 'p1', spot: 'player', stakeMinor: 100 },
      ],
    });
    expect(!r.ok && r.violation).toMatchObject({ code: 'OPPOSITE_BETS', ruleId: 'RES-2' });
  });
  it('validates untrusted input with a clear violation', () => {
    const cards = ['9H', 'TD', '5S', 'KC', '2D', '9C'];
    const cases: [unknown, string][] = [
      [null, 'INVALID_INPUT'],
      [[], 'INVALID_INPUT'],
      [{ cards: 'AS', bets: [] }, 'INVALID_INPUT'],
      [{ cards: ['ZZ'], bets: [] }, 'INVALID_CARD'],
      [{ cards }, 'INVALID_INPUT'],
      [{ cards, bets: [{ betId: 'a', playerId: 'p', spot: 'dragon', stakeMinor: 1 }] }, 'UNKNOWN_SPOT'],
      [{ cards, bets: [{ betId: 'a', playerId: 'p', spot: 'player-pair', stakeMinor: 1 }] }, 'UNKNOWN_SPOT'],
      [{ cards, bets: [{ betId: 'a', playerId: 'p', spot: 'tie', stakeMinor: 1.5 }] }, 'INVALID_AMOUNT'],
      [{ cards, bets: [{ betId: 'a', playerId: 'p', spot: 'tie', stakeMinor: -1 }] }, 'INVALID_AMOUNT'],
      [{ cards, bets: [{ betId: '', playerId: 'p', spot: 'tie', stakeMinor: 1 }] }, 'INVALID_INPUT'],
      [{ cards, bets: [{ betId: 'a', playerId: 'p', spot: 'tie', stakeMinor: 1 }, { betId: 'a', playerId: 'p', spot: 'tie', stakeMinor: 1 }] }, 'BET_ID_CONFLICT'],
    ];
    for (const [input, code] of cases) {
      const r = settle(input);
      expect(r.ok, JSON.stringify(input)).toBe(false);
      if (!r.ok) expect(r.violation.code, JSON.stringify(input)).toBe(code);
    }
  });
  it('settles pair side bets when the profile offers them (BAC-10)', () => {
    const r = settle({ cards: ['4S', '7H', '4D', '7C'], bets: [{ betId: 'a', playerId: 'p', spot: 'player-pair', stakeMinor: 100 }] }, 'punto-banco-pairs');
    expect(r.ok && r.value.lines[0]).toMatchObject({ outcome: 'win', returnMinor: 1200 });
  });
});
