import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealtimeClient, type IoFactory } from '@felt-studio/client-sdk';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { waitFor } from '../../../../test/support/studio-server/poker.acceptance.js';
import { AuthService } from '../auth/auth.service.js';
import { PokerModule } from '../poker/poker.module.js';
import { PokerTablesService } from '../poker/poker-tables.service.js';
import { PokerIntegrityModule } from './poker-integrity.module.js';
import { PokerIntegrityService } from './poker-integrity.service.js';

/**
 * Issue 23 §4, shared connections live: every player's socket carries its address (X-Forwarded-For through the
 * trusted proxies only — FELT_TRUST_PROXY, as for the rate limits) and the device id the SDK sends at connect,
 * hashed by the gateway; the poker table's owner keeps them per seat; the monitor reports two accounts at one
 * table from one address as POKER_COLLUSION_SUSPECTED once they are dealt in.
 */
describe('shared connections at a live poker table, from the socket to the alert (issue 23 §4)', () => {
  let app: RoundsApp;
  beforeAll(async () => {
    process.env['FELT_POKER_NEXT_HAND_MS'] = String(3_600_000);
    process.env['FELT_POKER_ROBOTS'] = '0';
    app = await bootRoundsApp({ imports: [PokerModule, PokerIntegrityModule], config: { trustProxy: 'loopback' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('two accounts from one address (behind the trusted proxy) are flagged together; a third from another address and device is not; no raw address is kept', async () => {
    const tableId = 'pk-shared';
    const pit = app.token('pitboss-shared', 'pitboss');
    const created = await app.http('POST', '/poker-tables', pit, { tableId, name: "Hold'em Shared", dealing: 'rng', config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 60_000 }, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const auth = app.get(AuthService);
    const who = [
      { seat: 1, xff: '198.51.100.7', device: 'dev_household_a' },
      { seat: 2, xff: '198.51.100.7', device: 'dev_household_b' },
      { seat: 3, xff: '203.0.113.50', device: 'dev_elsewhere_c' },
    ];
    const clients: RealtimeClient[] = [];
    try {
      for (const w of who) {
        const userId = `${tableId}-u${w.seat}`;
        await app.deposit(userId, 5000);
        // the browser behind a proxy: the proxy (loopback, trusted) names the client in X-Forwarded-For; the SDK sends its device id
        const via: IoFactory = (url, opts) => io(url, { ...opts, extraHeaders: { 'x-forwarded-for': w.xff, 'user-agent': 'Mozilla/5.0 (test)' }, auth: { ...(opts.auth as object), device: w.device } });
        const c = new RealtimeClient({ baseUrl: app.url, token: auth.sign({ userId, role: 'player', name: `Player ${w.seat}` }), io: via });
        clients.push(c);
        await c.poker('poker.join', { tableId });
        await c.poker('poker.sit', { tableId, seat: w.seat, buyInMinor: 2000, postToEnter: false });
      }
      const poker = app.get(PokerTablesService);
      const conns = poker.connectionsOf(tableId);
      expect(conns.map((c) => c.playerId).sort()).toEqual(['pk1', 'pk2', 'pk3']);
      const of = (k: string) => conns.find((c) => c.playerId === k)!;
      expect(of('pk1').ip).toBe(of('pk2').ip);
      expect(of('pk3').ip).not.toBe(of('pk1').ip);
      expect(new Set(conns.map((c) => c.device)).size).toBe(3);
      expect(JSON.stringify(conns)).not.toMatch(/198\.51|203\.0|127\.0|dev_/);

      // one hand dealt to all three (folded round to the big blind): the shared address is reported at once
      expect((await poker.startNextHand(tableId)).ok).toBe(true);
      for (let i = 0; i < 2; i++) {
        const h = poker.stateOf(tableId)!.hand!;
        const seat = h.seats[h.toAct!]!.seat;
        await clients[seat - 1]!.poker('poker.act', { tableId, handId: h.handId, action: 'fold' });
      }
      const monitor = app.get(PokerIntegrityService);
      await waitFor(() => monitor.tableReports().some((t) => t.tableId === tableId && t.report.findings.some((f) => f.kind === 'shared-connection')), 10_000, () => monitor.settled());
      const report = monitor.tableReports().find((t) => t.tableId === tableId)!.report;
      expect(report.findings.filter((f) => f.kind === 'shared-connection').map((f) => f.players)).toEqual([['pk1', 'pk2']]);
      expect(JSON.stringify(report)).not.toMatch(/198\.51|203\.0/);
      let alerts: { code: string; subject: string | null; message: string }[] = [];
      await waitFor(() => alerts.some((a) => a.subject === `${tableId}:shared-connection:pk1+pk2`), 5000, async () => {
        alerts = (await app.http('GET', `/alerts?tableId=${tableId}`, pit)).body as unknown as typeof alerts;
      });
      const a = alerts.find((x) => x.subject === `${tableId}:shared-connection:pk1+pk2`)!;
      expect(a.code).toBe('POKER_COLLUSION_SUSPECTED');
      expect(a.message).toContain('Player 1 and Player 2 share a connection');
    } finally {
      for (const c of clients) c.close();
    }
  }, 60_000);
});
