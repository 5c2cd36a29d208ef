import { afterAll, describe, expect, it } from 'vitest';
import { assertClean, Drill, figures, report } from './drill-kit.js';

/**
 * Issue 9 drills — kill -9 of the server in every phase. The server is a child process on PostgreSQL,
 * BullMQ on Redis and Mosquitto (MQTT_URL); each drill ends with the ledger check.
 */

describe('drills: kill -9 of the server (issue 9)', () => {
  afterAll(() => report());

  it('in betting: the round resumes with its deadline, bets placed before and after are settled once', async () => {
    const d = await Drill.start();
    try {
      const t = await d.sicboTable();
      const r = await d.openRound(t);
      const before = await d.bets(t, 'kb', 2);
      await d.server.kill9();
      const k = Date.now();
      await d.server.start();
      const after = await d.bets(t, 'kb2', 1);
      const recover = Date.now() - k;
      expect(after.accepted).toBe(3);
      await d.close(t);
      await d.dice(t, r, [6, 5, 4]);
      await d.until(r, ['settled']);
      const lost = await assertClean(d, before.accepted + after.accepted);
      figures.push({ drill: 'kill -9 in betting', bets: before.accepted + after.accepted, lost, recoverMs: recover, note: 'kill → first bet accepted again (incl. boot)' });
    } finally {
      await d.dispose();
    }
  });

  it('in play: a result the dice published while the server was dead is delivered after the restart (persistent session)', async () => {
    const d = await Drill.start();
    try {
      const t = await d.sicboTable();
      const r = await d.openRound(t);
      const b = await d.bets(t, 'kp', 2);
      expect((await d.close(t)).status).toBe(200);
      await d.server.kill9();
      const k = Date.now();
      await d.dice(t, r, [1, 2, 4]);
      await d.server.start();
      await d.until(r, ['settled'], 30_000);
      const recover = Date.now() - k;
      const lost = await assertClean(d, b.accepted);
      figures.push({ drill: 'kill -9 in play (result sent while down)', bets: b.accepted, lost, recoverMs: recover, note: 'kill → settled' });
    } finally {
      await d.dispose();
    }
  });

  it('right after the result: committed or redelivered, applied once and settled', async () => {
    const d = await Drill.start();
    try {
      const t = await d.sicboTable();
      const r = await d.openRound(t);
      const b = await d.bets(t, 'kr', 2);
      await d.close(t);
      await d.dice(t, r, [3, 3, 5]);
      await new Promise((res) => setTimeout(res, 20));
      await d.server.kill9();
      const k = Date.now();
      await d.server.start();
      await d.until(r, ['settled'], 30_000);
      const recover = Date.now() - k;
      const lost = await assertClean(d, b.accepted);
      figures.push({ drill: 'kill -9 right after the result', bets: b.accepted, lost, recoverMs: recover, note: 'kill → settled' });
    } finally {
      await d.dispose();
    }
  });

  it('during settlement: settled exactly once within 5 s of the restart (no wait for BullMQ stall detection)', async () => {
    const d = await Drill.start();
    try {
      const t = await d.sicboTable();
      const r = await d.openRound(t);
      const b = await d.bets(t, 'ks', 25);
      await d.close(t);
      await d.dice(t, r, [2, 2, 6]);
      await d.until(r, ['resolved', 'settled']);
      const phaseAtKill = await d.phase(r);
      await d.server.kill9();
      const k = Date.now();
      await d.server.start();
      const up = Date.now();
      await d.until(r, ['settled'], 5_000);
      const afterUp = Date.now() - up;
      const lost = await assertClean(d, b.accepted);
      figures.push({ drill: 'kill -9 during settlement', bets: b.accepted, lost, recoverMs: Date.now() - k, note: `phase at kill: ${phaseAtKill}; settled ${(afterUp / 1000).toFixed(1)} s after the server was up` });
    } finally {
      await d.dispose();
    }
  });
});
