import { describe, expect, it } from 'vitest';
import { createRng, integrity, pokerTable, roulette } from '@felt-studio/games';
import { run as cli } from './main.js';

async function run(args: string[], stdin: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await cli(args, { stdin, stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } });
  return { code, out, err };
}

/** A blackjack table written in `felt integrity player`'s format: 20 shoes of 8 decks cut at half, a 1–8 counter, a flat and a random bettor. */
function simulatedLog(seed: number): string {
  const rng = createRng(seed);
  const bettors = { counter: integrity.simBettors.counter(), flat: integrity.simBettors.flat(), random: integrity.simBettors.random() };
  const out: string[] = [];
  for (let s = 0; s < 20; s++) {
    if (s > 0) out.push('---');
    const cards = integrity.shoeCards(8, seed * 100 + s);
    const count = new integrity.ShoeCount(8);
    let i = 0;
    while (i < 208) {
      out.push('round');
      const state = { trueCount: count.trueCount, pairChance: count.pairChance, round: 0, rng };
      for (const [p, bet] of Object.entries(bettors)) out.push(`bet ${p} ${bet(state).stake}`);
      for (let k = 12 + rng.int(9); k > 0; k--) {
        count.see(cards[i]!);
        out.push(cards[i++]!);
      }
    }
  }
  return out.join('\n');
}

/** A simulated poker table's hands as the pit boss exports them, one events body per line (`felt integrity poker`'s format). */
function pokerExport(hands: number, seed: number, players: Record<string, integrity.SimPokerPlayer>): string[] {
  const out: string[] = [];
  integrity.simulatePokerTable(hands, seed, players, 'holdem-1', (l) => {
    const ev = pokerTable.handEventsView({ start: { seq: 1, handId: l.handId, config: l.config, seats: l.seats, buttonSeat: l.buttonSeat, at: l.at, deckCommit: null }, commands: l.commands.map((cmd, j) => ({ seq: j + 2, cmd })), ended: { seq: l.commands.length + 2, deck: null, salt: null } }, { role: 'pitboss' });
    if (ev.ok) out.push(JSON.stringify({ handId: l.handId, table: l.config, events: ev.value }));
  });
  return out;
}

