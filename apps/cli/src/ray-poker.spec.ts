import type { RtpReport } from '@felt/games';
import { describe, expect, it } from 'vitest';
import { run, type CliIo } from './main.js';

async function felt(argv: string[], stdin: CliIo['stdin'] = ''): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await run(argv, { stdin, stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } });
  return { code, out, err };
}

describe('felt rtp / felt settle ray-poker (rules-ray-2011.md §7)', () => {
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

  it('felt rtp ray-poker --profile riverside simulates the main game with a 95 % interval and the stated strategy, reproducible per seed', async () => {
    const a = JSON.parse((await felt(['rtp', 'ray-poker', '--profile', 'riverside', '--json', '--rounds', '20000', '--seed', '7'])).out) as RtpReport;
    const b = JSON.parse((await felt(['rtp', 'ray-poker', '--profile', 'riverside', '--json', '--rounds', '20000', '--seed', '7'])).out) as RtpReport;
    expect(a).toEqual(b);
    const main = a.rows[0];
    expect(main?.method).toBe('simulation');
    expect(main?.ci95).toBeGreaterThan(0);
    expect(main?.note).toMatch(/strategy: call with a pair or better/);
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
