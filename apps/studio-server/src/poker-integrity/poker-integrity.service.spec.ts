import { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { integrity, pokerTable } from '@felt-studio/games';
import type { AlertsService, RaiseAlert } from '../alerts/alerts.service.js';
import { FixedClock, SequentialIds } from '../shared/clock.js';
import { InMemoryUnitOfWork } from '../persistence/in-memory.uow.js';
import { ManualScheduler } from '../shared/host/scheduler.js';
import { TableHost } from '../shared/host/table-host.js';
import { InMemoryPokerTablesRepository } from '../poker/poker-table.repository.js';
import { PokerTablesService, type PokerChange } from '../poker/poker-tables.service.js';
import type { PokerTableState } from '../poker/poker-table.state.js';
import { PokerIntegrityService, type PokerIntegritySource } from './poker-integrity.service.js';

type Body = { handId: string; table: pokerTable.PokerTableConfig; events: Record<string, unknown>[] };

/** A simulated table's hands as the poker module exports them (the pit boss's events bodies). */
function exported(hands: number, seed: number, players: Record<string, integrity.SimPokerPlayer>): Body[] {
  const out: Body[] = [];
  integrity.simulatePokerTable(hands, seed, players, 'pk-sim', (l) => {
    const ev = pokerTable.handEventsView({ start: { seq: 1, handId: l.handId, config: l.config, seats: l.seats, buttonSeat: l.buttonSeat, at: l.at, deckCommit: null }, commands: l.commands.map((cmd, j) => ({ seq: j + 2, cmd })), ended: { seq: l.commands.length + 2, deck: null, salt: null } }, { role: 'pitboss' });
    if (ev.ok) out.push({ handId: l.handId, table: l.config, events: ev.value });
  });
  return out;
}

/** A fake poker module: a change per finished hand, and its export (and, when given, the players' hashed connections). */
function fakeSource(bodies: Body[], names: Record<string, string>, connections?: { playerId: string; ip: string; device: string | null }[]) {
  const changes$ = new Subject<PokerChange>();
  let shown = 0;
  const source: PokerIntegritySource = {
    changes$: changes$ as unknown as PokerTablesService['changes$'],
    exportHands: async (_t: string, limit: number) => ({ ok: true, value: bodies.slice(0, shown).slice(-limit) }),
    ...(connections ? { connectionsOf: () => connections } : {}),
  };
  const state = (handId: string): PokerTableState =>
    ({
      def: { tableId: 'pk-sim', name: "Hold'em 9", currency: 'EUR', config: { variant: 'holdem' } },
      hand: { handId, phase: { type: 'complete' } },
      seats: { inHand: [] },
      players: Object.fromEntries(Object.entries(names).map(([key, name]) => [key, { key, userId: `u-${key}`, displayName: name, robot: false }])),
    }) as unknown as PokerTableState;
  const finish = (): void => {
    shown++;
    changes$.next({ state: state(bodies[shown - 1]!.handId), touched: [] });
  };
  return { source, finish };
}

describe('the poker collusion and bot monitor in the server (issue 23 §4)', () => {
  it('reads each finished hand from the poker module\'s export, flags a chip-dumping pair and a timing bot once each, with display names and the hands', async () => {
    const players = integrity.fairPokerTable({ d: integrity.simPokerPlayers.dumper('r'), r: integrity.simPokerPlayers.receiver('d'), bot: integrity.simPokerPlayers.bot() });
    const bodies = exported(1000, 11, players);
    const { source, finish } = fakeSource(bodies, { d: 'Dana', r: 'Rob', bot: 'Bea', p1: 'Ann', p2: 'Per', p3: 'Kim' });
    const raised: RaiseAlert[] = [];
    const svc = new PokerIntegrityService(source as PokerTablesService, { raise: async (a: RaiseAlert) => void raised.push(a) } as unknown as AlertsService);
    svc.onApplicationBootstrap();
    for (let i = 0; i < bodies.length; i++) {
      finish();
      await svc.settled();
    }
    const [t] = svc.tableReports();
    expect(t).toMatchObject({ tableId: 'pk-sim', name: "Hold'em 9", variant: 'holdem' });
    expect(t!.report.hands).toBe(1000);
    expect(t!.report.suspects).toEqual(expect.arrayContaining(['bot', 'd', 'r']));
    const bot = raised.filter((a) => a.code === 'POKER_BOT_SUSPECTED');
    const dump = raised.filter((a) => a.code === 'POKER_COLLUSION_SUSPECTED');
    expect(bot).toHaveLength(1);
    expect(bot[0]).toMatchObject({ tableId: 'pk-sim', severity: 'warning', subject: 'pk-sim:timing:bot' });
    expect(bot[0]!.message).toContain('Bea');
    expect(dump.map((a) => a.subject)).toContain('pk-sim:chip-dumping:d+r');
    expect(dump.find((a) => a.subject === 'pk-sim:chip-dumping:d+r')!.message).toMatch(/chip dumping from Dana to Rob.*Hands: pk-sim-h\d+/);
    svc.onModuleDestroy();
  });

  it('on a live table of the poker module: the robots\' hands come in through its export, and the house\'s declared robots are not judged on timing', async () => {
    const clock = new FixedClock();
    const uow = new InMemoryUnitOfWork(clock);
    const scheduler = new ManualScheduler();
    const alerts = { raise: vi.fn(async (a: unknown) => a) } as unknown as AlertsService;
    const poker = new PokerTablesService(uow, new InMemoryPokerTablesRepository(), clock, new SequentialIds(), new TableHost(scheduler), alerts, { nextHandMs: 500, robotMs: 300, robots: true, cardWaitMs: 60_000 });
    const raised: RaiseAlert[] = [];
    const svc = new PokerIntegrityService(poker, { raise: async (a: RaiseAlert) => void raised.push(a) } as unknown as AlertsService);
    svc.onApplicationBootstrap();
    const r = await poker.createTable({ tableId: 't1', name: "Hold'em 1", dealing: 'rng', config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 10_000, timeBankMs: 0 }, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 }, robots: 3 });
    expect(r.ok).toBe(true);
    for (let i = 0; i < 3000 && (poker.stateOf('t1')?.handNo ?? 0) < 40; i++) {
      clock.advance(400);
      scheduler.runDue(clock.now());
      for (let k = 0; k < 10; k++) await new Promise((res) => setImmediate(res));
    }
    await svc.settled();
    const [t] = svc.tableReports();
    expect(t!.report.hands).toBeGreaterThanOrEqual(35);
    expect(t!.players.every((p) => p.robot)).toBe(true);
    expect(t!.players.map((p) => p.name).sort()).toEqual(['Robot 1', 'Robot 2', 'Robot 3']);
    // every robot acts after exactly the think time: a bot by design, declared — not judged
    expect(t!.report.timing.every((x) => x.pValue === 1)).toBe(true);
    expect(raised.filter((a) => a.code === 'POKER_BOT_SUSPECTED')).toEqual([]);
    svc.onModuleDestroy();
    poker.onModuleDestroy();
  }, 60_000);

  it('two accounts at one table from one address (hashed by the gateway) raise POKER_COLLUSION_SUSPECTED at once — before the next scheduled evaluation — naming both, once', async () => {
    const bodies = exported(60, 12, integrity.fairPokerTable());
    const conns = [
      { playerId: 'p1', ip: 'a1b2c3d4e5f60718', device: 'd000000000000001' },
      { playerId: 'p2', ip: 'ffffffffffff0001', device: 'd000000000000002' },
    ];
    const { source, finish } = fakeSource(bodies, { p1: 'Ann', p2: 'Per', p3: 'Kim', p4: 'Liv', p5: 'Ola', p6: 'Ute' }, conns);
    const raised: RaiseAlert[] = [];
    const svc = new PokerIntegrityService(source as PokerTablesService, { raise: async (a: RaiseAlert) => void raised.push(a) } as unknown as AlertsService);
    svc.onApplicationBootstrap();
    for (let i = 0; i < 27; i++) {
      finish();
      await svc.settled();
    }
    expect(svc.tableReports()[0]!.report.findings.some((f) => f.kind === 'shared-connection')).toBe(false);
    // p2 reconnects from p1's address (a second device behind one router): the next change evaluates the table
    conns.push({ playerId: 'p2', ip: 'a1b2c3d4e5f60718', device: 'd000000000000002' });
    finish();
    await svc.settled();
    const shared = raised.filter((a) => a.subject === 'pk-sim:shared-connection:p1+p2');
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({ code: 'POKER_COLLUSION_SUSPECTED', severity: 'warning', tableId: 'pk-sim' });
    expect(shared[0]!.message).toContain('Ann and Per share a connection');
    const [t] = svc.tableReports();
    expect(t!.report.alarm).toBe(true);
    expect(t!.report.suspects).toEqual(expect.arrayContaining(['p1', 'p2']));
    for (let i = 0; i < 3; i++) {
      finish();
      await svc.settled();
    }
    expect(raised.filter((a) => a.subject === 'pk-sim:shared-connection:p1+p2')).toHaveLength(1);
    svc.onModuleDestroy();
  });

  it('several instances (FELT_CLUSTER=1): every instance answers GET /integrity/poker for every table — each shares the reports of the tables it runs, the newest report of a table wins', async () => {
    const shared = new Map<string, unknown>();
    const relay = { put: async (_map: string, field: string, value: unknown) => void shared.set(field, value), entries: async () => [...shared.values()] };
    const bodies = exported(60, 21, integrity.fairPokerTable());
    const a = fakeSource(bodies, { p1: 'Ann', p2: 'Per', p3: 'Kim', p4: 'Liv', p5: 'Ola', p6: 'Ute' });
    const idle = fakeSource([], {});
    const alerts = { raise: async () => undefined } as unknown as AlertsService;
    const svcA = new PokerIntegrityService(a.source as PokerTablesService, alerts, relay);
    const svcB = new PokerIntegrityService(idle.source as PokerTablesService, alerts, relay);
    svcA.onApplicationBootstrap();
    svcB.onApplicationBootstrap();
    for (let i = 0; i < 30; i++) {
      a.finish();
      await svcA.settled();
    }
    expect(svcB.tableReports()).toEqual([]);
    const seenByB = await svcB.clusterReports();
    expect(seenByB.map((t) => [t.tableId, t.name])).toEqual([['pk-sim', "Hold'em 9"]]);
    // as last evaluated (every 25 hands; the owner's own read sees every hand)
    const evaluatedAt = seenByB[0]!.report.hands;
    expect(evaluatedAt).toBeGreaterThanOrEqual(25);
    expect(evaluatedAt).toBeLessThan(30);
    expect((await svcA.clusterReports())[0]!.report.hands).toBe(30);
    // an older report of the same table on another instance (it ran the table before a takeover) does not win
    shared.set('pk-sim-old', { ...seenByB[0]!, lastAt: 0, report: { ...seenByB[0]!.report, hands: 1 } });
    expect((await svcB.clusterReports()).find((t) => t.tableId === 'pk-sim')!.report.hands).toBe(evaluatedAt);
    svcA.onModuleDestroy();
    svcB.onModuleDestroy();
  });
});
