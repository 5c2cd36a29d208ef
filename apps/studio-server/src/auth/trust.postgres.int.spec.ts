import { describe, it } from 'vitest';
import { bootTestApp } from '../../../../test/support/studio-server/test-app.js';
import { createTestDatabase } from '../../../../test/support/studio-server/test-database.js';
import { trustStorageContract } from '../../../../test/support/studio-server/trust-storage.contract.js';

describe('trust storage on PostgreSQL (DATABASE_URL, throw-away database)', () => {
  it('users: disable, token version bump, delete; device credentials: issue, rotate, list, revoke', async () => {
    const db = await createTestDatabase();
    try {
      const t = await bootTestApp({ config: { database: { kind: 'postgres', url: db.url }, demo: false } });
      try {
        await trustStorageContract(t);
      } finally {
        await t.close();
      }
    } finally {
      await db.drop();
    }
  });
});
