import { afterEach, describe, expect, it } from 'vitest';
import { AlertsService, type Alert, type AlertsRepository } from '../../../apps/studio-server/src/alerts/alerts.service.js';
import { DEFAULT_ALERT_POLICY } from '../../../apps/studio-server/src/alerts/alerts.rules.js';

/**
 * The pit's alert model (issue 20 defect 8, docs/alerts.md) on a repository and a fake clock: one suite,
 * run on the in-memory repository (unit) and on TypeORM over PGlite (app tier).
 */
export function alertsModelSuite(name: string, makeRepo: () => Promise<{ repo: AlertsRepository; close: () => Promise<void> }>): void {
  describe(`alerts model (issue 20 defect 8): ${name}`, () => {
    let closers: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const c of closers) await c();
      closers = [];
    });
    async function setup() {
      let now = 1_000_000;
      let n = 0;
      const made = await makeRepo();
      closers.push(made.close);
      const repo = made.repo;
      const svc = new AlertsService(repo, { now: () => now }, { next: (p) => `${p}_${String(++n).padStart(4, '0')}` });
      const pushed: Alert[] = [];
      svc.alerts$.subscribe((a) => pushed.push(a));
      const open = async (): Promise<Alert[]> => (await svc.list(100)).filter((a) => a.severity !== 'info' && !a.ack && (a.resolvedAt ?? null) === null);
      return { svc, pushed, open, tick: (ms: number) => (now += ms), at: () => now };
    }
    const pit = { userId: 'pitboss1', name: 'Pit Boss One', role: 'pitboss' };

    it('INFO events (SHOE_INSERTED every 15 s) are activity: none of them is an open alert', async () => {
      const { svc, tick, open } = await setup();
      for (let i = 0; i < 100; i++) {
        await svc.raise({ tableId: 'tbl_b', severity: 'info', code: 'SHOE_INSERTED', message: 'Shoe shoe-1 inserted (8 decks).' });
        tick(15_000);
      }
      await svc.raise({ tableId: 'tbl_b', roundId: 'rnd_1', severity: 'warning', code: 'VOID_REQUESTED', message: 'dealer1 requests a void' });
      expect((await open()).map((a) => a.code)).toEqual(['VOID_REQUESTED']);
      expect((await svc.list(1000)).filter((a) => a.code === 'SHOE_INSERTED')).toHaveLength(100); // all kept, for the activity feed
    });

    it('the same code at the same table within the window is one alert with a count, pushed again under its id', async () => {
      const { svc, tick, open, pushed } = await setup();
      const first = await svc.raise({ tableId: 'tbl_r', roundId: 'rnd_1', severity: 'warning', code: 'DEVICE_RESULT_OUT_OF_PHASE', message: 'wheel-1 result while betting (1)' });
      tick(30_000);
      await svc.raise({ tableId: 'tbl_r', roundId: 'rnd_2', severity: 'warning', code: 'DEVICE_RESULT_OUT_OF_PHASE', message: 'wheel-1 result while betting (2)' });
      tick(30_000);
      const third = await svc.raise({ tableId: 'tbl_r', roundId: 'rnd_3', severity: 'warning', code: 'DEVICE_RESULT_OUT_OF_PHASE', message: 'wheel-1 result while betting (3)' });
      // another table and another code are their own alerts
      await svc.raise({ tableId: 'tbl_x', severity: 'warning', code: 'DEVICE_RESULT_OUT_OF_PHASE', message: 'other table' });
      await svc.raise({ tableId: 'tbl_r', severity: 'warning', code: 'PLAY_STALLED', message: 'stalled' });
      expect(third.alertId).toBe(first.alertId);
      expect(third).toMatchObject({ count: 3, lastAt: first.at + 60_000, message: 'wheel-1 result while betting (3)', roundId: 'rnd_3' });
      expect((await open()).length).toBe(3);
      expect(pushed.filter((a) => a.alertId === first.alertId).map((a) => a.count)).toEqual([1, 2, 3]);
    });

    it('after the window, or once acknowledged, the next occurrence is a new alert', async () => {
      const { svc, tick } = await setup();
      const a = await svc.raise({ tableId: 'tbl_r', severity: 'warning', code: 'DEVICE_SEQ_GAP', message: 'gap' });
      tick(DEFAULT_ALERT_POLICY.groupWindowMs + 1);
      const b = await svc.raise({ tableId: 'tbl_r', severity: 'warning', code: 'DEVICE_SEQ_GAP', message: 'gap' });
      expect(b.alertId).not.toBe(a.alertId);
      await svc.acknowledge(b.alertId, pit, null);
      const c = await svc.raise({ tableId: 'tbl_r', severity: 'warning', code: 'DEVICE_SEQ_GAP', message: 'gap' });
      expect(c.alertId).not.toBe(b.alertId);
    });

    it('resolves itself when the condition clears: a device back online closes its offline alert, not another device’s', async () => {
      const { svc, open, pushed } = await setup();
      const off = await svc.raise({ tableId: 'tbl_r', severity: 'warning', code: 'DEVICE_OFFLINE', message: 'wheel-1 (SS2) is offline.', subject: 'wheel-1' });
      await svc.raise({ tableId: 'tbl_r', severity: 'warning', code: 'DEVICE_OFFLINE', message: 'timer-1 (TB) is offline.', subject: 'timer-1' });
      const resolved = await svc.resolve('tbl_r', 'DEVICE_ONLINE', 'wheel-1 is online again.', 'wheel-1');
      expect(resolved.map((a) => a.alertId)).toEqual([off.alertId]);
      expect(resolved[0]?.resolvedAt).not.toBeNull();
      expect(pushed.at(-1)).toMatchObject({ alertId: off.alertId, resolvedAt: expect.any(Number) });
      expect((await open()).map((a) => a.message)).toEqual(['timer-1 (TB) is offline.']);
    });

    it('escalates a warning nobody acknowledged within the set time to critical, once; an acknowledged one never', async () => {
      const { svc, tick, pushed } = await setup();
      const w = await svc.raise({ tableId: 'tbl_r', roundId: 'rnd_1', severity: 'warning', code: 'VOID_REQUESTED', message: 'void?' });
      const acked = await svc.raise({ tableId: 'tbl_b', severity: 'warning', code: 'PLAY_STALLED', message: 'stalled' });
      await svc.acknowledge(acked.alertId, pit, 'looking');
      tick(DEFAULT_ALERT_POLICY.escalateAfterMs - 1);
      expect(await svc.escalateDue()).toEqual([]);
      tick(1);
      const up = await svc.escalateDue();
      expect(up.map((a) => [a.alertId, a.severity])).toEqual([[w.alertId, 'critical']]);
      expect(up[0]?.escalatedAt).toBe(w.at + DEFAULT_ALERT_POLICY.escalateAfterMs);
      expect(pushed.at(-1)).toMatchObject({ alertId: w.alertId, severity: 'critical' });
      tick(60_000);
      expect(await svc.escalateDue()).toEqual([]);
    });
  });
}
