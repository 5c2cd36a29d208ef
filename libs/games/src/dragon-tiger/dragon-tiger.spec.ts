import { describe, expect, it } from 'vitest';
import type { Card } from '../cards/card.js';
import { createShoe, shoeFromOrder } from '../cards/shoe.js';
import { gameModule } from '../registry.js';
import { dragonTigerGame } from './dragon-tiger.game.js';
import { DRAGON_TIGER, DT_STANDARD, DT_SUITED_TIE, DT_TIE_11 } from './dragon-tiger.rules.js';
import { burnCountFor, parseDuelSpot, startShoe, type DuelProfile } from './duel.rules.js';

const settle = (cards: unknown, bets: unknown, profile = 'standard') => dragonTigerGame.settleOffline(profile, { cards, bets });
const returns = (cards: [string, string], spot: string, stakeMinor: number, profile = 'standard'): number => {
  const r = settle(cards, [{ spot, stakeMinor }], profile);
  if (!r.ok) throw new Error(r.violation.message);
  return r.value.lines[0]?.returnMinor ?? -1;
};

// [dragon, tiger, spot, stake, return] — DT-1 rank only (A low … K high), DT-2 pays, DT-3 half loss.
const GOLDEN: readonly [string, string, string, number, number][] = [
  ['KH', '7S', 'dragon', 100, 200],
  ['KH', '7S', 'tiger', 100, 0],
  ['KH', '7S', 'tie', 100, 0],
  ['AH', '2S', 'tiger', 100, 200], // A is lowest
  ['AH', '2S', 'dragon', 100, 0],
  ['QD', 'KC', 'tiger', 100, 200],
  ['TD', 'JC', 'tiger', 100, 200], // suits and 10 < J
  ['7H', '7S', 'tie', 100, 900], // 8:1
  ['7H', '7S', 'dragon', 100, 50], // DT-3 half back
  ['7H', '7S', 'tiger', 100, 50],
  ['7H', '7H', 'tie', 100, 900],
];

describe('Dragon Tiger paytable (DT-1, DT-2, DT-3)', () => {
  it.each(GOLDEN)('DT-2 golden: dragon %s vs tiger %s, %s %i returns %i', (d, t, spot, stake, expected) => {
    expect(returns([d, t], spot, stake)).toBe(expected);
  });

  it('DT-2: the tie-11 profile pays a tie 11:1', () => {
    expect(returns(['9C', '9D'], 'tie', 100, 'tie-11')).toBe(1200);
    expect(DT_TIE_11.tiePays).toEqual({ num: 11, den: 1 });
  });

  it('DT-2: suited tie pays 50:1 only on the same rank and suit, and only on a profile that offers it', () => {
    expect(returns(['9C', '9C'], 'suited-tie', 100, 'suited-tie')).toBe(5100);
    expect(returns(['9C', '9D'], 'suited-tie', 100, 'suited-tie')).toBe(0);
    expect(returns(['9C', '9C'], 'tie', 100, 'suited-tie')).toBe(900);
    const r = settle(['9C', '9C'], [{ spot: 'suited-tie', stakeMinor: 100 }], 'standard');
    expect(r.ok === false && [r.violation.code, r.violation.ruleId]).toEqual(['SPOT_NOT_OFFERED', 'DT-2']);
  });

  it('DT-3: on a tie the refunded half of an odd stake rounds down by default and up on a profile that says so', () => {
    expect(returns(['5S', '5H'], 'dragon', 101)).toBe(50);
    const r = settle(['5S', '5H'], [{ spot: 'dragon', stakeMinor: 101 }]);
    expect(r.ok && r.value.lines[0]).toMatchObject({ outcome: 'partial', rules: ['DT-3'], returnMinor: 50 });
    expect(r.ok && r.value.houseResultMinor).toBe(51);
  });

  it('DT-3: the rounding direction is profile data (halfLossRounding)', async () => {
    const { createDuelGame } = await import('./duel.game.js');
    const up: DuelProfile = { ...DT_STANDARD, id: 'up', halfLossRounding: 'up' };
    const g = createDuelGame(DRAGON_TIGER, { up }, 'up');
    const r = g.settleOffline('up', { cards: ['5S', '5H'], bets: [{ spot: 'tiger', stakeMinor: 101 }] });
    expect(r.ok && r.value.lines[0]?.returnMinor).toBe(51);
  });

  it('RES-4: one player may not bet dragon and tiger; two players may', () => {
    const r = settle(['KH', '7S'], [{ spot: 'dragon', stakeMinor: 1 }, { spot: 'tiger', stakeMinor: 1 }]);
    expect(r.ok === false && [r.violation.code, r.violation.ruleId]).toEqual(['RESTRICTED_COMBINATION', 'RES-4']);
    expect(r.ok === false && r.violation.message).toContain('RES-4');
    expect(settle(['KH', '7S'], [{ spot: 'dragon', stakeMinor: 1 }, { spot: 'tiger', stakeMinor: 1, playerId: 'p2' }]).ok).toBe(true);
    expect(settle(['KH', '7S'], [{ spot: 'dragon', stakeMinor: 1 }, { spot: 'tie', stakeMinor: 1 }]).ok).toBe(true);
  });

  it.each([
    ['one card (DT-1)', ['KH'], 'INVALID_CARDS', 'DT-1'],
    ['an invalid card code (DT-1)', ['KH', '1X'], 'INVALID_CARD', 'DT-1'],
    ['a card that is not a string', ['KH', 7], 'INVALID_CARD', 'DT-1'],
  ])('settleOffline rejects %s', (_n, cards, code, ruleId) => {
    const r = settle(cards, []);
    expect(r.ok === false && [r.violation.code, r.violation.ruleId]).toEqual([code, ruleId]);
  });

  it('settleOffline accepts 10 and lower case card codes at the edge (devices.md §1)', () => {
    expect(returns(['10h', 'js'], 'tiger', 100)).toBe(200);
    expect(parseDuelSpot(DRAGON_TIGER, DT_STANDARD, 'Dragon').ok).toBe(false);
  });
});

