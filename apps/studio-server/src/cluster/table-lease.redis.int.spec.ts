import { requireEnv } from '../../../../test/support/studio-server/test-database.js';
import { RedisTableLeases } from './table-lease.js';
import { tableLeaseContract } from '../../../../test/support/studio-server/table-lease.contract.js';

tableLeaseContract('Redis', async () => new RedisTableLeases(requireEnv('REDIS_URL'), `felt-test:${process.pid}:${Date.now()}:lease:`));
