import { describe, expect, it } from 'vitest';
import { ALL_LUCKY_DICE, luckyDiceRtp, luckyDiceSettleOffline } from './lucky-dice.module.js';
import { coveredSquares, LUCKY_DICE_KINDS, LUCKY_DICE_OPERATOR_SUMS, LUCKY_DICE_RAY_A, maxReturnMultiple, parseDice, parseSpot, resolveSpot, spotsOfKind, squareOf, type LuckyDice } from './lucky-dice.rules.js';

const P = LUCKY_DICE_RAY_A;
const spot = (k: string, p = P) => {
  const s = parseSpot(k, p);
  if (!s.ok) throw new Error(s.violation.message);
  return s.value;
};
const ret = (k: string, d: LuckyDice, p = P) => resolveSpot(spot(k, p), d, p).returnMultiple;

describe('Lucky Dice layout (LD-1, §5.1)', () => {
  it('the red die picks the group and the green die the square: 36 squares, each reached by exactly one throw', () => {
    const squares = ALL_LUCKY_DICE.map(squareOf);
    expect(new Set(squares).size).toBe(36);
    expect(squareOf({ red: 1, green: 1 })).toBe(1);
    expect(squareOf({ red: 3, green: 4 })).toBe(16);
    expect(squareOf({ red: 6, green: 6 })).toBe(36);
  });

  it('counts the spots of each number-field kind on the 6×6 grid ([Gap] geometry, profile layout grid-6x6)', () => {
    expect(spotsOfKind('plein', P)).toHaveLength(36);
    expect(spotsOfKind('cheval', P)).toHaveLength(30 + 30);
    expect(spotsOfKind('transversal', P)).toHaveLength(24);
    expect(spotsOfKind('carre', P)).toHaveLength(25);
    expect(spotsOfKind('simple', P)).toHaveLength(6);
  });

  it('rejects spots that are not on the layout (UNKNOWN_SPOT, LD-2)', () => {
    for (const k of ['plein:0', 'plein:37', 'plein:07', 'cheval:6-7', 'cheval:2-1', 'cheval:1-3', 'transversal:5-6-7', 'carre:6-7-12-13', 'carre:1-2-3-4', 'simple:7', 'cheval:1', 'nonsense', 'sum:2', 'sum:12']) {
      const r = parseSpot(k, P);
      expect(r.ok ? k : r.violation.code, k).toBe('UNKNOWN_SPOT');
    }
  });
});

/**
 * Golden table (§5.2, read net per §2 / LD-4): every kind of bet against every one of the 36
 * throws; the expected return is computed here from the seed's wording, independently of resolveSpot.
 */