describe('Dragon Tiger RTP (exact, 8 decks)', () => {
  const rows = (profile: string) => {
    const r = dragonTigerGame.rtp(profile);
    if (!r.ok) throw new Error(r.violation.message);
    return Object.fromEntries(r.value.rows.map((x) => [x.bet, x]));
  };

  it('is registered as "dragon-tiger"', () => {
    expect(gameModule('dragon-tiger')).toBe(dragonTigerGame);
  });

  it('DT-2/DT-3: dragon and tiger with a half loss on a tie return ≈ 96.27 %; the 8:1 tie ≈ 67.23 %', () => {
    const r = rows('standard');
    const pTie = (13 * 32 * 31) / (416 * 415);
    expect(r.dragon?.rtp).toBeCloseTo(1 - pTie / 2, 12);
    expect((r.dragon?.rtp ?? 0) * 100).toBeCloseTo(96.27, 2);
    expect(r.tiger?.exact).toBe(r.dragon?.exact);
    expect(r.dragon?.exact).toBe('799/830'); // P(tie) = 13·32·31/(416·415) = 31/415; 1 − ½·31/415;
    expect(r.tie?.rtp).toBeCloseTo(9 * pTie, 12);
    expect((r.tie?.rtp ?? 0) * 100).toBeCloseTo(67.23, 2);
    expect(Object.keys(r)).toEqual(['dragon', 'tiger', 'tie']);
  });

  it('DT-2: tie 11:1 ≈ 89.64 %; suited tie 50:1 ≈ 86.03 %', () => {
    expect((rows('tie-11').tie?.rtp ?? 0) * 100).toBeCloseTo(89.64, 2);
    const pSuited = (52 * 8 * 7) / (416 * 415);
    expect(rows('suited-tie')['suited-tie']?.rtp).toBeCloseTo(51 * pSuited, 12);
    expect(DT_SUITED_TIE.suitedTiePays).toEqual({ num: 50, den: 1 });
  });
});

