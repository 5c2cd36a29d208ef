import { InMemoryTableLeases } from './table-lease.js';
import { tableLeaseContract } from './table-lease.contract.js';

tableLeaseContract('in-memory', async () => new InMemoryTableLeases());
