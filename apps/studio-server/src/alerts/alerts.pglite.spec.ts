import { alertsModelSuite } from '../../../../test/support/studio-server/alerts.contract.js';
import { openDataSource } from '../persistence/data-source.js';
import { SERVER_SCHEMA } from '../server-schema.js';
import { TypeOrmAlertsRepository } from './alerts.service.js';

alertsModelSuite('TypeORM on PGlite (the migrations)', async () => {
  const ds = await openDataSource({ kind: 'pglite', dataDir: null }, SERVER_SCHEMA);
  return { repo: new TypeOrmAlertsRepository(ds), close: () => ds.destroy() };
});
