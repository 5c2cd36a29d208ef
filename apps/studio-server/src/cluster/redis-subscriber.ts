import type { RedisOptions } from 'ioredis';

/**
 * Options of a Redis connection used only for SUBSCRIBE: no `CLIENT SETINFO` and no `INFO` ready check. With
 * them, ioredis 5.8+ can send a handshake command after a SUBSCRIBE issued while connecting, which the server
 * (or the client) refuses with "Connection in subscriber mode, only subscriber commands may be used" — the
 * subscription then misses messages (redis/ioredis#2037; seen in CI as a relay test waiting for messages).
 */
export const SUBSCRIBER_OPTIONS: RedisOptions = { maxRetriesPerRequest: 2, disableClientInfo: true, enableReadyCheck: false };
