import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { openDataSource } from '../persistence/data-source.js';
import { SERVER_SCHEMA } from '../server-schema.js';
import { InMemoryChatRepository, SqlChatRepository, type ChatRepository, type StoredChatMessage } from './chat.repository.js';

const none = { dealerId: null, dealerName: null, shiftStart: null };
const msg = (tableId: string, i: number): StoredChatMessage => ({ messageId: `m_${tableId}_${i}`, tableId, at: 1_000 + i, kind: 'player', author: { role: 'player', name: 'Pia', userId: 'p1' }, text: `line ${i}` });

/** The chat's rows on the real schema (PGlite, the migrations) and in memory: the same answers (issue 24, CHAT-5/6, TIP-3). */
describe.each(['pglite', 'memory'] as const)('chat repository (%s)', (kind) => {
  let ds: DataSource | null = null;
  let repo: ChatRepository;
  beforeAll(async () => {
    if (kind === 'pglite') {
      ds = await openDataSource({ kind: 'pglite', dataDir: null }, SERVER_SCHEMA);
      repo = new SqlChatRepository(ds);
    } else repo = new InMemoryChatRepository();
  }, 60_000);
  afterAll(async () => {
    await ds?.destroy();
  });

  it('CHAT-6: keeps the newest messages of each table, oldest first; the same id twice is one message', async () => {
    for (let i = 0; i < 7; i++) await repo.addMessage(msg('t1', i), 5);
    await repo.addMessage(msg('t2', 0), 5);
    expect(await repo.addMessage({ ...msg('t1', 6), text: 'changed' }, 5)).toMatchObject({ text: 'line 6' });
    expect((await repo.history('t1', 100)).map((m) => m.text)).toEqual(['line 2', 'line 3', 'line 4', 'line 5', 'line 6']);
    expect((await repo.history('t1', 2)).map((m) => m.text)).toEqual(['line 5', 'line 6']);
    expect(await repo.history('t2', 100)).toHaveLength(1);
  });

  it('CHAT-5: a mute is replaced by a ban and lifted; per table', async () => {
    await repo.setModeration({ tableId: 't1', playerId: 'p1', action: 'mute', until: 5_000, reason: 'spam', by: 'pb', at: 1 });
    await repo.setModeration({ tableId: 't1', playerId: 'p1', action: 'ban', until: null, reason: 'abuse', by: 'pb', at: 2 });
    expect(await repo.moderation('t1', 'p1')).toEqual({ tableId: 't1', playerId: 'p1', action: 'ban', until: null, reason: 'abuse', by: 'pb', at: 2 });
    expect(await repo.moderation('t2', 'p1')).toBeNull();
    expect(await repo.moderations('t1')).toHaveLength(1);
    await repo.clearModeration('t1', 'p1');
    expect(await repo.moderation('t1', 'p1')).toBeNull();
  });

  it('TIP-3: tips since a time, per table; a tip id is kept once', async () => {
    await repo.addTip({ tipId: 'tip_a', tableId: 't1', playerId: 'p1', amountMinor: 200, currency: 'EUR', at: 100, ...none });
    await repo.addTip({ tipId: 'tip_b', tableId: 't1', playerId: 'p2', amountMinor: 500, currency: 'EUR', at: 300, ...none });
    await repo.addTip({ tipId: 'tip_c', tableId: 't2', playerId: 'p1', amountMinor: 900, currency: 'EUR', at: 300, ...none });
    expect(await repo.addTip({ tipId: 'tip_a', tableId: 't1', playerId: 'p1', amountMinor: 999, currency: 'EUR', at: 400, ...none })).toMatchObject({ amountMinor: 200 });
    expect(await repo.tipsSince('t1', 0)).toEqual({ count: 2, totalMinor: 700 });
    expect(await repo.tipsSince('t1', 200)).toEqual({ count: 1, totalMinor: 500 });
    expect(await repo.tipsSince('t3', 0)).toEqual({ count: 0, totalMinor: 0 });
    expect(await repo.tip('tip_b')).toMatchObject({ tableId: 't1', playerId: 'p2', amountMinor: 500, at: 300, dealerId: null, shiftStart: null });
  });

  it('TIP-4/5: tips with their dealer and shift, read by time, table, dealer and shift; a payout kept once', async () => {
    const duty = { dealerId: 'd1', dealerName: 'Dee', shiftStart: 1_000 };
    await repo.addTip({ tipId: 'tip_d1', tableId: 't5', playerId: 'p1', amountMinor: 300, currency: 'EUR', at: 1_100, ...duty });
    await repo.addTip({ tipId: 'tip_d2', tableId: 't5', playerId: 'p2', amountMinor: 400, currency: 'EUR', at: 1_200, ...duty });
    await repo.addTip({ tipId: 'tip_d3', tableId: 't6', playerId: 'p2', amountMinor: 50, currency: 'EUR', at: 1_250, dealerId: 'd2', dealerName: 'Dan', shiftStart: 1_150 });
    expect(await repo.tip('tip_d1')).toEqual({ tipId: 'tip_d1', tableId: 't5', playerId: 'p1', amountMinor: 300, currency: 'EUR', at: 1_100, ...duty });
    expect((await repo.tipsBetween(1_000, 2_000, {})).map((t) => t.tipId)).toEqual(['tip_d1', 'tip_d2', 'tip_d3']);
    expect((await repo.tipsBetween(1_150, 2_000, { tableId: 't5' })).map((t) => t.tipId)).toEqual(['tip_d2']);
    expect((await repo.tipsBetween(0, 2_000, { dealerId: 'd2' })).map((t) => t.tipId)).toEqual(['tip_d3']);
    expect((await repo.tipsOfShift('t5', 'd1', 1_000)).map((t) => t.amountMinor)).toEqual([300, 400]);
    expect(await repo.tipsOfShift('t5', 'd1', 999)).toEqual([]);
    const p = { payoutId: 'tip-payout:t5:d1:1000', tableId: 't5', dealerId: 'd1', shiftStart: 1_000, account: 'tips-payable:d1', amountMinor: 700, currency: 'EUR', tipCount: 2, by: 'adm', reason: 'payroll', at: 5_000 };
    expect(await repo.addPayout(p)).toEqual(p);
    expect(await repo.addPayout({ ...p, amountMinor: 1, by: 'other' })).toEqual(p);
    expect(await repo.payouts([p.payoutId, 'tip-payout:none'])).toEqual([p]);
    expect(await repo.payouts([])).toEqual([]);
  });
});
