import { describe, expect, it } from 'vitest';
import * as games from '@felt-studio/games';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { DEALER, makeHarness, PITBOSS, openTable } from '../../../../test/support/studio-server/harness.js';

const dealt = (s: unknown): number => (s as { shoe: { dealt: number } }).shoe.dealt;

describe('shoe composition across rounds (S-1, S-4)', () => {
  async function baccaratTable() {
    const h = makeHarness([games.baccarat.baccaratKernel as unknown as AnyKernel], { baccarat: ['punto-banco'] });
    const t = await h.tables.create({ name: 'B', game: 'baccarat', profileId: 'punto-banco', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000, spots: {} }, betWindowS: 10, cadence: { auto: false, pauseS: 5 }, devices: [] }, PITBOSS);
    if (!t.ok) throw new Error(t.violation.message);
    await openTable(h.tables, t.value.tableId, 'test');
    const round = async (cards: string[]): Promise<void> => {
      await h.rounds.openRound(t.value.tableId, DEALER);
      for (const card of cards) await h.rounds.execute(t.value.tableId, { type: 'RecordCard', at: h.clock.now(), card }, SYSTEM_ACTOR, { closesBetting: true });
    };
    return { h, tableId: t.value.tableId, round };
  }

  it("the next baccarat round continues the previous round's shoe, so a card count carries over", async () => {
    const { h, tableId, round } = await baccaratTable();
    await round(['9S', '2H', 'KD', '3C']);
    await round(['8S', '4H', 'QD', '5C']);
    const r = await h.rounds.currentRound(tableId);
    expect(r?.state.phase === 'resolved' || r?.state.phase === 'settled').toBe(true);
    expect(dealt(r?.state)).toBe(8);
  });

  it('a newly inserted shoe starts a fresh count', async () => {
    const { h, tableId, round } = await baccaratTable();
    await round(['9S', '2H', 'KD', '3C']);
    h.rounds.markNewShoe(tableId);
    await round(['8S', '4H', 'QD', '5C']);
    expect(dealt((await h.rounds.currentRound(tableId))?.state)).toBe(4);
  });
});
