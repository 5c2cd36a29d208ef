import { describe, expect, it } from 'vitest';
import * as games from '@felt-studio/games';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import { makeHarness, PITBOSS } from '../../../../test/support/studio-server/harness.js';

const body = (over: Record<string, unknown> = {}) => ({ name: 'Roulette 1', game: 'roulette' as const, profileId: 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 50_000, spots: { straight: { minMinor: 100, maxMinor: 2_500 } } }, betWindowS: 15, cadence: { auto: true, pauseS: 8 }, devices: [{ deviceId: 'wheel-1', kind: 'wheel' as const }], ...over });

describe('TablesService', () => {
  const h = () => makeHarness([games.roulette.rouletteKernel as unknown as AnyKernel], { roulette: ['european', 'ray-parlour'] });

  it('creates a closed table with a tbl_ id, its limits per spot and per table, cadence and devices (GEN-2), audited', async () => {
    const x = h();
    const t = await x.tables.create(body(), PITBOSS);
    if (!t.ok) throw new Error(t.violation.message);
    expect(t.value.tableId).toMatch(/^tbl_/);
    expect(t.value.status).toBe('closed');
    expect(t.value.limits.spots['straight']).toEqual({ minMinor: 100, maxMinor: 2_500 });
    expect((await x.tables.list()).map((r) => r.tableId)).toEqual([t.value.tableId]);
    expect(x.audit.entries[0]).toMatchObject({ action: 'table.create', actor: 'pitboss1', target: t.value.tableId });
  });

  it('rejects an unknown rule profile (D-2) and a game without a kernel', async () => {
    const x = h();
    const a = await x.tables.create(body({ profileId: 'american' }), PITBOSS);
    expect(a.ok ? null : a.violation.code).toBe('UNKNOWN_PROFILE');
    const b = await x.tables.create(body({ game: 'baccarat', profileId: 'punto-banco' }), PITBOSS);
    expect(b.ok ? null : b.violation.code).toBe('UNKNOWN_GAME');
  });

  it('boot fails with a clear error when a stored table plays a game the registry has no definition for', async () => {
    const x = h();
    const t = await x.tables.create(body(), PITBOSS);
    if (!t.ok) throw new Error(t.violation.message);
    await expect(x.tables.checkDefinitions()).resolves.toBeUndefined();
    await x.repo.insert({ ...t.value, tableId: 'tbl_pachinko', name: 'Pachinko 1', game: 'pachinko' as never });
    await expect(x.tables.checkDefinitions()).rejects.toThrow(/Felt cannot start: table tbl_pachinko \("Pachinko 1"\) plays pachinko.*no definition for pachinko\. Known games: roulette/);
  });

  it('a roulette table opens only after a recorded pre-open check covering table, wheel level, free running and ball (ROU-7)', async () => {
    const x = h();
    const t = await x.tables.create(body(), PITBOSS);
    if (!t.ok) throw new Error('create');
    const early = await x.tables.setStatus(t.value.tableId, 'open', 'start', PITBOSS);
    expect(early.ok ? null : { code: early.violation.code, ruleId: early.violation.ruleId }).toEqual({ code: 'PRE_OPEN_CHECK_MISSING', ruleId: 'ROU-7' });
    const partial = await x.tables.recordPreOpenCheck(t.value.tableId, { checks: ['table', 'ball'] }, PITBOSS);
    expect(partial.ok ? null : partial.violation.details).toEqual({ missing: ['wheel-level', 'free-running'] });
    const check = await x.tables.recordPreOpenCheck(t.value.tableId, { checks: ['table', 'wheel-level', 'free-running', 'ball'] }, PITBOSS);
    expect(check.ok && check.value.preOpenCheck).toMatchObject({ by: 'pitboss1', at: x.clock.now() });
    expect((await x.tables.setStatus(t.value.tableId, 'open', 'start', PITBOSS)).ok).toBe(true);
    // Closing clears the check: the next opening needs a new one.
    await x.tables.setStatus(t.value.tableId, 'closed', 'end of shift', PITBOSS);
    expect((await x.tables.setStatus(t.value.tableId, 'open', 'again', PITBOSS)).ok).toBe(false);
    expect(x.audit.entries.map((e) => e.action)).toEqual(['table.create', 'table.pre-open-check', 'table.open', 'table.closed']);
  });

  it('updates limits and bet window; the change is audited', async () => {
    const x = h();
    const t = await x.tables.create(body(), PITBOSS);
    if (!t.ok) throw new Error('create');
    const u = await x.tables.update(t.value.tableId, { betWindowS: 20, limits: { currency: 'EUR', tableMinMinor: 200, tableMaxMinor: 60_000, spots: {} } }, PITBOSS);
    expect(u.ok && [u.value.betWindowS, u.value.limits.tableMinMinor]).toEqual([20, 200]);
    expect(x.audit.entries.at(-1)?.reason).toContain('betWindowS');
    const missing = await x.tables.get('tbl_nope');
    expect(missing.ok ? null : missing.violation.code).toBe('TABLE_NOT_FOUND');
  });
});

describe('boot: every stored table has a game definition', () => {
  it('fails with a clear error naming the table and the game when the registry lacks it', async () => {
    const { InMemoryTablesRepository } = await import('./table.model.js');
    const { TablesService } = await import('./tables.service.js');
    const { MapKernelRegistry } = await import('../kernels/kernel.registry.js');
    const { FixedClock, SequentialIds } = await import('../shared/clock.js');
    const repo = new InMemoryTablesRepository();
    await repo.insert({ tableId: 'tbl_x', name: 'Wheel of Old', game: 'roulette', profileId: 'european', currency: 'EUR', limits: { tableMinMinor: 100, tableMaxMinor: 1000, spots: {} }, betWindowS: 10, cadence: { auto: false, pauseS: 5 }, devices: [], status: 'open', preOpenCheck: null, createdAt: 0, updatedAt: 0 });
    const svc = new TablesService(repo, new MapKernelRegistry([]), new FixedClock(), new SequentialIds(), { record: () => undefined });
    await expect(svc.onApplicationBootstrap()).rejects.toThrow(/table tbl_x \("Wheel of Old"\) plays roulette.*no definition for roulette/);
  });
});
