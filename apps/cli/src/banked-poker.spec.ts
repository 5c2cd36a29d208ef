import { describe, expect, it } from 'vitest';
import type { RtpReport, Settlement } from '@felt-studio/games';
import { felt } from '../../../test/support/cli.js';

describe('felt rtp / settle for Three Card Poker (issue 10)', () => {
  it('felt rtp three-card-poker: exact, ante 3.37 % with the optimal Q-6-4 strategy stated, Pair Plus 7.28 %', async () => {
    const r = await felt(['rtp', 'three-card-poker', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as RtpReport;
    const ante = report.rows.find((x) => x.bet === 'ante');
    expect(ante).toMatchObject({ method: 'exact', exact: '19671831/20358520' });
    expect(ante?.note).toContain('Q-6-4');
    expect(report.rows.find((x) => x.bet === 'pair-plus')?.houseEdge).toBeCloseTo(0.0728, 4);
  }, 60_000);

  it('felt settle three-card-poker settles from stdin (exit 0)', async () => {
    const input = { player: ['KS', '7H', '3D'], dealer: ['QS', '9H', '4D'], bets: [{ spot: 'ante', stakeMinor: 1000, playerId: 'p1' }, { spot: 'pair-plus', stakeMinor: 500, playerId: 'p1' }], actions: { p1: ['play'] } };
    const r = await felt(['settle', 'three-card-poker', '--json'], JSON.stringify(input));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out) as Settlement;
    expect(s.lines.map((l) => [l.betId, l.returnMinor])).toEqual([['bet_1', 2000], ['bet_2', 0], ['bet_1:play', 2000]]);
  });

  it.each([
    ['a card not in the deck', { player: ['KS', '7H', '1D'], dealer: ['QS', '9H', '4D'], bets: [] }, 'POKER_CARD_INVALID'],
    ['an impossible hand (a card twice)', { player: ['KS', '7H', '3D'], dealer: ['KS', '9H', '4D'], bets: [] }, 'POKER_CARD_DUPLICATE'],
    ['a wrong card count', { player: ['KS', '7H'], dealer: ['QS', '9H', '4D'], bets: [] }, 'POKER_CARD_COUNT'],
    ['a decision that is not offered', { player: ['KS', '7H', '3D'], dealer: ['QS', '9H', '4D'], bets: [{ spot: 'ante', stakeMinor: 100 }], actions: { player: ['raise'] } }, 'UNKNOWN_ACTION'],
  ])('rejects %s with its code and exit 2', async (_name, input, code) => {
    const r = await felt(['settle', 'three-card-poker'], JSON.stringify(input));
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain(`code ${code}`);
  });
});
