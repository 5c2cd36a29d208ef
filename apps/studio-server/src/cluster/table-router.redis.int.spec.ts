/**
 * The table router over Redis (issue 13 point 4): a command reaching a non-owner is decided by the
 * owner and answered to the caller; every way of not reaching a deciding owner is the retryable
 * TABLE_OWNER_UNAVAILABLE, and nothing is decided by the caller.
 */
import { randomBytes } from 'node:crypto';
import type { Result } from '@felt-studio/games';
import { afterAll, describe, expect, it } from 'vitest';
import { requireEnv } from '../../../../test/support/studio-server/test-database.js';
import { PlaceBetBodySchema } from '@felt-studio/protocol';
import type { Actor } from '../shared/command.types.js';
import { defineCommand } from '../shared/commands/command.types.js';
import { TableCommandBus } from '../shared/commands/command-bus.js';
import { z } from 'zod';
import { TableCommandHandlers } from '../shared/ports/table-commands.js';
import { OwnedTables } from './owned-tables.js';
import { RedisTableLeases } from './table-lease.js';
import { TableRouter } from './table-router.js';
import { IntakeBarrier } from '../shared/host/intake-barrier.js';

const player: Actor = { userId: 'p1', role: 'player' };
const bet = { betId: 'b1', spot: 'big', stakeMinor: 100 };

