import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { installStop } from './stop.js';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';

function fakeProcess(withIpc: boolean): EventEmitter & { send?: () => boolean } {
  const p = new EventEmitter() as EventEmitter & { send?: () => boolean };
  if (withIpc) p.send = () => true;
  return p;
}

describe('server stop on SIGINT / SIGTERM / parent gone (issue 12 point 6)', () => {
  it('closes the app once and exits 0, whatever signals follow', async () => {
    const proc = fakeProcess(false);
    let release!: () => void;
    const close = vi.fn(() => new Promise<void>((r) => (release = r)));
    const exit = vi.fn();
    const stop = installStop({ close, log: () => undefined, exit, deadlineMs: 10_000, proc: proc as never });
    proc.emit('SIGINT');
    proc.emit('SIGTERM'); // felt studio forwards SIGTERM after the group's SIGINT: must not cut the stop short
    proc.emit('SIGINT');
    expect(close).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();
    release();
    await stop('again');
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('exits 1 at the deadline when closing hangs', async () => {
    vi.useFakeTimers();
    try {
      const proc = fakeProcess(false);
      const exit = vi.fn();
      installStop({ close: () => new Promise<void>(() => undefined), log: () => undefined, exit, deadlineMs: 4000, proc: proc as never });
      proc.emit('SIGTERM');
      await vi.advanceTimersByTimeAsync(3999);
      expect(exit).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops when the parent (felt studio) disconnects its IPC channel, and only then', async () => {
    const exit = vi.fn();
    const close = vi.fn(async () => undefined);
    const withIpc = fakeProcess(true);
    installStop({ close, log: () => undefined, exit, deadlineMs: 1000, proc: withIpc as never });
    withIpc.emit('disconnect');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    const noIpc = fakeProcess(false);
    installStop({ close, log: () => undefined, exit, deadlineMs: 1000, proc: noIpc as never });
    expect(noIpc.listenerCount('disconnect')).toBe(0);
  });
});

describe('app close finishes in-flight commits (issue 12 point 6)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  it('waits for a transaction that began before the stop, and it commits', async () => {
    t = await bootTestApp();
    const uow = t.get<UnitOfWork>(UNIT_OF_WORK);
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const commit = uow.run(async (tx) => {
      await gate;
      await tx.ledger.post('pst_shutdown', [
        { account: 'player:p1', currency: 'EUR', amountMinor: 100, at: 1, memo: 'shutdown drill' },
        { account: 'house:cash', currency: 'EUR', amountMinor: -100, at: 1, memo: 'shutdown drill' },
      ]);
      order.push('committed');
    });
    const closed = t.close().then(() => order.push('closed'));
    t = undefined;
    await new Promise((r) => setTimeout(r, 200));
    expect(order).toEqual([]); // the app is still waiting for the commit
    release();
    await Promise.all([commit, closed]);
    expect(order).toEqual(['committed', 'closed']);
  });
});
