import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { moneyWheelSettleOffline } from './money-wheel.offline.js';
import { MONEY_WHEEL_STANDARD } from './money-wheel.rules.js';

const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
const L = MONEY_WHEEL_STANDARD.layout;
const at = (label: string) => L.indexOf(label);

const settle = (input: unknown, profile = 'standard') => moneyWheelSettleOffline(profile, input);
const code = (input: unknown, profile = 'standard') => {
  const r = settle(input, profile);
  return r.ok ? 'ok' : `${r.violation.code}/${r.violation.ruleId}`;
};

describe('felt settle money-wheel: the dispute tool (GEN-8)', () => {
  it('settles a sensor spin: every bet on the landed number wins number:1, the rest lose (MW-1)', () => {
    const r = settle({ roundId: 'rnd_1', spins: [{ segment: at('10'), direction: 'cw', turns: 3.2 }], bets: [{ spot: 'number:10', stakeMinor: 500 }, { betId: 'b2', playerId: 'p2', spot: 'number:1', stakeMinor: 100 }] });
    expect(r.ok && r.value).toEqual({
      roundId: 'rnd_1',
      voided: false,
      lines: [
        { betId: 'bet_1', playerId: 'player', stakeMinor: 500, returnMinor: 5500, outcome: 'win', rules: ['MW-1'] },
        { betId: 'b2', playerId: 'p2', stakeMinor: 100, returnMinor: 0, outcome: 'lose', rules: ['MW-1'] },
      ],
      houseResultMinor: 600 - 5500,
    });
  });

  it('dealer-confirmed labels: "2x", "7x", "5" pays 70 to 1 on number:5 (MW-2)', () => {
    const r = settle({ spins: ['2x', '7x', '5'], bets: [{ spot: 'number:5', stakeMinor: 100 }, { spot: 'number:40', stakeMinor: 100 }] });
    expect(r.ok && r.value.lines.map((l) => [l.returnMinor, l.rules])).toEqual([[7100, ['MW-1', 'MW-2']], [0, ['MW-1']]]);
  });

  it('a border stop is settled by the spin direction (MW-3)', () => {
    const border = at('40'); // border between "40" and the next segment
    const next = L[(border + 1) % L.length] as string;
    const cw = settle({ spins: [{ border, direction: 'cw', turns: 2 }], bets: [{ spot: 'number:40', stakeMinor: 10 }] });
    expect(cw.ok && cw.value.lines[0]?.returnMinor).toBe(410);
    const ccw = settle({ spins: [{ border, direction: 'ccw', turns: 2 }, '1'], bets: [{ spot: 'number:40', stakeMinor: 10 }, { spot: 'number:1', stakeMinor: 10 }] });
    expect(next).toBe('7x');
    expect(ccw.ok && ccw.value.lines.map((l) => l.returnMinor)).toEqual([0, 10 * (1 + 7)]);
  });

  it('a short spin (fewer than minTurns) is skipped: bets stay for the re-spin (MW-4)', () => {
    const r = settle({ spins: [{ segment: at('40'), direction: 'cw', turns: 0.4 }, { segment: at('1'), direction: 'cw', turns: 1.5 }], bets: [{ spot: 'number:40', stakeMinor: 10 }, { spot: 'number:1', stakeMinor: 10 }] });
    expect(r.ok && r.value.lines.map((l) => l.returnMinor)).toEqual([0, 20]);
  });

  it('three short spins in a row void the round: every bet refunded (MW-4, GEN-6)', () => {
    const short = { segment: 0, direction: 'cw', turns: 0 };
    const r = settle({ spins: ['2x', short, short, short], bets: [{ spot: 'number:2', stakeMinor: 10 }] });
    expect(r.ok && r.value).toMatchObject({ voided: true, houseResultMinor: 0, lines: [{ outcome: 'refund', returnMinor: 10, rules: ['MW-4'] }] });
  });

  it.each([
    [null, 'INVALID_INPUT/GEN-8'],
    [[], 'INVALID_INPUT/GEN-8'],
    [{ spins: ['1'], bets: [], extra: 1 }, 'INVALID_INPUT/GEN-8'],
    [{ spins: [], bets: [] }, 'INVALID_INPUT/GEN-8'],
    [{ spins: ['1'] }, 'INVALID_INPUT/GEN-8'],
    [{ spins: ['3'], bets: [] }, 'INVALID_RESULT/MW-1'],
    [{ spins: [{ segment: 54, turns: 2 }], bets: [] }, 'INVALID_RESULT/MW-1'],
    [{ spins: [{ segment: 1, border: 1, direction: 'cw', turns: 2 }], bets: [] }, 'INVALID_INPUT/MW-3'],
    [{ spins: [{ border: 1, turns: 2 }], bets: [] }, 'INVALID_RESULT/MW-3'],
    [{ spins: [{ segment: 1, direction: 'cw' }], bets: [] }, 'INVALID_RESULT/MW-4'],
    [{ spins: [{ segment: 0, direction: 'cw', turns: 2, label: '40' }], bets: [] }, 'INVALID_RESULT/MW-1'],
    [{ spins: ['2x'], bets: [] }, 'INVALID_INPUT/MW-2'],
    [{ spins: ['1', '2'], bets: [] }, 'INVALID_INPUT/MW-2'],
    [{ spins: ['1'], bets: [{ spot: 'number:3', stakeMinor: 1 }] }, 'UNKNOWN_SPOT/MW-1'],
    [{ spins: ['1'], bets: [{ spot: '2x', stakeMinor: 1 }] }, 'UNKNOWN_SPOT/MW-1'],
    [{ spins: ['1'], bets: [{ spot: 'number:1', stakeMinor: 1.5 }] }, 'INVALID_AMOUNT/GEN-4'],
    [{ spins: ['1'], bets: [{ spot: 'number:1', stakeMinor: 0 }] }, 'INVALID_AMOUNT/GEN-4'],
    [{ spins: ['1'], bets: [{ spot: 'number:1', stakeMinor: 1, betId: 'a' }, { spot: 'number:2', stakeMinor: 1, betId: 'a' }] }, 'BET_ID_CONFLICT/D-3'],
    [{ spins: ['40'], bets: [{ spot: 'number:40', stakeMinor: 1e15 }] }, 'STAKE_TOO_LARGE/D-1'],
    [{ spins: ['1'], bets: [{ spot: 'number:40', stakeMinor: 1e15 }] }, 'STAKE_TOO_LARGE/D-1'],
  ])('rejects %j with %s', (input, expected) => {
    expect(code(input)).toBe(expected);
  });

  it('the unlimited profile has no stake ceiling up front: an inexact payout is refused at settlement (STAKE_TOO_LARGE, D-1)', () => {
    expect(code({ spins: ['1'], bets: [{ spot: 'number:40', stakeMinor: 1e15 }] }, 'unlimited')).toBe('ok');
    expect(code({ spins: ['40'], bets: [{ spot: 'number:40', stakeMinor: 1e15 }] }, 'unlimited')).toBe('STAKE_TOO_LARGE/D-1');
  });

  it('rejects an unknown profile (UNKNOWN_PROFILE, D-2)', () => {
    expect(code({ spins: ['1'], bets: [] }, 'nope')).toBe('UNKNOWN_PROFILE/D-2');
  });

  it('property: any JSON input yields a settlement or a coded violation, never a throw', () => {
    const spin = fc.oneof(fc.constantFrom(...new Set(L)), fc.record({ segment: fc.integer({ min: -2, max: 60 }), direction: fc.constantFrom('cw', 'ccw', 'x'), turns: fc.double({ min: -1, max: 5 }) }), fc.anything());
    const betArb = fc.oneof(fc.record({ spot: fc.constantFrom('number:1', 'number:2', 'number:5', 'number:10', 'number:20', 'number:40', 'number:7'), stakeMinor: fc.oneof(fc.integer({ min: -5, max: 1e6 }), fc.double()) }), fc.anything());
    fc.assert(
      fc.property(fc.oneof(fc.record({ spins: fc.array(spin, { maxLength: 6 }), bets: fc.array(betArb, { maxLength: 5 }) }), fc.jsonValue()), (input) => {
        const r = settle(input);
        if (!r.ok) return /^[A-Z_]+$/.test(r.violation.code);
        const stakes = r.value.lines.reduce((a, l) => a + l.stakeMinor, 0);
        const returns = r.value.lines.reduce((a, l) => a + l.returnMinor, 0);
        return r.value.houseResultMinor === stakes - returns;
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
