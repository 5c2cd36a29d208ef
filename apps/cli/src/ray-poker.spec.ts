import type { RtpReport } from '@felt-studio/games';
import { describe, expect, it } from 'vitest';
import { felt } from '../../../test/support/cli.js';

describe('felt rtp / felt settle ray-poker (RAY 2011 (docs/rules) §7)', () => {
  it('felt rtp ray-poker (Fast Poker) is exact and names its decision strategy', async () => {
    const r = await felt(['rtp', 'ray-poker', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as RtpReport;
    expect(report.profile).toBe('fast');
    expect(report.rows.map((x) => [x.bet, x.method, x.exact])).toEqual([
      ['bet+play', 'exact', '1991931/2165800'],
      ['bonus', 'exact', '5097/5525'],
      ['bonus-always-played', 'exact', '5097/5525'],
    ]);
    expect(report.rows[0]?.note).toMatch(/expected value of Play beats folding/);
  });

  it('felt rtp ray-poker --profile riverside simulates the main game with a 95 % interval and the stated near-optimal strategy, reproducible per seed', async () => {
    const a = JSON.parse((await felt(['rtp', 'ray-poker', '--profile', 'riverside', '--json', '--rounds', '4000', '--seed', '7'])).out) as RtpReport;
    const b = JSON.parse((await felt(['rtp', 'ray-poker', '--profile', 'riverside', '--json', '--rounds', '4000', '--seed', '7'])).out) as RtpReport;
    expect(a).toEqual(b);
    const main = a.rows[0];
    expect(main?.method).toBe('simulation');
    expect(main?.ci95).toBeGreaterThan(0);
    expect(main?.note).toMatch(/strategy: near-optimal, derived per decision: call iff EV\(call\) > EV\(fold\)/);
    expect(main?.note).toMatch(/estimated loss against the optimal choice [0-9.]+ %/);
    expect(a.rows[1]?.exact).toBe('110287/129948');
  }, 60_000);

  it.each([
    ['a card not in the deck', '{"dealer":["QS","9S","1X"],"seats":[]}', 'INVALID_CARD'],
    ['an impossible deal (a card twice)', '{"dealer":["QS","9S","4D"],"seats":[{"seat":1,"cards":["QS","2D","3C"],"bet":100,"decision":"play"}]}', 'INVALID_CARDS'],
    ['the wrong card count', '{"dealer":["QS","9S"],"seats":[]}', 'INVALID_CARDS'],
    ['malformed JSON', '{"dealer":', 'malformed JSON'],
  ])('felt settle ray-poker rejects %s: code on stderr, exit 2', async (_n, stdin, message) => {
    const r = await felt(['settle', 'ray-poker'], stdin);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.out).toBe('');
  });
});

describe('felt rtp / felt settle for the live RAY games (triple-bet-poker, dynamic-poker, riverside-poker)', () => {
  it('felt rtp triple-bet-poker is exact through the live definition (optimal removals; B every hand)', async () => {
    const r = await felt(['rtp', 'triple-bet-poker', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as RtpReport;
    expect(report.rows.map((x) => [x.bet, x.method, x.exact])).toEqual([
      ['main', 'exact', '9503231/9746100'],
      ['bonus', 'exact', '170869/216580'],
    ]);
  }, 120_000);

  it('felt rtp dynamic-poker simulates with the stated near-optimal strategy and a 95 % interval', async () => {
    const report = JSON.parse((await felt(['rtp', 'dynamic-poker', '--json', '--rounds', '5000', '--seed', '3'])).out) as RtpReport;
    expect(report.rows[0]).toMatchObject({ method: 'simulation', samples: 5_000 });
    expect(report.rows[0]?.note).toMatch(/strategy: near-optimal, derived per decision: River raise iff P\(win\) − P\(lose\) > 0 \(optimal\)/);
    expect(report.rows[1]?.exact).toBe('584/663');
  }, 60_000);

  it('felt settle riverside-poker settles a round through the live kernel (exit 0)', async () => {
    const input = { player: ['AS', 'KD'], dealer: ['QC', 'QD'], board: ['AC', 'KH', '7S', '4D', '2C'], bets: [{ spot: 'blind', stakeMinor: 100, playerId: 'p1' }, { spot: 'bonus', stakeMinor: 50, playerId: 'p1' }], actions: { p1: ['call'] } };
    const r = await felt(['settle', 'riverside-poker', '--json'], JSON.stringify(input));
    expect(r.code).toBe(0);
    expect(r.out).toContain('RV-2');
  });

  it.each([
    ['triple-bet-poker', 'a card not in the deck', { player: ['TC', 'KH', '1X'], board: ['TD', '3S'], bets: [] }, 'POKER_CARD_INVALID'],
    ['dynamic-poker', 'an impossible deal (a card twice)', { player: ['AS', 'AD'], dealer: ['AS', '2C'], board: ['3C', '4C', '5C', '6C', '7C'], bets: [] }, 'POKER_CARD_DUPLICATE'],
    ['riverside-poker', 'the wrong card count', { player: ['AS'], dealer: ['KS', 'KD'], board: ['3C', '4C', '5C', '6C', '7C'], bets: [] }, 'POKER_CARD_COUNT'],
    ['triple-bet-poker', 'the wrong board count', { player: ['TC', 'KH', '2D'], board: ['TD'], bets: [] }, 'POKER_CARD_COUNT'],
  ])('felt settle %s rejects %s: code on stderr, exit 2', async (game, _n, input, code) => {
    const r = await felt(['settle', game], JSON.stringify(input));
    expect(r.code).toBe(2);
    expect(r.err).toContain(code);
    expect(r.out).toBe('');
  });
});