describe('golden: every bet kind × every throw (§5.2, LD-2, LD-3, LD-4)', () => {
  const cases: [string, (d: LuckyDice) => boolean, number][] = [
    ['plein:16', (d) => d.red === 3 && d.green === 4, 30],
    ['cheval:16-17', (d) => d.red === 3 && (d.green === 4 || d.green === 5), 15],
    ['cheval:16-22', (d) => (d.red === 3 || d.red === 4) && d.green === 4, 15],
    ['transversal:13-14-15', (d) => d.red === 3 && d.green <= 3, 10],
    ['carre:8-9-14-15', (d) => (d.red === 2 || d.red === 3) && (d.green === 2 || d.green === 3), 7],
    ['simple:5', (d) => d.red === 5, 4],
    ['sum:5', (d) => d.red + d.green === 5, 7],
    ['sum:9', (d) => d.red + d.green === 9, 7],
    ['sum:6', (d) => d.red + d.green === 6, 5],
    ['sum:8', (d) => d.red + d.green === 8, 5],
    ['sum:7', (d) => d.red + d.green === 7, 4],
    ['all-pairs', (d) => d.red === d.green, 4],
    ['under-7', (d) => d.red + d.green < 7, 1],
    ['over-7', (d) => d.red + d.green > 7, 1],
  ];
  for (const [k, wins, n] of cases) {
    it(`${k} pays ${n} x insatsen net (stake back + ${n}×) and loses otherwise`, () => {
      for (const d of ALL_LUCKY_DICE) expect(ret(k, d), `${k} on red ${d.red} green ${d.green}`).toBe(wins(d) ? n + 1 : 0);
    });
  }

  it('a total of seven loses both under 7 and over 7 ([Gap] §5.2, implied by the labels)', () => {
    expect(ret('under-7', { red: 3, green: 4 })).toBe(0);
    expect(ret('over-7', { red: 3, green: 4 })).toBe(0);
  });

  it('"alla par" is one bet on any double (§5.2 [Interp.]): 1-1 and 6-6 both win 4×', () => {
    expect(ret('all-pairs', { red: 1, green: 1 })).toBe(5);
    expect(ret('all-pairs', { red: 6, green: 6 })).toBe(5);
    expect(ret('all-pairs', { red: 6, green: 5 })).toBe(0);
  });

  it('sums 3/11 and 4/10 are not offered by the seed profiles: their multipliers are lost (SPOT_NOT_OFFERED, LD-3)', () => {
    for (const t of [3, 4, 10, 11]) {
      const r = parseSpot(`sum:${t}`, P);
      expect(r.ok ? 'ok' : [r.violation.code, r.violation.ruleId]).toEqual(['SPOT_NOT_OFFERED', 'LD-3']);
    }
    expect(ret('sum:3', { red: 1, green: 2 }, LUCKY_DICE_OPERATOR_SUMS)).toBe(15);
    expect(ret('sum:10', { red: 4, green: 6 }, LUCKY_DICE_OPERATOR_SUMS)).toBe(10);
  });

  it('every number-field spot covers exactly as many squares as its kind says (§5.2: 1/2/3/4/6)', () => {
    const size = { plein: 1, cheval: 2, transversal: 3, carre: 4, simple: 6 } as const;
    for (const kind of ['plein', 'cheval', 'transversal', 'carre', 'simple'] as const) {
      for (const k of spotsOfKind(kind, P)) {
        const s = spot(k);
        expect(coveredSquares(s)).toHaveLength(size[kind]);
        expect(ALL_LUCKY_DICE.filter((d) => resolveSpot(s, d, P).outcome === 'win')).toHaveLength(size[kind]);
      }
    }
  });

  it('bounds the stake by the highest return (plein 31×, D-1)', () => {
    expect(maxReturnMultiple(P)).toBe(31);
  });

  it('a reading is a red and a green die 1–6 (INVALID_DICE, LD-1 / LD-8)', () => {
    expect(parseDice({ red: 2, green: 6 })).toEqual({ ok: true, value: { red: 2, green: 6 } });
    for (const bad of [{ red: 0, green: 1 }, { red: 7, green: 1 }, { red: 1.5, green: 2 }, [1, 2], null, { red: 1 }, { red: 1, green: 2, blue: 3 }]) {
      const r = parseDice(bad);
      expect(r.ok ? 'ok' : r.violation.code).toBe('INVALID_DICE');
    }
  });
});

