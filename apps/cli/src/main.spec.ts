import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GAME_IDS, gameModule, type RtpReport, type Settlement } from '@felt-studio/games';
import { describe, expect, it } from 'vitest';
import { felt } from '../../../test/support/cli.js';
import { COMMANDS } from './main.js';

/** Runs the CLI in-process and captures its output. */
const registered = GAME_IDS.filter((g) => gameModule(g) !== undefined);

async function rtpJson(game: string, ...flags: string[]): Promise<RtpReport> {
  const r = await felt(['rtp', game, '--json', ...flags]);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as RtpReport;
}

const rowOf = (report: RtpReport, bet: string) => {
  const row = report.rows.find((x) => x.bet === bet);
  if (!row) throw new Error(`${report.game} has no RTP row "${bet}" (rows: ${report.rows.map((x) => x.bet).join(', ')})`);
  return row;
};

describe('felt help and usage errors', () => {
  it('felt --help lists every command of the command table and exits 0', async () => {
    const r = await felt(['--help']);
    expect(r.code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(r.out).toContain(name);
    expect(r.out).toContain('felt <command> --help');
  });

  it('felt --version prints the CLI package version and exits 0 (issue 22 §17)', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const r = await felt([flag]);
      expect(r.code).toBe(0);
      expect(r.out.trim()).toBe(`felt ${pkg.version}`);
    }
  });

  it('felt with no command prints the usage on stderr and exits 2', async () => {
    const r = await felt([]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Usage: felt <command>');
  });

  it.each(['rtp', 'settle'])('felt %s --help and `felt help <command>` print the command help and exit 0', async (cmd) => {
    const a = await felt([cmd, '--help']);
    const b = await felt(['help', cmd]);
    expect(a.code).toBe(0);
    expect(a.out).toContain(`Usage: felt ${cmd} <game>`);
    expect(b.out).toBe(a.out);
  });

  it.each([
    ['an unknown command', ['decode-all'], 'unknown command "decode-all"'],
    ['an unknown game', ['rtp', 'poker'], 'unknown game "poker"'],
    ['a missing game', ['rtp'], 'missing <game>'],
    ['an unknown profile', ['rtp', 'sicbo', '--profile', 'vegas'], 'unknown profile "vegas" for sicbo (one of: standard, macau)'],
    ['an unknown flag', ['rtp', 'sicbo', '--fast'], "Unknown option '--fast'"],
    ['a flag without its value', ['rtp', 'sicbo', '--profile'], '--profile'],
    ['a non-numeric seed', ['rtp', 'sicbo', '--seed', 'abc'], '--seed must be a whole number'],
    ['zero rounds', ['rtp', 'sicbo', '--rounds', '0'], '--rounds must be a whole number ≥ 1'],
    ['an extra argument', ['rtp', 'sicbo', 'baccarat'], 'unexpected argument "baccarat"'],
    ['settle with an unknown profile', ['settle', 'dragon-tiger', '--profile', 'nope'], 'unknown profile "nope"'],
  ])('rejects %s with a message on stderr and exit code 2', async (_name, argv, message) => {
    const r = await felt(argv, '{}');
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.out).toBe('');
  });
});

