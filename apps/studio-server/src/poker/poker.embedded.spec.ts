import { afterAll, beforeAll, describe, it } from 'vitest';
import { bootRoundsApp, type RoundsApp } from '../realtime/testing/app-harness.js';
import { PokerModule } from './poker.module.js';
import { sixPlayerHand } from './poker.acceptance.js';

/**
 * Issue 11 acceptance on the embedded studio (in-memory stores): a 6-player Hold'em hand over socket.io
 * with the server's certified shuffle (an RNG table, S1-DEAL-1: the cards do not matter for the side
 * pots, which come from the stack sizes). The shoe-dealt variant runs in poker.int.spec.ts.
 */
describe('live poker: a 6-player hand over socket.io (RNG table, in-memory)', () => {
  let app: RoundsApp;
  beforeAll(async () => {
    process.env['FELT_POKER_NEXT_HAND_MS'] = String(3_600_000);
    process.env['FELT_POKER_ROBOTS'] = '0';
    app = await bootRoundsApp({ imports: [PokerModule] });
  });
  afterAll(async () => {
    await app.close();
  });

  it('side pots, rake to the house, the ledger balanced, and nobody saw another hole card before showdown', async () => {
    await sixPlayerHand(app, { tableId: 'pk-emb-1' });
  });
});
