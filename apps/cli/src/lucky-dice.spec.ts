import type { RtpReport } from '@felt-studio/games';
import { describe, expect, it } from 'vitest';
import { felt } from '../../../test/support/cli.js';

describe('felt rtp / felt settle lucky-dice (RAY 2011 (docs/rules) §5)', () => {
  it('felt rtp lucky-dice is exact over the 36 throws: plein 31/36, transversal 11/12, under/over 7 5/6 (Appendix A)', async () => {
    const r = await felt(['rtp', 'lucky-dice', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as RtpReport;
    expect(report.profile).toBe('ray-a');
    const exact = Object.fromEntries(report.rows.map((x) => [x.bet, [x.exact, x.method]]));
    expect(exact).toMatchObject({ plein: ['31/36', 'exact'], transversal: ['11/12', 'exact'], 'under-7': ['5/6', 'exact'], 'sum:5': ['8/9', 'exact'] });
    const table = await felt(['rtp', 'lucky-dice', '--profile', 'ray-b']);
    expect(table.out).toMatch(/^plein\s+86\.111\s+13\.889\s+exact/m);
  });

  it('felt settle lucky-dice settles a red and a green die', async () => {
    const r = await felt(['settle', 'lucky-dice', '--json'], '{"dice":{"red":6,"green":6},"bets":[{"spot":"all-pairs","stakeMinor":100},{"spot":"plein:36","stakeMinor":10}]}');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ houseResultMinor: 110 - 500 - 310, lines: [{ returnMinor: 500, outcome: 'win' }, { returnMinor: 310, outcome: 'win' }] });
  });

  it.each([
    ['three dice', '{"dice":[1,2,3],"bets":[]}', 'code INVALID_DICE, rule LD-1'],
    ['a die of 0', '{"dice":{"red":0,"green":2},"bets":[]}', 'code INVALID_DICE, rule LD-8'],
    ['a lost sum box', '{"dice":{"red":1,"green":2},"bets":[{"spot":"sum:11","stakeMinor":5}]}', 'code SPOT_NOT_OFFERED, rule LD-3'],
    ['squares that are not a cheval', '{"dice":{"red":1,"green":2},"bets":[{"spot":"cheval:6-7","stakeMinor":5}]}', 'code UNKNOWN_SPOT, rule LD-2'],
    ['a negative stake', '{"dice":{"red":1,"green":2},"bets":[{"spot":"plein:1","stakeMinor":-5}]}', 'code INVALID_AMOUNT, rule GEN-4'],
    ['malformed JSON', '{"dice":', 'malformed JSON'],
  ])('rejects %s with a code on stderr and exit 2', async (_n, stdin, message) => {
    const r = await felt(['settle', 'lucky-dice'], stdin);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.out).toBe('');
  });
});
