import { openDataSource } from './data-source.js';
import { persistenceContract } from '../../../../test/support/studio-server/persistence.contract.js';
import { createTestDatabase } from '../../../../test/support/studio-server/test-database.js';
import { TypeOrmUnitOfWork } from './typeorm.uow.js';
import { SERVER_SCHEMA } from '../server-schema.js';

persistenceContract('TypeORM on PostgreSQL (DATABASE_URL, throw-away database)', async () => {
  const db = await createTestDatabase();
  const ds = await openDataSource({ kind: 'postgres', url: db.url }, SERVER_SCHEMA);
  return {
    uow: new TypeOrmUnitOfWork(ds),
    close: async () => {
      await ds.destroy();
      await db.drop();
    },
  };
});