describe('table router on Redis (issue 13)', () => {
  const url = requireEnv('REDIS_URL');
  const run = randomBytes(4).toString('hex');
  const prefix = `felt-test:${run}:`;
  const leases = new RedisTableLeases(url, `${prefix}lease:`);
  const closers: (() => Promise<void>)[] = [() => leases.close()];
  afterAll(async () => {
    for (const c of closers) await c();
  });

  /** An instance whose bet handler answers who decided the bet (the owner) — or never answers. */
  const instance = async (id: string, opts: { timeoutMs?: number; hang?: boolean; skewMs?: number; barrier?: IntakeBarrier; now?: () => number; hold?: Promise<void> } = {}): Promise<{ router: TableRouter; owned: OwnedTables; decided: string[]; stamps: (number | undefined)[]; handlers: TableCommandHandlers }> => {
    const owned = new OwnedTables(id, 'felt-server-test');
    const decided: string[] = [];
    const stamps: (number | undefined)[] = [];
    const betting = {
      place: async (tableId: string, actor: Actor, body: { betId: string }, arrivedAt: number | undefined): Promise<Result<unknown>> => {
        decided.push(`${tableId}/${actor.userId}/${body.betId}`);
        stamps.push(arrivedAt);
        if (opts.hold) await opts.hold;
        return opts.hang ? new Promise(() => undefined) : { ok: true, value: { decidedBy: id } };
      },
    };
    const handlers = new TableCommandHandlers();
    handlers.add([defineCommand({ op: 'bet.place', schema: PlaceBetBodySchema, roles: ['player'], handle: ({ tableId, actor, arrivedAt }, body) => betting.place(tableId, actor, body, arrivedAt) })]);
    const router = new TableRouter(url, { instanceId: id, prefix, timeoutMs: opts.timeoutMs ?? 5_000, stampSkewMs: opts.skewMs ?? null }, owned, leases, handlers, opts.barrier ?? null, opts.now);
    closers.unshift(() => router.close());
    await router.listening();
    return { router, owned, decided, stamps, handlers };
  };

  it('a bet reaching a non-owner is decided by the owner and answered to the caller; the caller decides nothing', async () => {
    const a = await instance('a');
    const b = await instance('b');
    const table = `t-${run}-1`;
    expect(await leases.acquire(table, 'b', 10_000)).toBe(true);
    b.owned.take(table);
    const r = await a.router.run(table, player, { op: 'bet.place', input: bet });
    expect(r).toEqual({ ok: true, value: { decidedBy: 'b' } });
    expect(b.decided).toEqual([`${table}/p1/b1`]);
    expect(a.decided).toEqual([]);
    // The owner itself decides locally, without a round trip.
    expect(await b.router.run(table, player, { op: 'bet.place', input: { ...bet, betId: 'b2' } })).toEqual({ ok: true, value: { decidedBy: 'b' } });
  });

  it('no owner, an owner that is gone, an owner that lost the table, an owner too slow: TABLE_OWNER_UNAVAILABLE, retryable', async () => {
    const a = await instance('a2', { timeoutMs: 300 });
    const code = (r: Result<unknown>): unknown => (r.ok ? 'ok' : [r.violation.code, r.violation.details?.['retryable']]);
    const unavailable = ['TABLE_OWNER_UNAVAILABLE', true];

    // Nobody holds the lease (a takeover is under way).
    expect(code(await a.router.run(`t-${run}-none`, player, { op: 'bet.place', input: bet }))).toEqual(unavailable);

    // The lease names an instance nobody listens for (it died; its lease has not run out yet).
    const dead = `t-${run}-dead`;
    await leases.acquire(dead, 'ghost', 10_000);
    expect(code(await a.router.run(dead, player, { op: 'bet.place', input: bet }))).toEqual(unavailable);

    // The instance asked no longer owns the table: it decides nothing.
    const c = await instance('c');
    const lost = `t-${run}-lost`;
    await leases.acquire(lost, 'c', 10_000);
    expect(code(await a.router.run(lost, player, { op: 'bet.place', input: bet }))).toEqual(unavailable);
    expect(c.decided).toEqual([]);

    // The owner does not answer in time.
    const d = await instance('d', { hang: true });
    const slow = `t-${run}-slow`;
    await leases.acquire(slow, 'd', 10_000);
    d.owned.take(slow);
    const r = await a.router.run(slow, player, { op: 'bet.place', input: bet });
    expect(code(r)).toEqual(unavailable);
    expect(r.ok ? '' : r.violation.message).toMatch(/did not answer within 300 ms/);
  });

  it('a new command is forwarded from its one definition, over REST and over WS (issue 19 §3)', async () => {
    const a = await instance('a5');
    const b = await instance('b5');
    // The command, defined once; each instance registers the same definition.
    const chalk = (decided: string[], by: string) =>
      defineCommand({
        op: 'test.chalk',
        schema: z.object({ slot: z.string(), note: z.string().min(1) }),
        roles: ['dealer'],
        rest: { method: 'POST', path: '/tables/{id}/chalk/{slot}' },
        handle: ({ tableId, actor }, c) => {
          decided.push(`${tableId}/${c.slot}/${actor.userId}`);
          return { ok: true, value: { decidedBy: by, note: c.note } };
        },
      });
    a.handlers.add([chalk(a.decided, 'a5')]);
    b.handlers.add([chalk(b.decided, 'b5')]);
    const table = `t-${run}-chalk`;
    expect(await leases.acquire(table, 'b5', 10_000)).toBe(true);
    b.owned.take(table);
    const bus = new TableCommandBus(a.handlers, a.router);
    // REST: the generated route's request reaches instance a
    expect(await bus.rest('test.chalk', { params: { id: table, slot: '4' }, body: { note: 'worn shoe' }, user: { userId: 'd1', role: 'dealer' } })).toEqual({ decidedBy: 'b5', note: 'worn shoe' });
    // WS: the gateway's message reaches instance a
    const def = a.handlers.definition('test.chalk');
    const parsed = def ? bus.parseWs(def, { tableId: table, slot: '5', note: 'camera' }) : null;
    expect(parsed?.ok ? await bus.run(parsed.value.tableId, { userId: 'd2', role: 'dealer' }, 'test.chalk', parsed.value.input) : parsed).toEqual({ ok: true, value: { decidedBy: 'b5', note: 'camera' } });
    expect(b.decided).toEqual([`${table}/4/d1`, `${table}/5/d2`]);
    expect(a.decided).toEqual([]);
  });

  it('issue 25 §3: a forwarded bet keeps its arrival stamp within the skew bound (min(owner now, arrival + ε)); unset, the owner restamps it', async () => {
    let ownerNow = 1_000_000;
    let release = (): void => undefined;
    const hold = new Promise<void>((r) => (release = r));
    const barrier = new IntakeBarrier({ now: () => ownerNow }, 5_000);
    const owner = await instance('o6', { skewMs: 20, barrier, now: () => ownerNow, hold });
    const relay = await instance('r6');
    const table = `t-${run}-stamp`;
    expect(await leases.acquire(table, 'o6', 10_000)).toBe(true);
    owner.owned.take(table);
    // read by the relay at 999 900 on its clock, reaching the owner at 1 000 000: stamped 999 920 (999 900 + ε)
    const first = relay.router.run(table, player, { op: 'bet.place', input: bet, arrivedAt: 999_900 });
    while (owner.stamps.length < 1) await new Promise((r) => setTimeout(r, 5));
    expect(owner.stamps).toEqual([999_920]);
    // tracked by the owner's close barrier while it is decided: a close at 999 950 waits for it, one at 999 920 does not
    expect(barrier.inflightOf(table)).toBe(1);
    const early = await barrier.drain(table, 999_920);
    expect(early.report.waitedFor).toBe(0);
    early.release();
    const closing = barrier.drain(table, 999_950);
    let drained = false;
    void closing.then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(drained).toBe(false);
    release();
    expect(await first).toEqual({ ok: true, value: { decidedBy: 'o6' } });
    const c = await closing;
    expect(c.report).toMatchObject({ waitedFor: 1, overran: false });
    c.release();
    expect(barrier.inflightOf(table)).toBe(0);
    // a relay clock ahead of the owner's: never later than the owner's now; a stamp that is no number: the owner's now
    ownerNow = 2_000_000;
    await relay.router.run(table, player, { op: 'bet.place', input: { ...bet, betId: 'b2' }, arrivedAt: 2_000_500 });
    await relay.router.run(table, player, { op: 'bet.place', input: { ...bet, betId: 'b3' }, forwardedAt: Number.NaN } as never);
    expect(owner.stamps.slice(1)).toEqual([2_000_000, undefined]);
    // without a bound the owner gets no stamp (it times the bet itself, when it runs it)
    const plain = await instance('o7');
    const t2 = `t-${run}-plain`;
    expect(await leases.acquire(t2, 'o7', 10_000)).toBe(true);
    plain.owned.take(t2);
    await relay.router.run(t2, player, { op: 'bet.place', input: bet, arrivedAt: 999_900 });
    expect(plain.stamps).toEqual([undefined]);
  });
});
