import { requireEnv } from '../persistence/test-database.js';
import { RedisTableLeases } from './table-lease.js';
import { tableLeaseContract } from './table-lease.contract.js';

tableLeaseContract('Redis', async () => new RedisTableLeases(requireEnv('REDIS_URL'), `felt-test:${process.pid}:${Date.now()}:lease:`));
