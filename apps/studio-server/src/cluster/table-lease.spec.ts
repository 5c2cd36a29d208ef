import { InMemoryTableLeases } from './table-lease.js';
import { tableLeaseContract } from '../../../../test/support/studio-server/table-lease.contract.js';

tableLeaseContract('in-memory', async () => new InMemoryTableLeases());
