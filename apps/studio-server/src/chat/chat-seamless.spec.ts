import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootSeamlessStudio, type SeamlessStudio } from '../../../../test/support/studio-server/seamless-studio.js';
import { PresenceService } from '../presence/presence.service.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';

/** A seamless operator's player tips the dealer (issue 24, TIP-1; docs/chat-and-tips.md "Seamless wallet"): debited at the operator first, as a bet's stake. */
describe('tips from a seamless operator’s player', () => {
  let s: SeamlessStudio;
  const ext = (p: string): number => s.sim.balances.get(`ext-${p}`) ?? NaN;
  const tip = (playerId: string, tipId: string, amountMinor: number) => s.app.http('POST', `/tables/${s.tableId}/tips`, s.app.token(playerId, 'player'), { tipId, amountMinor });
  const ledger = () => s.app.get<UnitOfWork>(UNIT_OF_WORK);

  beforeAll(async () => {
    s = await bootSeamlessStudio({ timeoutMs: 1_000 });
    await s.player('st1', 1_000);
    await s.player('st2', 100);
    for (const p of ['st1', 'st2']) s.app.get(PresenceService).setPlayer(`sock_${p}`, s.tableId, p, true); // CHAT-7: at the table
  }, 120_000);
  afterAll(async () => {
    await s?.shutdown();
  }, 60_000);

  it('the operator is debited, the tip passes through our ledger to the tips account (balanced), the round is closed with a credit of 0; a retry debits once', async () => {
    const r = await tip('st1', 'tip_s1', 300);
    expect(r.status).toBe(201);
    expect(ext('st1')).toBe(700);
    expect(s.sim.book.get('dbt_tip_s1')).toMatchObject({ kind: 'debit', amountMinor: 300, round: `tip:${s.tableId}:tip_s1` });
    expect((await tip('st1', 'tip_s1', 300)).body).toMatchObject({ duplicate: true });
    expect(ext('st1')).toBe(700);
    expect(await s.clearing()).toBe(-300);
    expect(await ledger().run((tx) => tx.ledger.balance(`tips:${s.tableId}`, 'EUR'))).toBe(300);
    expect(await s.app.balance('st1')).toBe(0); // passed through, nothing left in transit
    expect(await ledger().run((tx) => tx.ledger.totals())).toEqual({ EUR: 0 });
    await s.seamless.sweep();
    await s.until('the closing credit of 0', async () => s.sim.book.get('crd_tip_s1')?.kind === 'credit');
    expect(s.sim.book.get('crd_tip_s1')).toMatchObject({ amountMinor: 0, reference: 'dbt_tip_s1' });
    expect(ext('st1')).toBe(700);
    expect(await s.app.invariants()).toEqual([]);
  });

  it('a tip the operator refuses is refused (coded), nothing posted', async () => {
    const r = await tip('st2', 'tip_s2', 500);
    expect(r.body).toMatchObject({ code: 'SEAMLESS_DEBIT_REFUSED' });
    expect(ext('st2')).toBe(100);
    expect(await ledger().run((tx) => tx.ledger.entries('tip:tip_s2'))).toEqual([]);
    expect(await ledger().run((tx) => tx.ledger.totals())).toEqual({ EUR: 0 });
  });
});
