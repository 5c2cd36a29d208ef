import { playerFlagsSuite } from '../../../../test/support/studio-server/player-flags.contract.js';
import { createTestDatabase } from '../../../../test/support/studio-server/test-database.js';
import { openDataSource } from '../persistence/data-source.js';
import { SERVER_SCHEMA } from '../server-schema.js';
import { TypeOrmPlayerFlagsRepository } from './player-flags.service.js';

// issue 23: the pit's player flags on the real PostgreSQL (a throw-away database per test)
playerFlagsSuite('TypeORM on PostgreSQL (DATABASE_URL)', async () => {
  const db = await createTestDatabase();
  const ds = await openDataSource({ kind: 'postgres', url: db.url }, SERVER_SCHEMA);
  return {
    repo: new TypeOrmPlayerFlagsRepository(ds),
    close: async () => {
      await ds.destroy();
      await db.drop();
    },
  };
});
