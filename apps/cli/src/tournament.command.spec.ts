import { describe, expect, it } from 'vitest';
import { tournament as T } from '@felt-studio/games';
import { run as cli } from './main.js';

async function run(args: string[], stdin: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await cli(args, { stdin, stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } });
  return { code, out, err };
}

const T0 = Date.UTC(2026, 10, 28, 20);
const def: T.TournamentDef = {
  tournamentId: 'trn_cli', name: 'CLI 30', kind: 'scheduled', currency: 'EUR', buyInMinor: 1_000, feeMinor: 100, startingStack: 1_500, seatsPerTable: 9,
  minPlayers: 2, maxPlayers: 30, startsAt: T0, structure: T.turboStructure(60_000), lateRegistrationLevels: 0, reEntry: null, payoutTable: T.STANDARD_PAYOUTS,
};

describe('felt tournament (issue 24): a tournament replayed from its log', () => {
  const log = T.simulateTournament(def, 30, 11, T0);

  it('prints the levels, the busts with their places, the broken tables and the payouts; exit 0 when the log replays', async () => {
    const r = await run(['tournament'], JSON.stringify({ tournamentId: 'trn_cli', events: log }));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('CLI 30 (trn_cli): scheduled, buy-in 10.00 EUR + fee 1.00 EUR');
    expect(r.out).toContain('30 entries (30 players), prize pool 300.00 EUR');
    expect(r.out).toMatch(/started: 30 players at 4 tables/);
    expect(r.out).toMatch(/level 2: blinds 15\/30/);
    expect(r.out).toMatch(/out, place 30/);
    expect(r.out).toMatch(/table \d broken/);
    expect(r.out).toMatch(/place 1 {2}ent_\d+ \(p\d+\) {2}prize \d+\.\d\d EUR {2}\[TRN-PAY\]/);
    expect(r.out).toContain('total 300.00 EUR');
    const j = await run(['tournament', '--json'], JSON.stringify(log));
    expect(j.code).toBe(0);
    expect(JSON.parse(j.out)).toMatchObject({ status: 'finished', entries: 30, poolMinor: 30_000, mismatches: [] });
  });

  it('a log whose prizes were changed replays with a MISMATCH (exit 1); a log that is not one is refused (exit 2)', async () => {
    const tampered = log.map((e) => (e.type === 'finished' ? { ...e, payouts: e.payouts.map((p, i) => (i === 0 ? { ...p, amountMinor: p.amountMinor + 100 } : i === 1 ? { ...p, amountMinor: p.amountMinor - 100 } : p)) } : e));
    const r = await run(['tournament'], JSON.stringify(tampered));
    expect(r.code).toBe(1);
    expect(r.err).toContain('MISMATCH the prizes of the finish are not the ones the published table gives');
    expect((await run(['tournament'], '{"events":[{"type":"dealt","at":1}]}')).err).toContain('TOURNAMENT_LOG_INVALID');
    expect((await run(['tournament'], 'nope')).code).toBe(2);
  });

  it('TRN-PLAY: a tournament a person played in — their actions counted beside the robots\'; a changed action is a MISMATCH', async () => {
    const d: T.TournamentDef = { ...def, tournamentId: 'trn_cli_p', maxPlayers: 6, structure: T.turboStructure(60_000) };
    const events: T.TournamentEvent[] = [{ type: 'created', def: d, at: T0 }];
    let s = T.foldEvents(events);
    const add = (r: T.TournamentEvent[] | { ok: true; value: T.TournamentEvent[] } | { ok: false; violation: { message: string } }): void => {
      const evs = Array.isArray(r) ? r : r.ok ? r.value : (() => { throw new Error(r.violation.message); })();
      events.push(...evs);
      s = evs.reduce(T.evolve, s);
    };
    for (let i = 1; i <= 6; i++) add(T.register(s, { entryId: `ent_${i}`, playerId: `p${i}`, robot: i > 1, at: T0 })); // p1 a person, the rest robot entries (TRN-ABSENT)
    add(T.start(s, T0, 5));
    add(T.sitIn(s, 'p1', true, T0));
    let at = T0;
    for (let round = 1; s.status === 'running' && round < 2_000; round++) {
      at += 5_000;
      add(T.tick(s, at));
      add(s.round === null ? T.playRound(s, 5, round, at) : T.advanceRound(s, at));
      for (let k = 0; s.round !== null && k < 40; k++) {
        const la = T.tableViewFor(s, 'p1').hand?.legal;
        add(la ? T.actInRound(s, 'p1', { action: la.canCheck ? 'check' : la.callMinor > 200 ? 'fold' : 'call' }, at) : T.advanceRound(s, (at += 30_000)));
      }
    }
    expect(s.status).toBe('finished');
    const r = await run(['tournament'], JSON.stringify(events));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/in hands people played: [1-9]\d* actions by people, \d+ by the clock, \d+ by robots \(TRN-PLAY\)/);
    const j = JSON.parse((await run(['tournament', '--json'], JSON.stringify(events))).out) as { actions: { player: number } };
    expect(j.actions.player).toBe(events.filter((e) => e.type === 'hand-action' && e.by === 'player').length);
    const i = events.findIndex((e) => e.type === 'hand-action' && e.by === 'player' && e.action === 'call');
    const tampered = events.map((e, n) => (n === i && e.type === 'hand-action' ? { ...e, action: 'fold' } : e));
    const t = await run(['tournament'], JSON.stringify(tampered));
    expect(t.code).toBe(1);
    expect(t.err).toMatch(/MISMATCH hand .*(logged actions|chips logged)/);
  });
});
