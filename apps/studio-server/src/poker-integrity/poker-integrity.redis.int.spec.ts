/**
 * Issue 23 §4 with several instances (FELT_CLUSTER=1): GET /integrity/poker answers for every instance's tables —
 * each instance shares the reports of the poker tables it runs through the relay's map on Redis.
 */
import { randomBytes } from 'node:crypto';
import { Subject } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import { integrity, pokerTable } from '@felt-studio/games';
import { requireEnv } from '../../../../test/support/studio-server/test-database.js';
import type { AlertsService } from '../alerts/alerts.service.js';
import { TableRelay } from '../cluster/table-relay.js';
import type { PokerChange, PokerTablesService } from '../poker/poker-tables.service.js';
import type { PokerTableState } from '../poker/poker-table.state.js';
import { PokerIntegrityService, type PokerIntegritySource } from './poker-integrity.service.js';

/** One instance's poker module, running one simulated table (its hands as the pit boss exports them). */
function instanceRunning(tableId: string, name: string, hands: number, seed: number) {
  const bodies: { handId: string; table: pokerTable.PokerTableConfig; events: Record<string, unknown>[] }[] = [];
  integrity.simulatePokerTable(hands, seed, integrity.fairPokerTable(), tableId, (l) => {
    const ev = pokerTable.handEventsView({ start: { seq: 1, handId: l.handId, config: l.config, seats: l.seats, buttonSeat: l.buttonSeat, at: l.at, deckCommit: null }, commands: l.commands.map((cmd, j) => ({ seq: j + 2, cmd })), ended: { seq: l.commands.length + 2, deck: null, salt: null } }, { role: 'pitboss' });
    if (ev.ok) bodies.push({ handId: l.handId, table: l.config, events: ev.value });
  });
  const changes$ = new Subject<PokerChange>();
  let shown = 0;
  const source: PokerIntegritySource = { changes$: changes$ as unknown as PokerTablesService['changes$'], exportHands: async (_t: string, limit: number) => ({ ok: true, value: bodies.slice(0, shown).slice(-limit) }) };
  const finish = (): void => {
    shown++;
    const state = { def: { tableId, name, currency: 'EUR', config: { variant: 'holdem' } }, hand: { handId: bodies[shown - 1]!.handId, phase: { type: 'complete' } }, seats: { inHand: [] }, players: {} } as unknown as PokerTableState;
    changes$.next({ state, touched: [] });
  };
  return { source, finish, hands: bodies.length };
}

describe('poker integrity across instances, on Redis (issue 23 §4)', () => {
  const url = requireEnv('REDIS_URL');
  const prefix = `felt-test:${randomBytes(4).toString('hex')}:`;
  const relays = [new TableRelay(url, prefix, 'a'), new TableRelay(url, prefix, 'b')];
  afterAll(async () => {
    for (const r of relays) await r.close();
  });

  it('each instance reads both instances\' tables', async () => {
    const alerts = { raise: async () => undefined } as unknown as AlertsService;
    const one = instanceRunning('pk-a', "Hold'em A", 30, 31);
    const two = instanceRunning('pk-b', "Hold'em B", 30, 32);
    const a = new PokerIntegrityService(one.source as PokerTablesService, alerts, relays[0]!);
    const b = new PokerIntegrityService(two.source as PokerTablesService, alerts, relays[1]!);
    a.onApplicationBootstrap();
    b.onApplicationBootstrap();
    try {
      for (let i = 0; i < 30; i++) {
        one.finish();
        two.finish();
        await Promise.all([a.settled(), b.settled()]);
      }
      expect(a.tableReports().map((t) => t.tableId)).toEqual(['pk-a']);
      for (const svc of [a, b]) {
        const seen = await svc.clusterReports();
        expect(seen.map((t) => t.tableId).sort()).toEqual(['pk-a', 'pk-b']);
        expect(seen.every((t) => t.report.hands >= 25)).toBe(true);
      }
    } finally {
      a.onModuleDestroy();
      b.onModuleDestroy();
    }
  });
});
