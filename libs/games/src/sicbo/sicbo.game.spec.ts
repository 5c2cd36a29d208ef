import { describe, expect, it } from 'vitest';
import { gameModule } from '../registry.js';
import { sicboGame } from './sicbo.game.js';

const row = (profile: string, bet: string) => {
  const r = sicboGame.rtp(profile);
  if (!r.ok) throw new Error(r.violation.message);
  const found = r.value.rows.find((x) => x.bet === bet);
  if (!found) throw new Error(`no row ${bet}`);
  return found;
};

describe('Sic Bo GameModule', () => {
  it('is registered as "sicbo" with the standard profile as default', () => {
    expect(gameModule('sicbo')).toBe(sicboGame);
    expect(sicboGame.profiles[sicboGame.defaultProfile]?.id).toBe('standard');
  });

  it('RTP (SB-2, exact over 216 outcomes): small and big return 35/36 = 97.22 %', () => {
    for (const bet of ['small', 'big', 'odd', 'even']) {
      expect(row('standard', bet)).toMatchObject({ method: 'exact', exact: '35/36' });
      expect(row('standard', bet).rtp * 100).toBeCloseTo(97.22, 2);
    }
  });

  it.each([
    ['total:4', '61/72'], // 3 ways × 61 / 216
    ['total:10', '7/8'], // 27 ways × 7 / 216
    ['total:9', '175/216'],
    ['single', '199/216'],
    ['double', '2/3'],
    ['triple', '151/216'],
    ['any-triple', '25/36'],
    ['combo', '5/6'],
  ])('RTP (SB-2 default paytable) of %s is exactly %s', (bet, exact) => {
    expect(row('standard', bet).exact).toBe(exact);
  });

  it('RTP follows the profile data: Macau any triple 30:1 = 31/36', () => {
    expect(row('macau', 'any-triple').exact).toBe('31/36');
    expect(row('standard', 'any-triple').houseEdge).toBeCloseTo(11 / 36, 12);
  });

  it('rejects an unknown profile with UNKNOWN_PROFILE', () => {
    const r = sicboGame.rtp('vegas');
    expect(r.ok === false && r.violation.code).toBe('UNKNOWN_PROFILE');
  });

  it('settleOffline: settles every bet of a dispute input against the dice (GEN-8)', () => {
    const r = sicboGame.settleOffline('standard', { dice: [2, 2, 5], bets: [{ spot: 'small', stakeMinor: 1000 }, { betId: 'x', playerId: 'p2', spot: 'double:2', stakeMinor: 100 }, { spot: 'combo:2-5', stakeMinor: 101 }] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.lines.map((l) => [l.betId, l.playerId, l.returnMinor])).toEqual([
      ['bet_1', 'player', 2000],
      ['x', 'p2', 900],
      ['bet_3', 'player', 606],
    ]);
    expect(r.value.houseResultMinor).toBe(1201 - 3506);
  });

  it('settleOffline echoes the optional roundId', () => {
    const r = sicboGame.settleOffline('standard', { roundId: 'rnd_42', dice: [1, 1, 1], bets: [{ spot: 'any-triple', stakeMinor: 1 }] });
    expect(r.ok && [r.value.roundId, r.value.lines[0]?.returnMinor]).toEqual(['rnd_42', 25]);
  });

  it.each([
    ['not an object', [1, 2, 3], 'INVALID_INPUT', null],
    ['dice out of range (SB-4)', { dice: [1, 2, 7], bets: [] }, 'INVALID_DICE', 'SB-4'],
    ['two dice (SB-1)', { dice: [1, 2], bets: [] }, 'INVALID_DICE', 'SB-1'],
    ['bets not an array', { dice: [1, 2, 3], bets: {} }, 'INVALID_INPUT', null],
    ['unknown spot (SB-2)', { dice: [1, 2, 3], bets: [{ spot: 'total:3', stakeMinor: 1 }] }, 'UNKNOWN_SPOT', 'SB-2'],
    ['fractional stake (GEN-4)', { dice: [1, 2, 3], bets: [{ spot: 'big', stakeMinor: 1.5 }] }, 'INVALID_AMOUNT', 'GEN-4'],
    ['stake as a string', { dice: [1, 2, 3], bets: [{ spot: 'big', stakeMinor: '100' }] }, 'INVALID_AMOUNT', 'GEN-4'],
    ['big and small for one player (RES-3)', { dice: [1, 2, 3], bets: [{ spot: 'big', stakeMinor: 1 }, { spot: 'small', stakeMinor: 1 }] }, 'RESTRICTED_COMBINATION', 'RES-3'],
    ['an unknown top-level field (typo)', { dice: [1, 2, 3], bet: [] }, 'INVALID_INPUT', null],
    ['an unknown bet field (typo)', { dice: [1, 2, 3], bets: [{ spot: 'big', stake: 1, stakeMinor: 1 }] }, 'INVALID_INPUT', null],
    ['a non-string roundId', { roundId: 7, dice: [1, 2, 3], bets: [] }, 'INVALID_INPUT', null],
    ['duplicate bet id', { dice: [1, 2, 3], bets: [{ betId: 'a', spot: 'big', stakeMinor: 1 }, { betId: 'a', spot: 'odd', stakeMinor: 1 }] }, 'BET_ID_CONFLICT', 'D-3'],
  ])('settleOffline rejects %s', (_name, input, code, ruleId) => {
    const r = sicboGame.settleOffline('standard', input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.violation.code, r.violation.ruleId]).toEqual([code, ruleId]);
  });
});

