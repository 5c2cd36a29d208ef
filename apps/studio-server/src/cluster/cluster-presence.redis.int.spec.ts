/**
 * Table presence by id across two instances on Redis (issue 24, CHAT-7 and TIP-3/4): the instance that runs a
 * chat or tip command (the table's owner) sees a player whose socket is on the other instance, and the dealer
 * on duty with the same sign-in whichever instance answers; a part no longer refreshed (its instance died)
 * stops counting.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { requireEnv } from '../../../../test/support/studio-server/test-database.js';
import { ClusterPresence } from './cluster-presence.js';

describe('presence by id across two instances (Redis)', () => {
  const url = requireEnv('REDIS_URL');
  const prefix = `felt-test:${randomBytes(4).toString('hex')}:`;
  let now = 1_000_000;
  const a = new ClusterPresence(url, prefix, 'a', 10_000, () => now);
  const b = new ClusterPresence(url, prefix, 'b', 10_000, () => now);
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("the owner (a) sees b's player and dealer by id, merged with its own; the same dealer sign-in on both; a dead instance's part expires", async () => {
    const none = { players: [], dealers: [] };
    expect(await a.who('t1', none)).toEqual(none);
    // b's sockets: a player and the dealer's console (as the gateway writes them on every change)
    await b.merge('t1', { players: ['p_b'], dealers: [{ userId: 'd1', name: 'Dee', since: 500 }] });
    const onA = await a.who('t1', { players: ['p_a'], dealers: [] });
    expect(onA.players).toEqual(['p_a', 'p_b']);
    expect(onA.dealers).toEqual([{ userId: 'd1', name: 'Dee', since: 500 }]);
    // the dealer also opens a console on a later (a's sign-in 800): both instances answer the first sign-in
    await a.merge('t1', { players: ['p_a'], dealers: [{ userId: 'd1', name: 'Dee', since: 800 }] });
    expect((await a.who('t1', { players: ['p_a'], dealers: [{ userId: 'd1', name: 'Dee', since: 800 }] })).dealers[0]?.since).toBe(500);
    expect((await b.who('t1', { players: ['p_b'], dealers: [{ userId: 'd1', name: 'Dee', since: 500 }] })).dealers[0]?.since).toBe(500);
    expect((await b.who('t1', none)).players).toEqual(['p_a']);
    // a's own stored part is replaced by its current local one (a player who just left is gone at once)
    expect((await a.who('t1', none)).players).toEqual(['p_b']);
    // b dies (stops refreshing): after staleMs its player no longer counts on a
    now += 10_001;
    expect((await a.who('t1', none)).players).toEqual([]);
  });
});
