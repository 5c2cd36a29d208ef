/**
 * A new table command is ONE definition (issue 19 §3), across instances: registered once per instance,
 * it is forwarded to the table's owner by the one mechanism (the table router's Redis RPC) whether it
 * arrives over REST or WebSocket; the instance the caller reached decides nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireEnv } from '../../../../test/support/studio-server/test-database.js';
import { OwnedTables } from '../cluster/owned-tables.js';
import { RedisTableLeases } from '../cluster/table-lease.js';
import { TableRouter } from '../cluster/table-router.js';
import { TableCommandBus } from '../shared/commands/command-bus.js';
import { TableCommandRegistry } from '../shared/commands/command-registry.js';
import { defineCommand } from '../shared/commands/command.types.js';

describe('a new table command is forwarded to the table owner from its definition (issue 19 §3)', () => {
  const url = requireEnv('REDIS_URL');
  const run = randomBytes(4).toString('hex');
  const prefix = `felt-test:${run}:`;
  const leases = new RedisTableLeases(url, `${prefix}lease:`);
  const closers: (() => Promise<void>)[] = [() => leases.close()];
  afterAll(async () => {
    for (const c of closers) await c();
  });

  const instance = async (id: string): Promise<{ bus: TableCommandBus; owned: OwnedTables; decided: string[] }> => {
    const decided: string[] = [];
    const registry = new TableCommandRegistry();
    // The command, defined once (each instance registers the same definition).
    registry.add([
      defineCommand({
        op: 'test.chalk',
        schema: z.object({ slot: z.string(), note: z.string().min(1) }),
        roles: ['dealer'],
        rest: { method: 'POST', path: '/tables/{id}/chalk/{slot}' },
        handle: ({ tableId, actor }, b) => {
          decided.push(`${tableId}/${b.slot}/${actor.userId}`);
          return { ok: true, value: { decidedBy: id, note: b.note } };
        },
      }),
    ]);
    const owned = new OwnedTables(id, 'felt-server-test');
    const router = new TableRouter(url, { instanceId: id, prefix, timeoutMs: 5_000 }, owned, leases, registry);
    closers.unshift(() => router.close());
    await router.listening();
    return { bus: new TableCommandBus(registry, router), owned, decided };
  };

  it('over REST and over WS, a non-owner forwards it to the owner, which decides it and answers', async () => {
    const a = await instance(`a-${run}`);
    const b = await instance(`b-${run}`);
    const table = `t-${run}`;
    expect(await leases.acquire(table, `b-${run}`, 10_000)).toBe(true);
    b.owned.take(table);
    // REST: the generated route's request reaches instance a
    const rest = await a.bus.rest('test.chalk', { params: { id: table, slot: '4' }, body: { note: 'worn shoe' }, user: { userId: 'd1', role: 'dealer' } });
    expect(rest).toEqual({ decidedBy: `b-${run}`, note: 'worn shoe' });
    // WS: the gateway's parsed message reaches instance a
    const def = a.bus.registry.definition('test.chalk');
    const parsed = def ? a.bus.parseWs(def, { tableId: table, slot: '5', note: 'camera' }) : null;
    expect(parsed?.ok).toBe(true);
    const ws = parsed?.ok ? await a.bus.run(parsed.value.tableId, { userId: 'd2', role: 'dealer' }, 'test.chalk', parsed.value.input) : null;
    expect(ws).toEqual({ ok: true, value: { decidedBy: `b-${run}`, note: 'camera' } });
    expect(b.decided).toEqual([`${table}/4/d1`, `${table}/5/d2`]);
    expect(a.decided).toEqual([]);
  });
});