describe('Sic Bo settlement and RTP agree', () => {
  it('SB-2: for every spot, settling a 36-unit stake on all 216 outcomes returns exactly rtp × 216 × stake', async () => {
    const { SICBO_SPOTS } = await import('./sicbo.rules.js');
    const { ALL_DICE } = await import('./sicbo.game.js');
    const report = sicboGame.rtp('standard');
    if (!report.ok) throw new Error('rtp');
    const rowFor = (spot: string) => report.value.rows.find((r) => r.bet === spot || r.bet === spot.split(':')[0]);
    for (const spot of SICBO_SPOTS) {
      let returned = 0;
      for (const dice of ALL_DICE) {
        const s = sicboGame.settleOffline('standard', { dice, bets: [{ spot, stakeMinor: 36 }] });
        if (!s.ok) throw new Error(s.violation.message);
        returned += s.value.lines[0]?.returnMinor ?? 0;
      }
      const [num, den] = (rowFor(spot)?.exact ?? '').split('/').map(Number);
      expect(returned * (den ?? 0), spot).toBe(216 * 36 * (num ?? -1));
    }
  });

  it('GEN-8: settleOffline gives the same lines as a live round with the same bets and dice', async () => {
    const { sicboKernel: K } = await import('./sicbo.kernel.js');
    const bets = [
      { betId: 'a', playerId: 'p1', spot: 'big', stakeMinor: 300 },
      { betId: 'b', playerId: 'p1', spot: 'odd', stakeMinor: 77 },
      { betId: 'c', playerId: 'p2', spot: 'single:6', stakeMinor: 10 },
      { betId: 'd', playerId: 'p2', spot: 'combo:5-6', stakeMinor: 25 },
    ];
    for (const dice of [[6, 6, 5], [1, 1, 1], [2, 3, 6]] as const) {
      let s = K.initial();
      const cmds = [
        { type: 'OpenRound' as const, at: 0, roundId: 'rnd_x', tableId: 't', profileId: 'standard', bettingClosesAt: 100, limits: { spots: {}, tableMinMinor: 1, tableMaxMinor: 10_000 } },
        ...bets.map((bet) => ({ type: 'PlaceBet' as const, at: 1, bet })),
        { type: 'CloseBetting' as const, at: 100, reason: 'deadline' as const },
        { type: 'RecordDiceResult' as const, at: 101, dice: [...dice] },
      ];
      for (const c of cmds) {
        const d = K.decide(s, c);
        if (!d.ok) throw new Error(d.violation.message);
        for (const e of d.events) s = K.evolve(s, e);
      }
      const live = K.settle(s);
      const offline = sicboGame.settleOffline('standard', { roundId: 'rnd_x', dice, bets });
      expect(live.ok && offline.ok && offline.value).toEqual(live.ok && live.value);
    }
  });
});
