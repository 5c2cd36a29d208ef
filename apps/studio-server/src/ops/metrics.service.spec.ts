import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MetricsService, SYNC_WALKS } from './metrics.service.js';

/** A scrape must not walk every socket on the loop (issue 25 §1: 46 ms at 10 000 joined players). */
describe('metrics: no scrape walks every handle or descriptor on the loop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a scrape never lists the active handles or resources, never reads /proc/self/fd synchronously, and still reports the open descriptors', async () => {
    const proc = process as unknown as { _getActiveHandles: () => unknown[]; getActiveResourcesInfo: () => string[] };
    const handles = vi.spyOn(proc, '_getActiveHandles');
    const resources = vi.spyOn(proc, 'getActiveResourcesInfo');
    const fs = createRequire(import.meta.url)('fs') as typeof import('node:fs'); // the object prom-client's require('fs') holds
    const readdirSync = vi.spyOn(fs, 'readdirSync');
    const m = new MetricsService();
    const text = await m.render();
    expect(handles).not.toHaveBeenCalled();
    expect(resources).not.toHaveBeenCalled();
    expect(readdirSync.mock.calls.filter((c) => String(c[0]).includes('/fd'))).toEqual([]);
    for (const name of SYNC_WALKS.filter((n) => n !== 'felt_process_open_fds')) expect(text).not.toContain(`${name} `);
    const fds = /^felt_process_open_fds (\d+)$/m.exec(text);
    expect(fds, text.slice(0, 400)).not.toBeNull();
    expect(Number(fds?.[1])).toBeGreaterThan(2); // stdin, stdout, stderr at least
    expect(text).toContain('felt_process_cpu_user_seconds_total'); // the other defaults stay
  });
});