describe('Dragon Tiger new-shoe burn (DT-5)', () => {
  it('DT-5: shows the first card and burns that many (A = 1, 2–9 face value, T–K = 10)', () => {
    expect(burnCountFor('AS', DT_STANDARD)).toBe(1);
    expect(burnCountFor('7D', DT_STANDARD)).toBe(7);
    expect(burnCountFor('KD', DT_STANDARD)).toBe(10);
    const order: Card[] = ['3H', 'AS', '2S', '3S', 'KD', '9C'];
    const s = shoeFromOrder(order, { decks: 8 });
    if (!s.ok) throw new Error('shoe');
    const r = startShoe(s.value, DT_STANDARD);
    expect(r.ok && r.value.shown).toBe('3H');
    expect(r.ok && r.value.shoe.burned).toEqual(['3H', 'AS', '2S', '3S']);
    expect(r.ok && r.value.shoe.order[0]).toBe('KD');
  });

  it('DT-5: with burnOnNewShoe false the shoe is untouched', () => {
    const s = createShoe({ decks: 8 }, 42);
    const r = startShoe(s, { ...DT_STANDARD, burnOnNewShoe: false });
    expect(r.ok && r.value.shoe).toBe(s);
  });
});

describe('Dragon Tiger settlement and RTP agree', () => {
  it('DT-2/DT-3: weighting settleOffline over every ordered card pair of an 8-deck shoe reproduces the exact RTP', async () => {
    const { ALL_CARDS } = await import('../cards/card.js');
    for (const profile of ['standard', 'suited-tie']) {
      const report = dragonTigerGame.rtp(profile);
      if (!report.ok) throw new Error('rtp');
      for (const row of report.value.rows) {
        let weighted = 0; // Σ weight × return for a stake of 2 (so the DT-3 half is exact)
        for (const x of ALL_CARDS) {
          for (const y of ALL_CARDS) {
            const s = dragonTigerGame.settleOffline(profile, { cards: [x, y], bets: [{ spot: row.bet, stakeMinor: 2 }] });
            if (!s.ok) throw new Error(s.violation.message);
            weighted += 8 * (x === y ? 7 : 8) * (s.value.lines[0]?.returnMinor ?? 0);
          }
        }
        const [num, den] = (row.exact ?? '').split('/').map(Number);
        expect(weighted * (den ?? 0), `${profile}/${row.bet}`).toBe(2 * 416 * 415 * (num ?? -1));
      }
    }
  });

  it('GEN-8: settleOffline gives the same lines as a live round with the same bets and cards', async () => {
    const fc = (await import('fast-check')).default;
    const { dragonTigerKernel: K } = await import('./dragon-tiger.game.js');
    const { ALL_CARDS } = await import('../cards/card.js');
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL_CARDS),
        fc.constantFrom(...ALL_CARDS),
        fc.array(fc.record({ playerId: fc.constantFrom('p1', 'p2', 'p3'), spot: fc.constantFrom('dragon', 'tiger', 'tie'), stakeMinor: fc.integer({ min: 1, max: 999 }) }), { maxLength: 6 }),
        (a, b, raw) => {
          let s = K.initial();
          const open = K.decide(s, { type: 'OpenRound', at: 0, roundId: 'rnd_x', tableId: 't', profileId: 'standard', bettingClosesAt: 100, limits: { spots: {}, tableMinMinor: 1, tableMaxMinor: 1_000_000 } });
          if (!open.ok) throw new Error('open');
          for (const e of open.events) s = K.evolve(s, e);
          const placed: { betId: string; playerId: string; spot: string; stakeMinor: number }[] = [];
          raw.forEach((r, i) => {
            const bet = { betId: `bet_${i}`, ...r };
            const d = K.decide(s, { type: 'PlaceBet', at: 1, bet });
            if (!d.ok) return; // RES-4 rejections: such a bet is not in either settlement
            for (const e of d.events) s = K.evolve(s, e);
            placed.push(bet);
          });
          for (const c of [{ type: 'CloseBetting', at: 100, reason: 'deadline' }, { type: 'RecordCard', at: 101, card: a }, { type: 'RecordCard', at: 102, card: b }] as const) {
            const d = K.decide(s, c);
            if (!d.ok) throw new Error(d.violation.message);
            for (const e of d.events) s = K.evolve(s, e);
          }
          const live = K.settle(s);
          const offline = dragonTigerGame.settleOffline('standard', { roundId: 'rnd_x', cards: [a, b], bets: placed });
          expect(offline.ok && live.ok && offline.value).toEqual(live.ok && live.value);
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 100) },
    );
  });
});
