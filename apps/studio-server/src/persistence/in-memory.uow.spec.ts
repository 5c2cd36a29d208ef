import { persistenceContract } from '../../../../test/support/studio-server/persistence.contract.js';
import { InMemoryUnitOfWork } from './in-memory.uow.js';

persistenceContract('InMemoryUnitOfWork', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => undefined }));
