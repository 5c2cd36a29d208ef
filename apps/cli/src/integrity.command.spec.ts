import { describe, expect, it } from 'vitest';
import { integrity, roulette } from '@felt/games';
import { run as cli } from './main.js';

async function run(args: string[], stdin: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await cli(args, { stdin, stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } });
  return { code, out, err };
}

describe('felt integrity (issue 23: the auditor\'s contract)', () => {
  it('wheel: a fair wheel prints alarm false; a wheel with pocket 17 at 2× prints alarm true with 17 a suspect (exit 0 both)', async () => {
    const fair = await run(['integrity', 'wheel'], integrity.wheelSpins(3000, 37, 4).join('\n'));
    expect(fair.code).toBe(0);
    const f = JSON.parse(fair.out) as { spins: number; alarm: boolean; pValue: number; suspects: number[] };
    expect(f).toMatchObject({ spins: 3000, alarm: false, suspects: [] });
    expect(f.pValue).toBeGreaterThan(0.002);
    const biased = await run(['integrity', 'wheel', '--pockets', '37'], integrity.wheelSpins(3000, 37, 4, { pocket: 17, factor: 2 }).join('\n') + '\n');
    expect(biased.code).toBe(0);
    const b = JSON.parse(biased.out) as { alarm: boolean; pValue: number; suspects: number[] };
    expect(b.alarm).toBe(true);
    expect(b.pValue).toBeLessThan(0.002);
    expect(b.suspects).toContain(17);
  });

  it('wheel: the American wheel takes 00 and names it "00"', async () => {
    const spins = integrity.wheelSpins(4000, 38, 9, { pocket: 37, factor: 2 }).map((s) => (s === 37 ? '00' : String(s)));
    const r = await run(['integrity', 'wheel', '--pockets', '38'], spins.join('\n'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ alarm: true });
    expect((JSON.parse(r.out) as { suspects: unknown[] }).suspects).toContain('00');
  });

  it('shoe: sessions separated by ---; shoes short of tens name T; a fair shoe does not alarm', async () => {
    const short = Array.from({ length: 8 }, (_, i) => integrity.shoeCards(8, 40 + i, { T: 16 }).slice(0, 312).join('\n')).join('\n---\n');
    const r = await run(['integrity', 'shoe', '--decks', '8'], short);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ sessions: 8, cards: 8 * 312, alarm: true });
    expect((JSON.parse(r.out) as { suspects: string[] }).suspects).toContain('T');
    const fair = await run(['integrity', 'shoe', '--decks', '8'], integrity.shoeCards(8, 3).slice(0, 312).join('\n'));
    expect(JSON.parse(fair.out)).toMatchObject({ sessions: 1, alarm: false, suspects: [] });
  });

  it('bad input: exit 2 with the line and a code, nothing on stdout', async () => {
    for (const [args, stdin, code] of [
      [['integrity', 'wheel'], '1\n2\n37\n', 'INVALID_SPIN'],
      [['integrity', 'wheel'], '1\nred\n', 'INVALID_SPIN'],
      [['integrity', 'wheel'], '\n\n', 'NO_INPUT'],
      [['integrity', 'shoe', '--decks', '8'], 'AS\nZZ\n', 'INVALID_CARD'],
      [['integrity', 'shoe'], 'AS\n', 'USAGE'],
      [['integrity', 'dice'], '1\n', 'USAGE'],
    ] as const) {
      const r = await run([...args], stdin);
      expect(r.code, String(args)).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toContain(code);
    }
    expect((await run(['integrity', 'wheel'], '1\n2\n37\n')).err).toContain('line 3');
  });

  it('the European wheel order is the roulette module\'s', () => {
    expect(roulette.WHEEL_ORDER).toHaveLength(37);
  });
});
