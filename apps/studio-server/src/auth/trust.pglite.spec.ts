import { describe, it } from 'vitest';
import { bootTestApp } from '../../../../test/support/studio-server/test-app.js';
import { trustStorageContract } from '../../../../test/support/studio-server/trust-storage.contract.js';

describe('trust storage on PGlite (migration 1763800000000)', () => {
  it('users: disable, token version bump, delete; device credentials: issue, rotate, list, revoke', async () => {
    const t = await bootTestApp({ config: { database: { kind: 'pglite', dataDir: null }, demo: false } });
    try {
      await trustStorageContract(t);
    } finally {
      await t.close();
    }
  }, 90_000);
});