describe('felt rtp', () => {
  it('registers the games of this build (sicbo, dragon-tiger, football-studio at least)', () => {
    expect(registered).toEqual(expect.arrayContaining(['sicbo', 'dragon-tiger', 'football-studio']));
  });

  it.each(registered)('felt rtp %s --json prints a well-formed RtpReport for every profile', async (game) => {
    const m = gameModule(game);
    for (const profile of Object.keys(m?.profiles ?? {})) {
      const report = await rtpJson(game, '--profile', profile, '--seed', '7', '--rounds', '20000');
      expect(report.game).toBe(game);
      expect(report.rows.length).toBeGreaterThan(0);
      for (const row of report.rows) {
        expect(row.rtp, `${game}/${profile}/${row.bet}`).toBeGreaterThan(0.5);
        expect(row.rtp, `${game}/${profile}/${row.bet}`).toBeLessThan(1.05);
        expect(row.houseEdge).toBeCloseTo(1 - row.rtp, 9);
        if (row.method === 'simulation') expect(row.ci95).toBeGreaterThan(0);
      }
    }
  });

  it.each(registered)('felt rtp %s prints a table with one line per bet and the RTP in percent', async (game) => {
    const report = await rtpJson(game, '--seed', '7', '--rounds', '20000');
    const r = await felt(['rtp', game, '--seed', '7', '--rounds', '20000']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('RTP %');
    expect(r.out).toContain('house edge %');
    for (const row of report.rows) expect(r.out).toMatch(new RegExp(`^${row.bet.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+${(row.rtp * 100).toFixed(3)}\\s`, 'm'));
  });

  it('sicbo: small and big return 97.22 % (35/36), exact over the 216 dice outcomes (SB-2)', async () => {
    const report = await rtpJson('sicbo');
    for (const bet of ['small', 'big']) expect(rowOf(report, bet)).toMatchObject({ method: 'exact', exact: '35/36' });
    expect(rowOf(report, 'any-triple').exact).toBe('25/36');
    const table = await felt(['rtp', 'sicbo']);
    expect(table.out).toMatch(/^small\s+97\.222\s+2\.778\s+exact/m);
  });

  it('dragon-tiger: dragon with the 8:1 tie and half loss returns ≈ 96.27 %; the tie-11 profile pays the tie ≈ 89.64 % (DT-2, DT-3)', async () => {
    const std = await rtpJson('dragon-tiger');
    expect(rowOf(std, 'dragon').rtp * 100).toBeCloseTo(96.27, 2);
    expect(rowOf(std, 'dragon').exact).toBe('799/830');
    expect(rowOf(std, 'tie').rtp * 100).toBeCloseTo(67.23, 2);
    expect(rowOf(await rtpJson('dragon-tiger', '--profile', 'tie-11'), 'tie').rtp * 100).toBeCloseTo(89.64, 2);
  });

  it('roulette: European straight and red return 36/37 = 97.30 %; the RAY parlour straight 30:1 returns 31/37 (ROU, D-2)', async () => {
    const eu = await rtpJson('roulette');
    expect(eu.profile).toBe('european');
    expect(rowOf(eu, 'straight').exact).toBe('36/37');
    expect(rowOf(eu, 'red').rtp * 100).toBeCloseTo(97.297, 3);
    expect(rowOf(await rtpJson('roulette', '--profile', 'ray-parlour'), 'straight').exact).toBe('31/37');
  });

  it('baccarat: banker ≈ 98.94 %, player ≈ 98.76 %, tie 8:1 ≈ 85.64 % (exact, 8 decks)', async () => {
    const r = await rtpJson('baccarat');
    expect(rowOf(r, 'banker').rtp * 100).toBeCloseTo(98.94, 2);
    expect(rowOf(r, 'player').rtp * 100).toBeCloseTo(98.76, 2);
    expect(rowOf(r, 'tie').rtp * 100).toBeCloseTo(85.64, 2);
    expect(rowOf(r, 'banker').method).toBe('exact');
  });

  it('blackjack: the main bet is simulated with a 95 % CI that halves with 4× the rounds, reproducible per --seed; insurance is exact 384/415', async () => {
    const a = await rtpJson('blackjack', '--seed', '11', '--rounds', '20000');
    const again = await rtpJson('blackjack', '--seed', '11', '--rounds', '20000');
    const other = await rtpJson('blackjack', '--seed', '12', '--rounds', '20000');
    const big = await rtpJson('blackjack', '--seed', '11', '--rounds', '80000');
    const main = rowOf(a, 'main');
    expect(main).toMatchObject({ method: 'simulation', samples: 20000 });
    expect(again).toEqual(a);
    expect(rowOf(other, 'main').rtp).not.toBe(main.rtp);
    expect((rowOf(big, 'main').ci95 ?? 0) / (main.ci95 ?? 1)).toBeCloseTo(0.5, 1);
    expect(rowOf(big, 'main').rtp).toBeGreaterThan(0.97);
    expect(rowOf(big, 'main').rtp).toBeLessThan(1.01);
    expect(rowOf(a, 'insurance').exact).toBe('384/415');
    const table = await felt(['rtp', 'blackjack', '--seed', '11', '--rounds', '20000']);
    expect(table.out).toMatch(/^main\s+\d+\.\d{3}\s+-?\d+\.\d{3}\s+simulation\s+±\d+\.\d{3}/m);
  });

  it('football-studio: home/away ≈ 96.27 %, draw 11:1 ≈ 89.64 % (FS-2)', async () => {
    const r = await rtpJson('football-studio');
    expect(rowOf(r, 'home').rtp * 100).toBeCloseTo(96.27, 2);
    expect(rowOf(r, 'away').rtp * 100).toBeCloseTo(96.27, 2);
    expect(rowOf(r, 'draw').exact).toBe('372/415');
  });
});

describe('felt settle', () => {
  it('andar-bahar: the golden round (libs/games/src/andar-bahar/golden.round.json) settles to golden.settlement.json', async () => {
    const dir = new URL('../../../libs/games/src/andar-bahar/', import.meta.url);
    const r = await felt(['settle', 'andar-bahar', '--json'], readFileSync(new URL('golden.round.json', dir), 'utf8'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(JSON.parse(readFileSync(new URL('golden.settlement.json', dir), 'utf8')));
  });
  it('infinite-blackjack: the golden round (libs/games/src/infinite-blackjack/golden.round.json: a double, a bust after two hits, a stand, a timeout, four side bets) settles to golden.settlement.json', async () => {
    const dir = new URL('../../../libs/games/src/infinite-blackjack/', import.meta.url);
    const r = await felt(['settle', 'infinite-blackjack', '--json'], readFileSync(new URL('golden.round.json', dir), 'utf8'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(JSON.parse(readFileSync(new URL('golden.settlement.json', dir), 'utf8')));
  });
  it('settles a Sic Bo round from stdin: table with every bet, exit 0', async () => {
    const input = JSON.stringify({ dice: [2, 2, 5], bets: [{ betId: 'a', spot: 'small', stakeMinor: 1000 }, { betId: 'b', playerId: 'p2', spot: 'double:2', stakeMinor: 100 }, { betId: 'c', spot: 'triple:2', stakeMinor: 10 }] });
    const r = await felt(['settle', 'sicbo'], input);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^a\s+player\s+small\s+1000\s+2000\s+\+1000\s+win\s+SB-2$/m);
    expect(r.out).toMatch(/^b\s+p2\s+double:2\s+100\s+900\s+\+800\s+win/m);
    expect(r.out).toMatch(/^c\s+player\s+triple:2\s+10\s+0\s+-10\s+lose/m);
    expect(r.out).toContain('total stake 1110, total return 2900, house result -1790');
  });

  it('--json prints the Settlement exactly as the game module computes it', async () => {
    const input = { cards: ['QH', 'QS'], bets: [{ spot: 'dragon', stakeMinor: 101 }, { spot: 'tie', stakeMinor: 10, playerId: 'p2' }] };
    const r = await felt(['settle', 'dragon-tiger', '--json'], JSON.stringify(input));
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out) as Settlement;
    const direct = gameModule('dragon-tiger')?.settleOffline('standard', input);
    expect(direct?.ok && direct.value).toEqual(s);
    expect(s.lines.map((l) => [l.returnMinor, l.outcome])).toEqual([
      [50, 'partial'],
      [90, 'win'],
    ]);
  });

  it('uses --profile: football-studio ace-low makes A lose to 2 (FS-1)', async () => {
    const input = JSON.stringify({ cards: ['AS', '2D'], bets: [{ spot: 'home', stakeMinor: 100 }] });
    expect((await felt(['settle', 'football-studio', '--json'], input)).out).toContain('"returnMinor": 200');
    expect((await felt(['settle', 'football-studio', '--profile', 'ace-low', '--json'], input)).out).toContain('"returnMinor": 0');
  });

  it('roulette: settles bets on a winning number (split 17:1 on 17, red loses)', async () => {
    const input = { roundId: 'rnd_1', number: 17, bets: [{ betId: 'b1', playerId: 'p1', spot: 'split:17-20', stakeMinor: 100 }, { betId: 'b2', playerId: 'p1', spot: 'red', stakeMinor: 100 }] };
    const r = await felt(['settle', 'roulette'], JSON.stringify(input));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^b1\s+p1\s+split:17-20\s+100\s+1800\s+\+1700\s+win/m);
    expect(r.out).toMatch(/^b2\s+p1\s+red\s+100\s+0\s+-100\s+lose/m);
  });

  it('baccarat: settles a natural 9 against 7 (player wins 1:1, banker loses)', async () => {
    const input = { cards: ['9H', 'TD', 'KS', '7C'], bets: [{ betId: 'bet_1', playerId: 'p1', spot: 'player', stakeMinor: 1000 }, { betId: 'bet_2', playerId: 'p2', spot: 'banker', stakeMinor: 1000 }] };
    const r = await felt(['settle', 'baccarat', '--json'], JSON.stringify(input));
    expect(r.err).toBe('');
    const s = JSON.parse(r.out) as Settlement;
    expect(s.lines.map((l) => [l.betId, l.returnMinor])).toEqual([
      ['bet_1', 2000],
      ['bet_2', 0],
    ]);
  });

  it('blackjack: settles a seat that hits soft 17 to 17 and stands against the dealer 19', async () => {
    const input = { seats: [{ seat: 1, playerId: 'p1', betId: 'b1', stakeMinor: 100, actions: ['hit', 'stand'] }], cards: ['AS', '9H', '6D', 'KS', 'TC'] };
    const r = await felt(['settle', 'blackjack', '--json'], JSON.stringify(input));
    expect(r.err).toBe('');
    expect((JSON.parse(r.out) as Settlement).lines).toMatchObject([{ betId: 'b1', returnMinor: 0, outcome: 'lose' }]);
  });

  it('reads stdin given as bytes or as a stream (process.stdin)', async () => {
    const text = JSON.stringify({ dice: [6, 6, 6], bets: [{ spot: 'any-triple', stakeMinor: 4 }] });
    const bytes = await felt(['settle', 'sicbo', '--json'], new TextEncoder().encode(text));
    async function* chunks(): AsyncGenerator<Uint8Array> {
      const b = new TextEncoder().encode(text);
      yield b.slice(0, 7);
      yield b.slice(7);
    }
    const stream = await felt(['settle', 'sicbo', '--json'], chunks());
    expect(bytes.code).toBe(0);
    expect(stream.out).toBe(bytes.out);
    expect(bytes.out).toContain('"returnMinor": 100');
  });

  it.each([
    ['malformed JSON', 'sicbo', '{"dice":[1,2,3],', 'malformed JSON on stdin'],
    ['empty stdin', 'sicbo', '   ', 'no input'],
    ['JSON that is not an object', 'sicbo', '[1,2,3]', 'code INVALID_INPUT'],
    ['bets of the wrong type', 'sicbo', '{"dice":[1,2,3],"bets":"small"}', '"bets" must be an array'],
    ['a stake given as a string (GEN-4)', 'sicbo', '{"dice":[1,2,3],"bets":[{"spot":"big","stakeMinor":"100"}]}', 'code INVALID_AMOUNT, rule GEN-4'],
    ['a negative stake (GEN-4)', 'football-studio', '{"cards":["AS","2D"],"bets":[{"spot":"home","stakeMinor":-5}]}', 'code INVALID_AMOUNT, rule GEN-4'],
    ['an unknown sic bo spot (SB-2)', 'sicbo', '{"dice":[1,2,3],"bets":[{"spot":"total:18","stakeMinor":1}]}', 'code UNKNOWN_SPOT, rule SB-2'],
    ['an unknown dragon tiger spot (DT-2)', 'dragon-tiger', '{"cards":["AS","2D"],"bets":[{"spot":"draw","stakeMinor":1}]}', 'code UNKNOWN_SPOT, rule DT-2'],
    ['dice out of range (SB-4)', 'sicbo', '{"dice":[0,2,3],"bets":[]}', 'code INVALID_DICE, rule SB-4'],
    ['the wrong number of dice (SB-1)', 'sicbo', '{"dice":[1,2],"bets":[]}', 'code INVALID_DICE, rule SB-1'],
    ['an invalid card (DT-1)', 'dragon-tiger', '{"cards":["AS","1Z"],"bets":[]}', 'code INVALID_CARD, rule DT-1'],
    ['an invalid card (FS-1)', 'football-studio', '{"cards":["AS",12],"bets":[]}', 'code INVALID_CARD, rule FS-1'],
    ['three cards (DT-1)', 'dragon-tiger', '{"cards":["AS","2D","3C"],"bets":[]}', 'code INVALID_CARDS, rule DT-1'],
    ['big and small together (RES-3)', 'sicbo', '{"dice":[1,2,3],"bets":[{"spot":"big","stakeMinor":1},{"spot":"small","stakeMinor":1}]}', 'code RESTRICTED_COMBINATION, rule RES-3'],
    ['dragon and tiger together (RES-4)', 'dragon-tiger', '{"cards":["AS","2D"],"bets":[{"spot":"dragon","stakeMinor":1},{"spot":"tiger","stakeMinor":1}]}', 'rule RES-4'],
    ['a roulette number out of range (ROU-1)', 'roulette', '{"number":37,"bets":[]}', 'code INVALID_NUMBER, rule ROU-1'],
    ['baccarat player and banker together (RES-2)', 'baccarat', '{"cards":["9H","TD","KS","7C"],"bets":[{"betId":"a","playerId":"p","spot":"player","stakeMinor":1},{"betId":"b","playerId":"p","spot":"banker","stakeMinor":1}]}', 'RES-2'],
    ['an incomplete baccarat hand (BAC-17)', 'baccarat', '{"cards":["9H","TD","5S","KC"],"bets":[]}', 'rule BAC-17'],
    ['an invalid blackjack card', 'blackjack', '{"seats":[{"seat":1,"playerId":"p1","betId":"b1","stakeMinor":100,"actions":["stand"]}],"cards":["AS","9H","XX","KS"]}', '"XX" is not a card code'],
    ['home and away together (RES-5)', 'football-studio', '{"cards":["AS","2D"],"bets":[{"spot":"home","stakeMinor":1},{"spot":"away","stakeMinor":1}]}', 'rule RES-5'],
  ])('rejects %s: message on stderr, nothing on stdout, exit 2', async (_name, game, stdin, message) => {
    const r = await felt(['settle', game], stdin);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.out).toBe('');
  });
});

describe('the felt executable', () => {
  it('runs as a process from the TypeScript sources: --help exits 0, an unknown command exits 2, settle reads piped stdin', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const felt = (args: string[], input = '') =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/cli/src/cli.ts', ...args], { cwd: root, input, encoding: 'utf8', env: { ...process.env, TSX_TSCONFIG_PATH: 'apps/cli/tsconfig.src.json' } });
    const help = felt(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: felt <command>');
    expect(felt(['nope']).status).toBe(2);
    const settled = felt(['settle', 'sicbo', '--json'], '{"dice":[3,4,5],"bets":[{"spot":"big","stakeMinor":7}]}');
    expect(settled.stderr).toBe('');
    expect(settled.status).toBe(0);
    expect(JSON.parse(settled.stdout)).toMatchObject({ houseResultMinor: -7, lines: [{ returnMinor: 14 }] });
    const bad = felt(['settle', 'sicbo'], 'not json');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('malformed JSON');
  });
});
