/** The one contract suite of TableLeases (run over the in-memory and the Redis implementation). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableLeases } from '../../../apps/studio-server/src/cluster/table-lease.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function tableLeaseContract(name: string, make: () => Promise<TableLeases>): void {
  describe(`table lease contract: ${name}`, () => {
    let leases: TableLeases;
    let n = 0;
    const table = (): string => `tbl_lease_${Date.now().toString(36)}_${n++}`;
    beforeAll(async () => {
      leases = await make();
    });
    afterAll(async () => {
      await leases.close();
    });

    it('one owner at a time: a second instance cannot take a held lease; the holder can renew it', async () => {
      const t = table();
      expect(await leases.acquire(t, 'a', 5_000)).toBe(true);
      expect(await leases.acquire(t, 'b', 5_000)).toBe(false);
      expect(await leases.acquire(t, 'a', 5_000)).toBe(true);
      expect(await leases.renew(t, 'a', 5_000)).toBe(true);
      expect(await leases.renew(t, 'b', 5_000)).toBe(false);
      expect(await leases.owner(t)).toBe('a');
    });

    it('a dead owner stops renewing: the lease runs out and a standby takes it; the old owner cannot renew it back', async () => {
      const t = table();
      expect(await leases.acquire(t, 'a', 150)).toBe(true);
      await sleep(250);
      expect(await leases.owner(t)).toBeNull();
      expect(await leases.acquire(t, 'b', 5_000)).toBe(true);
      expect(await leases.renew(t, 'a', 5_000)).toBe(false);
      expect(await leases.owner(t)).toBe('b');
    });

    it('only the holder can release', async () => {
      const t = table();
      await leases.acquire(t, 'a', 5_000);
      await leases.release(t, 'b');
      expect(await leases.owner(t)).toBe('a');
      await leases.release(t, 'a');
      expect(await leases.owner(t)).toBeNull();
    });
  });
}
