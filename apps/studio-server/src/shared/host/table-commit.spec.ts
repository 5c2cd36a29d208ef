import { describe, expect, it } from 'vitest';
import type { Tx } from '../ports/persistence.port.js';
import { commitTableChange } from './table-commit.js';

/** Issue 19 §2: the one commit step both table programs call — events, the program's rows, then the postings, in one transaction. */
describe('commitTableChange', () => {
  const recorder = () => {
    const calls: string[] = [];
    const tx = {
      events: {
        append: async (stream: string, tableId: string, seq: number, events: readonly { type: string }[]) => {
          calls.push(`append ${stream} ${tableId} @${seq} ${events.map((e) => e.type).join(',')}`);
          return events.map((e, i) => ({ seq: seq + i + 1, type: e.type }));
        },
      },
      ledger: {
        post: async (postingId: string, entries: readonly { account: string; at: number }[]) => {
          calls.push(`post ${postingId} ${entries.map((x) => `${x.account}@${x.at}`).join(',')}`);
        },
      },
    } as unknown as Tx;
    return { tx, calls };
  };

  it('appends the events, writes the program rows, then posts every non-empty posting at the change time; answers who was touched', async () => {
    const { tx, calls } = recorder();
    const r = await commitTableChange(tx, {
      stream: 'poker:t1',
      tableId: 't1',
      expectedSeq: 4,
      events: [{ type: 'seat', at: 9, payload: {} }, { type: 'hand-ended', at: 9, payload: {} }],
      causationId: null,
      postings: [
        { postingId: 'p1', entries: [{ account: 'player:u1:EUR', currency: 'EUR', amountMinor: -5, memo: '' }, { account: 'house:EUR', currency: 'EUR', amountMinor: 5, memo: '' }] },
        { postingId: 'empty', entries: [] },
      ],
      at: 9,
      alsoWrite: async (_t, appended) => {
        calls.push(`rows after ${appended.length} events`);
      },
    });
    expect(calls).toEqual(['append poker:t1 t1 @4 seat,hand-ended', 'rows after 2 events', 'post p1 player:u1:EUR@9,house:EUR@9']);
    expect(r.appended.map((e) => e.seq)).toEqual([5, 6]);
    expect(r.touched).toEqual(['u1']);
  });

  it('a failing append writes nothing after it (the caller’s transaction rolls back)', async () => {
    const { tx, calls } = recorder();
    (tx.events as unknown as { append: () => Promise<never> }).append = () => Promise.reject(new Error('seq conflict'));
    await expect(commitTableChange(tx, { stream: 'r1', tableId: 't1', expectedSeq: 0, events: [], causationId: null, postings: [{ postingId: 'p', entries: [{ account: 'player:u:EUR', currency: 'EUR', amountMinor: 1, memo: '' }] }], at: 1 })).rejects.toThrow('seq conflict');
    expect(calls).toEqual([]);
  });
});
