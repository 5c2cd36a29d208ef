/**
 * The owner → instance relay on Redis (issue 13 point 4, live poker's frames): a subscriber hears the other
 * instances' messages in order once subscribed, never its own, nothing after unsubscribing; shared-map
 * entries of a writer that stopped writing stop counting.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { requireEnv } from '../../../../test/support/studio-server/test-database.js';
import { TableRelay } from './table-relay.js';

const until = async (what: string, f: () => boolean, ms = 5_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('table relay on Redis (issue 13)', () => {
  const url = requireEnv('REDIS_URL');
  const prefix = `felt-test:${randomBytes(4).toString('hex')}:`;
  let now = 1_000_000;
  const a = new TableRelay(url, prefix, 'a', () => now);
  const b = new TableRelay(url, prefix, 'b', () => now);
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('delivers the other instances’ messages in order, not its own, none after unsubscribing', async () => {
    const heardByA: unknown[] = [];
    const heardByB: unknown[] = [];
    const offA = await a.subscribe('poker:t1', (p) => heardByA.push(p));
    const offB = await b.subscribe('poker:t1', (p) => heardByB.push(p));
    for (let i = 1; i <= 20; i++) await a.publish('poker:t1', { seq: i });
    await b.publish('poker:t1', { seq: 'from-b' });
    await a.publish('poker:other', { seq: 'elsewhere' });
    await until('b to hear a’s 20 messages', () => heardByB.length === 20);
    await until('a to hear b', () => heardByA.length === 1);
    expect(heardByB).toEqual(Array.from({ length: 20 }, (_, i) => ({ seq: i + 1 })));
    expect(heardByA).toEqual([{ seq: 'from-b' }]);
    offB();
    await a.publish('poker:t1', { seq: 21 });
    await b.publish('poker:t1', { seq: 'b-again' }); // a still listens: a barrier for b's unsubscribed state
    await until('a to hear b again', () => heardByA.length === 2);
    expect(heardByB).toHaveLength(20);
    offA();
  });

  it('shared map: each writer’s entries, stale ones (writer gone) left out', async () => {
    await a.put('lobby', 't1', { tableId: 't1' }, 1_000);
    now += 600;
    await b.put('lobby', 't2', { tableId: 't2' }, 1_000);
    expect(await a.entries('lobby', 1_000)).toEqual(expect.arrayContaining([{ tableId: 't1' }, { tableId: 't2' }]));
    now += 600; // a's line is 1 200 ms old: its writer stopped
    expect(await b.entries('lobby', 1_000)).toEqual([{ tableId: 't2' }]);
    await b.remove('lobby', 't2');
    expect(await b.entries('lobby', 1_000)).toEqual([]);
  });
});
