import { playerFlagsSuite } from '../../../../test/support/studio-server/player-flags.contract.js';
import { openDataSource } from '../persistence/data-source.js';
import { SERVER_SCHEMA } from '../server-schema.js';
import { InMemoryPlayerFlagsRepository, TypeOrmPlayerFlagsRepository } from './player-flags.service.js';

playerFlagsSuite('in memory', async () => ({ repo: new InMemoryPlayerFlagsRepository(), close: async () => undefined }));
playerFlagsSuite('TypeORM on PGlite (the migrations)', async () => {
  const ds = await openDataSource({ kind: 'pglite', dataDir: null }, SERVER_SCHEMA);
  return { repo: new TypeOrmPlayerFlagsRepository(ds), close: () => ds.destroy() };
});
