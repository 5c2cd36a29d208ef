import { tournament as T } from '@felt-studio/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootSeamlessStudio, type SeamlessStudio } from '../../../../test/support/studio-server/seamless-studio.js';
import { createSitAndGo } from '../../../../test/support/studio-server/tournaments.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { TournamentModule } from './tournament.module.js';
import { TournamentService } from './tournament.service.js';

/**
 * A seamless operator's players in a sit-and-go (issue 24 "registration with a buy-in and fee through the wallet
 * (seamless too)"; docs/tournaments.md): the buy-in + fee is debited at the operator first (the round
 * `tournament:<tid>:<entryId>`), and when the tournament ends the entry's prize goes back to the operator
 * (`seamless-out:<entryId>`) and the sweep credits it, closing the round (0 for a player who won nothing).
 */
describe('a sit-and-go with seamless-wallet players', () => {
  let s: SeamlessStudio;
  const ext = (p: string): number => s.sim.balances.get(`ext-${p}`) ?? NaN;
  const uow = () => s.app.get<UnitOfWork>(UNIT_OF_WORK);

  beforeAll(async () => {
    s = await bootSeamlessStudio({ timeoutMs: 1_000, imports: [TournamentModule], config: { settings: { tournamentRoundMs: 0 } } });
    await s.player('bot_sg1', 2_000);
    await s.player('bot_sg2', 2_000);
    await s.player('sg3', 500);
    await s.app.deposit('bot_wallet1', 2_000);
  }, 120_000);
  afterAll(async () => {
    await s?.shutdown();
  }, 60_000);

  // The players are robot accounts (`bot_…`, TRN-ABSENT: robot entries, played by the robot): this spec is about the money's
  // path. Three people who never sit in are folded on every turn and only an all-in blind's showdown can bust one — the
  // field ends when the cards say so (a stop's CI run had it still running after 2 000 rounds; docs/tournaments.md).
  it('debits at the operator, refuses what the operator refuses, pays the prize back through the operator and closes every entry round', async () => {
    const pit = s.app.token('pb1', 'pitboss');
    const tid = await createSitAndGo(s.app, pit, { name: 'Seamless SNG', buyInMinor: 1_000, feeMinor: 100, seatsPerTable: 6, minPlayers: 3, maxPlayers: 3, levelMs: 1 });
    const enter = (p: string) => s.app.http('POST', `/tournaments/${tid}/entries`, s.app.token(p, 'player'), { entryId: `e_${p}` });
    // the operator refuses a debit it cannot cover: coded, nothing posted, no entry
    expect((await enter('sg3')).body).toMatchObject({ code: 'SEAMLESS_DEBIT_REFUSED' });
    expect(ext('sg3')).toBe(500);
    expect(await uow().run((tx) => tx.ledger.entries(`tournament-entry:${tid}:e_sg3`))).toEqual([]);
    for (const p of ['bot_sg1', 'bot_sg2', 'bot_wallet1']) expect((await enter(p)).status).toBe(201);
    expect(ext('bot_sg1')).toBe(900);
    expect(s.sim.book.get('dbt_e_bot_sg1')).toMatchObject({ kind: 'debit', amountMinor: 1_100, round: `tournament:${tid}:e_bot_sg1` });
    const svc = s.app.get(TournamentService);
    expect(svc.stateOf(tid)?.status).toBe('running'); // a full sit-and-go starts at once
    for (let i = 0; i < 2_000 && svc.stateOf(tid)?.status === 'running'; i++) await svc.step(tid);
    const st = svc.stateOf(tid) as T.TournamentState;
    expect(st.status).toBe('finished');
    const won = (p: string): number => st.payouts.filter((x) => x.playerId === p).reduce((a, x) => a + x.amountMinor, 0);
    expect(won('bot_sg1') + won('bot_sg2') + won('bot_wallet1')).toBe(3_000);
    await s.seamless.sweep();
    for (const p of ['bot_sg1', 'bot_sg2']) {
      await s.until(`the closing credit of e_${p}`, async () => s.sim.book.get(`crd_e_${p}`)?.kind === 'credit');
      expect(s.sim.book.get(`crd_e_${p}`)).toMatchObject({ amountMinor: won(p), reference: `dbt_e_${p}` });
      expect(ext(p)).toBe(900 + won(p));
      expect(await s.app.balance(p)).toBe(0); // passed through, nothing left in transit
    }
    expect(await s.app.balance('bot_wallet1')).toBe(2_000 - 1_100 + won('bot_wallet1'));
    expect(await uow().run((tx) => tx.ledger.balance(`tournament:${tid}`, 'EUR'))).toBe(0);
    expect(await uow().run((tx) => tx.ledger.totals())).toEqual({ EUR: 0 });
    expect(await s.app.invariants()).toEqual([]);
  }, 60_000);
});
