import { alertsModelSuite } from '../../../../test/support/studio-server/alerts.contract.js';
import { InMemoryAlertsRepository } from './alerts.service.js';

alertsModelSuite('in memory', async () => ({ repo: new InMemoryAlertsRepository(), close: async () => undefined }));
