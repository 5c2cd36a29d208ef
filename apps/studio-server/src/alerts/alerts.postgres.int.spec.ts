import { alertsModelSuite } from '../../../../test/support/studio-server/alerts.contract.js';
import { createTestDatabase } from '../../../../test/support/studio-server/test-database.js';
import { openDataSource } from '../persistence/data-source.js';
import { SERVER_SCHEMA } from '../server-schema.js';
import { TypeOrmAlertsRepository } from './alerts.service.js';

// issue 20 defect 8: the alert model on the real PostgreSQL (a throw-away database per test)
alertsModelSuite('TypeORM on PostgreSQL (DATABASE_URL)', async () => {
  const db = await createTestDatabase();
  const ds = await openDataSource({ kind: 'postgres', url: db.url }, SERVER_SCHEMA);
  return {
    repo: new TypeOrmAlertsRepository(ds),
    close: async () => {
      await ds.destroy();
      await db.drop();
    },
  };
});