describe('felt rtp lucky-dice: exact over the 36 throws (Appendix A cross-check)', () => {
  it('matches the seed digest\'s Appendix A figures under the net reading', () => {
    const r = luckyDiceRtp('ray-a');
    if (!r.ok) throw new Error(r.violation.message);
    const exact = Object.fromEntries(r.value.rows.map((x) => [x.bet, x.exact]));
    // Appendix A: plein 86.1, cheval 88.9, transversal 91.7, carré 88.9, simple 83.3; 5/9 88.9; 6/8 83.3; 7 83.3; pairs, under, over 83.3
    expect(exact).toMatchObject({
      plein: '31/36',
      cheval: '8/9',
      transversal: '11/12',
      carre: '8/9',
      simple: '5/6',
      'sum:5': '8/9',
      'sum:9': '8/9',
      'sum:6': '5/6',
      'sum:8': '5/6',
      'sum:7': '5/6',
      'all-pairs': '5/6',
      'under-7': '5/6',
      'over-7': '5/6',
    });
    expect(r.value.rows.every((x) => x.method === 'exact')).toBe(true);
    expect(r.value.rows.find((x) => x.bet === 'sum:7')?.note).toMatch(/sums 3\/4\/10\/11 not offered/);
    expect(r.value.rows.map((x) => x.bet)).not.toContain('sum:3');
  });

  it('the operator profile\'s 14×/9× give every sum box 30/36 (§5.2 inference), and RTP follows the profile data (D-2)', () => {
    const r = luckyDiceRtp('operator-all-sums');
    if (!r.ok) throw new Error(r.violation.message);
    const exact = Object.fromEntries(r.value.rows.map((x) => [x.bet, x.exact]));
    expect([exact['sum:3'], exact['sum:4'], exact['sum:10'], exact['sum:11']]).toEqual(['5/6', '5/6', '5/6', '5/6']);
  });

  it('every kind has one RTP row whatever spot of the kind (checked, not assumed)', () => {
    const r = luckyDiceRtp('ray-b');
    if (!r.ok) throw new Error(r.violation.message);
    for (const kind of LUCKY_DICE_KINDS.filter((k) => k !== 'sum')) expect(r.value.rows.find((x) => x.bet === kind)?.note ?? '').not.toMatch(/differs/);
  });
});

describe('felt settle lucky-dice (GEN-8)', () => {
  it('settles bets against a red and a green die', () => {
    const r = luckyDiceSettleOffline('ray-a', { dice: { red: 3, green: 4 }, bets: [{ spot: 'plein:16', stakeMinor: 100 }, { spot: 'sum:7', stakeMinor: 50, playerId: 'p2' }, { spot: 'over-7', stakeMinor: 10 }] });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.value.lines.map((l) => [l.betId, l.returnMinor, l.outcome])).toEqual([
      ['bet_1', 3100, 'win'],
      ['bet_2', 250, 'win'],
      ['bet_3', 0, 'lose'],
    ]);
    expect(r.value.houseResultMinor).toBe(160 - 3350);
  });

  it.each([
    ['dice as an array', { dice: [3, 4], bets: [] }, 'INVALID_DICE'],
    ['a die of 7', { dice: { red: 7, green: 1 }, bets: [] }, 'INVALID_DICE'],
    ['a lost sum box', { dice: { red: 1, green: 2 }, bets: [{ spot: 'sum:3', stakeMinor: 1 }] }, 'SPOT_NOT_OFFERED'],
    ['an unknown spot', { dice: { red: 1, green: 2 }, bets: [{ spot: 'cheval:6-7', stakeMinor: 1 }] }, 'UNKNOWN_SPOT'],
    ['a stake too large for exact money', { dice: { red: 1, green: 2 }, bets: [{ spot: 'plein:1', stakeMinor: 2 ** 52 }] }, 'STAKE_TOO_LARGE'],
    ['an unknown field', { dice: { red: 1, green: 2 }, bets: [], extra: 1 }, 'INVALID_INPUT'],
  ])('rejects %s with a code', (_n, input, code) => {
    const r = luckyDiceSettleOffline('ray-a', input);
    expect(r.ok ? 'ok' : r.violation.code).toBe(code);
  });
});

describe('the player layout: a tap on a square places the shape it anchors (LD-2, grid-6x6)', () => {
  it('every spot of every number-field kind is reachable from exactly one square and mode, and every placed spot parses', async () => {
    const { spotAt, LUCKY_DICE_PLACE_MODES } = await import('./lucky-dice.rules.js');
    const placed: string[] = [];
    for (const mode of LUCKY_DICE_PLACE_MODES) for (let s = 1; s <= 36; s++) {
      const k = spotAt(mode, s);
      if (k !== null) placed.push(k);
    }
    for (const k of placed) expect(parseSpot(k, P).ok, k).toBe(true);
    const all = (['plein', 'cheval', 'transversal', 'carre'] as const).flatMap((kind) => spotsOfKind(kind, P));
    expect([...placed].sort()).toEqual([...all].sort());
    expect(spotAt('cheval-h', 6)).toBeNull();
    expect(spotAt('carre', 31)).toBeNull();
  });
});
