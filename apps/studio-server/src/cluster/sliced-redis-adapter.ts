import { RedisAdapter, type RedisAdapterOptions } from '@socket.io/redis-adapter';
import { sliced } from '../shared/host/sliced-adapter.js';

/**
 * The cluster's socket.io adapter (issue 13 point 4) with the one instance's sliced writes (issue 25 §1): a
 * broadcast is published to the other instances as @socket.io/redis-adapter does, and its local writes — like
 * those of a broadcast another instance published — go out in slices of ≤ 4 ms between which the loop reads
 * (before, a `table.update` to 5 000 sockets of an instance, or a commit's frames relayed from the owner, was one
 * write loop of up to ~0.8 s in the two-instance closing burst). Acks and the bettors' own frames take their turn
 * in the slices as on one instance.
 */
export class ChunkedRedisAdapter extends sliced(RedisAdapter) {}

/**
 * The adapter "constructor" socket.io takes (`new (server.adapter())(nsp)`), like @socket.io/redis-adapter's
 * `createAdapter`: a plain function (an arrow function cannot be called with `new`).
 */
export function chunkedRedisAdapter(pub: unknown, sub: unknown, opts: Partial<RedisAdapterOptions>): (nsp: unknown) => ChunkedRedisAdapter {
  return function (nsp: unknown): ChunkedRedisAdapter {
    return new ChunkedRedisAdapter(nsp, pub, sub, opts);
  };
}