describe('felt integrity (issue 23: the auditor\'s contract)', () => {
  it('poker: a fair table prints alarm false; a chip-dumping pair, a timing bot and a shared address are found with their hands (exit 0 both)', async () => {
    const fair = await run(['integrity', 'poker'], pokerExport(300, 3, integrity.fairPokerTable()).join('\n'));
    expect(fair.code).toBe(0);
    expect(JSON.parse(fair.out)).toMatchObject({ hands: 300, alarm: false, suspects: [] });
    const lines = pokerExport(800, 4, integrity.fairPokerTable({ d: integrity.simPokerPlayers.dumper('r'), r: integrity.simPokerPlayers.receiver('d'), bot: integrity.simPokerPlayers.bot() }));
    const cheat = await run(['integrity', 'poker'], ['# holdem-1, exported by the pit boss', ...lines, '{ "connection": { "player": "p1", "ip": "203.0.113.7" } }', '{ "connection": { "player": "p2", "ip": "203.0.113.7", "device": "fp-1" } }'].join('\n'));
    expect(cheat.code).toBe(0);
    const r = JSON.parse(cheat.out) as integrity.PokerIntegrityReport;
    expect(r).toMatchObject({ hands: 800, alarm: true });
    expect(r.suspects).toEqual(expect.arrayContaining(['bot', 'd', 'r', 'p1', 'p2']));
    const kinds = r.findings.filter((f) => f.alarm).map((f) => `${f.kind} ${f.players.join('+')}`);
    expect(kinds).toEqual(expect.arrayContaining(['chip-dumping d+r', 'timing bot', 'shared-connection p1+p2']));
    // each finding's hands are the hands of the export, replayable one by one with felt settle poker-holdem
    const dumped = r.findings.find((f) => f.kind === 'chip-dumping')!.hands[0]!;
    const body = lines.find((l) => l.includes(`"handId":"${dumped}"`))!;
    const settled = await run(['settle', 'poker-holdem', '--json'], body);
    expect(settled.code).toBe(0);
    expect((JSON.parse(settled.out) as { seats: { playerId: string; netMinor: number }[] }).seats.find((x) => x.playerId === 'd')!.netMinor).toBeLessThanOrEqual(-800);
  });

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

  it('player: a counter with a 1–8 spread among fair bettors is named; the log format round / bet / cards / ---', async () => {
    // the CLI reads the format; a short log checks the parse and the report's shape
    const log = ['round', 'bet p1 100', 'bet p2 800 100', '2S', '3H', 'KD', 'round', 'bet p1 100', 'AS', '---', 'round', 'bet p1 200 # a comment', '9C'].join('\n');
    const r = await run(['integrity', 'player'], log);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ players: 2, rounds: 3, alarm: false, suspects: [] });
    const counted = await run(['integrity', 'player', '--decks', '8'], simulatedLog(301));
    expect(counted.code).toBe(0);
    const out = JSON.parse(counted.out) as { alarm: boolean; suspects: string[]; reports: { playerId: string; tests: { name: string }[] }[] };
    expect(out.suspects).toEqual(['counter']);
    expect(out.alarm).toBe(true);
  });

  it('patterns (issue 23 §5): fair players print alarm false; a group of 3 copying one signal at two tables is one group (exit 0 both)', async () => {
    const jsonl = (bets: readonly integrity.PatternBet[]): string => ['# bets at two tables, one per line', ...bets.map((b) => JSON.stringify(b))].join('\n');
    const fair = await run(['integrity', 'patterns'], jsonl(integrity.simulatePatternBets({ tables: 2, rounds: 100, playersPerTable: 20, seed: 3 })));
    expect(fair.code).toBe(0);
    expect(JSON.parse(fair.out)).toMatchObject({ alarm: false, groups: [], suspects: [] });
    const planted = integrity.simulatePatternBets({ tables: 2, rounds: 40, playersPerTable: 20, seed: 4, group: { size: 3, tables: 2, spreadMs: 200, presence: 0.9 } });
    const found = await run(['integrity', 'patterns'], jsonl(planted));
    expect(found.code).toBe(0);
    const out = JSON.parse(found.out) as { bets: number; alarm: boolean; pValue: number; groups: string[][]; evidence: { tables: string[]; evidence: { gapMs: number }[] }[] };
    expect(out).toMatchObject({ bets: planted.length, alarm: true, groups: [['grp1', 'grp2', 'grp3']] });
    expect(out.pValue).toBeLessThan(0.001);
    expect(out.evidence[0]!.tables).toHaveLength(2);
    // the same as the server's detector on the same bets
    expect(out.pValue).toBe(integrity.sharedPatterns(planted).pValue);
  });

  it('bad input: exit 2 with the line and a code, nothing on stdout', async () => {
    for (const [args, stdin, code] of [
      [['integrity', 'wheel'], '1\n2\n37\n', 'INVALID_SPIN'],
      [['integrity', 'wheel'], '1\nred\n', 'INVALID_SPIN'],
      [['integrity', 'wheel'], '\n\n', 'NO_INPUT'],
      [['integrity', 'shoe', '--decks', '8'], 'AS\nZZ\n', 'INVALID_CARD'],
      [['integrity', 'shoe'], 'AS\n', 'USAGE'],
      [['integrity', 'dice'], '1\n', 'USAGE'],
      [['integrity', 'player'], 'bet p1 100\n', 'INVALID_LINE'],
      [['integrity', 'player'], 'round\nbet p1 1.5\n', 'INVALID_LINE'],
      [['integrity', 'player'], 'round\nXX\n', 'INVALID_CARD'],
      [['integrity', 'player'], 'AS\n', 'NO_INPUT'],
      [['integrity', 'poker'], '# nothing\n', 'NO_INPUT'],
      [['integrity', 'poker'], 'handId h1\n', 'INVALID_LINE'],
      [['integrity', 'poker'], '{ "connection": { "player": "p1" } }\n', 'INVALID_LINE'],
      [['integrity', 'poker'], '{ "handId": "h1", "table": { "variant": "holdem" }, "events": [] }\n', 'INVALID_HAND'],
      [['integrity', 'patterns'], '# nothing\n', 'NO_INPUT'],
      [['integrity', 'patterns'], 'p1 red 100\n', 'INVALID_LINE'],
      [['integrity', 'patterns'], '{ "playerId": "p1", "tableId": "t", "roundId": "r1", "spot": "red", "amount": 100, "acceptedAt": 1 }\n', 'INVALID_BET'],
      [['integrity', 'patterns'], '{ "playerId": "", "tableId": "t", "roundId": "r1", "spot": "red", "amount": 100, "acceptedAt": 1, "msBeforeClose": 5 }\n', 'INVALID_BET'],
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
