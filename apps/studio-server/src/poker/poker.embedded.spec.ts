import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsTopic } from '@felt-studio/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { RealtimeClient } from '@felt-studio/client-sdk';
import { AuthService } from '../auth/auth.service.js';
import type { EmbeddedBroker } from '../mqtt/embedded-broker.js';
import { DeviceCredentialsService } from '../mqtt/device-credentials.js';
import { MQTT_BROKER } from '../shared/ports/mqtt.tokens.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { PokerModule } from './poker.module.js';
import { shoeDealer, sixPlayerHand, waitFor } from '../../../../test/support/studio-server/poker.acceptance.js';
import { PokerTablesService } from './poker-tables.service.js';

/**
 * Issue 11 acceptance on the embedded studio (in-memory stores): a 6-player Hold'em hand over socket.io
 * with the server's certified shuffle (an RNG table, S1-DEAL-1: the cards do not matter for the side
 * pots, which come from the stack sizes). Shoe-dealt: below (events published by the test), on
 * simulated devices in poker.devices.spec.ts, and on the real services in poker.int.spec.ts.
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

  it('poker.straddle over the socket (S1-STRADDLE): role-checked, schema-checked, and the pre-flop action starts after the straddler', async () => {
    const tableId = 'pk-emb-o';
    const pit = app.token('pitboss-poker', 'pitboss');
    const created = await app.http('POST', '/poker-tables', pit, { tableId, name: "Hold'em Ö", dealing: 'rng', config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 60_000, straddleTable: true }, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const auth = app.get(AuthService);
    const clients: RealtimeClient[] = [];
    try {
      for (const seat of [1, 2, 3]) {
        await app.deposit(`${tableId}-u${seat}`, 5000);
        const c = new RealtimeClient({ baseUrl: app.url, token: auth.sign({ userId: `${tableId}-u${seat}`, role: 'player', name: `Player ${seat}` }) });
        clients.push(c);
        await c.poker('poker.join', { tableId });
        await c.poker('poker.sit', { tableId, seat, buyInMinor: 2000, postToEnter: false });
      }
      const dealer = new RealtimeClient({ baseUrl: app.url, token: auth.sign({ userId: `${tableId}-dealer`, role: 'dealer', name: 'Dealer' }) });
      clients.push(dealer);
      await expect(dealer.poker('poker.straddle', { tableId, straddle: true })).rejects.toMatchObject({ rejection: { code: 'FORBIDDEN' } });
      await expect(clients[0]!.poker('poker.straddle', { tableId, straddle: 'yes' } as never)).rejects.toMatchObject({ rejection: { code: 'INVALID_INPUT' } });
      // three players: button 1, SB 2, BB 3 — the seat directly after the big blind is the button's (seat 1)
      const f = await clients[0]!.poker('poker.straddle', { tableId, straddle: true });
      expect(f.seats[0]).toMatchObject({ me: true, straddle: true });
      const service = app.get(PokerTablesService);
      expect((await service.startNextHand(tableId)).ok).toBe(true);
      const h = service.stateOf(tableId)!.hand!;
      expect(h.seats.map((x) => x.streetMinor)).toEqual([200, 50, 100]);
      expect(h.seats[h.toAct!]!.seat).toBe(2);
      const handId = h.handId;
      await expect(clients[0]!.poker('poker.act', { tableId, handId, action: 'call' })).rejects.toMatchObject({ rejection: { code: 'POKER_NOT_YOUR_TURN' } });
      const after = await clients[1]!.poker('poker.act', { tableId, handId, action: 'call' });
      expect(after.hand?.seats.find((x) => x.seat === 2)?.streetMinor).toBe(200);
      expect(service.stateOf(tableId)!.hand!.seats[service.stateOf(tableId)!.hand!.toAct!]!.seat).toBe(3);
    } finally {
      for (const c of clients) c.close();
    }
  });

  // (the full device path — ShoeSim bytes → edge agent → MQTT — is poker.devices.spec.ts; here the test publishes the canonical events itself)
  it('the same hand on a shoe table: canonical shoe.card events over MQTT with the table device credential; a card not due is refused', async () => {
    const cred = await app.get(DeviceCredentialsService).issue('pk-emb-shoe', 'shoe-1');
    const shoe: MqttClient = await mqtt.connectAsync(app.get<EmbeddedBroker>(MQTT_BROKER).url, { username: cred.username, password: cred.password, reconnectPeriod: 0 });
    try {
      await sixPlayerHand(app, { tableId: 'pk-emb-shoe', deal: shoeDealer(shoe, 'pk-emb-shoe', 'shoe-1') });
      // the hand is over: one card too many is refused (S1-DEAL-3) and the pit boss sees why
      const service = app.get(PokerTablesService);
      const dealt = service.stateOf('pk-emb-shoe')!.hand!.dealt.length;
      await shoe.publishAsync(eventsTopic('pk-emb-shoe', 'shoe-1'), JSON.stringify({ v: 1, tableId: 'pk-emb-shoe', deviceId: 'shoe-1', seq: 999, at: Date.now(), type: 'shoe.card', payload: { card: '2C', shoeIndex: 999 } }), { qos: 1 });
      let alerts: { code: string; message: string }[] = [];
      await waitFor(() => alerts.some((a) => a.code === 'DEVICE_EVENT_REFUSED'), 5000, async () => {
        alerts = (await app.http('GET', '/alerts?tableId=pk-emb-shoe', app.token('pit', 'pitboss'))).body as unknown as { code: string; message: string }[];
      });
      expect(alerts.find((a) => a.code === 'DEVICE_EVENT_REFUSED')?.message).toContain('POKER_NO_CARD_DUE');
      expect(service.stateOf('pk-emb-shoe')!.hand!.dealt.length).toBe(dealt);
    } finally {
      await shoe.endAsync();
    }
  });
});
