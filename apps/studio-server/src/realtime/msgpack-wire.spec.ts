import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { RealtimeClient } from '@felt-studio/client-sdk';
import { msgpackParser } from '@felt-studio/protocol/msgpack';
import type { RoundEventFrame } from '@felt-studio/protocol';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { testConfig } from '../config/config.js';

/** Issue 25 §2: FELT_WS_PARSER=msgpack — the realtime channel in binary MessagePack, the SDK speaking it with `parser`. */
describe('FELT_WS_PARSER=msgpack', () => {
  let app: RoundsApp;
  let tableId = '';
  const clients: RealtimeClient[] = [];
  beforeAll(async () => {
    app = await bootRoundsApp({ config: { settings: { ...testConfig().settings, wsParser: 'msgpack' } } });
    tableId = await app.openSicBoTable('msgpack wire');
    await app.deposit('p1', 100_000);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await app.close();
  });
  const client = (userId: string, role: 'player' | 'dealer'): RealtimeClient => {
    const c = new RealtimeClient({ baseUrl: app.url, token: app.token(userId, role), parser: msgpackParser, ackTimeoutMs: 10_000 });
    clients.push(c);
    return c;
  };

  it('a dealer opens a round and a player bets over the SDK with the msgpack parser: acks, errors and frames as with JSON', async () => {
    const dealer = client('dealer1', 'dealer');
    const player = client('p1', 'player');
    await Promise.all([dealer.waitConnected(10_000), player.waitConnected(10_000)]);
    await dealer.join(tableId);
    expect((await player.join(tableId)).tableId).toBe(tableId);
    const kinds = new Set<string>();
    player.socket.io.engine.on('packet', (pk: { type: string; data?: unknown }) => void (pk.type === 'message' && kinds.add(typeof pk.data === 'string' ? 'text' : 'binary')));
    const seen: RoundEventFrame[] = [];
    player.on('round.event', (f) => seen.push(f));
    await dealer.request('round.open', { tableId });
    const r = await player.request('bet.place', { tableId, betId: 'mp_1', spot: 'big', stakeMinor: 500 });
    expect(r.bets.map((b) => b.betId)).toEqual(['mp_1']);
    expect(r.totals).toEqual({ count: 1, stakedMinor: 500 });
    // the bettor's own frame came with the ack (one write) and was applied before it resolved
    const own = seen.find((f) => f.type === 'BetAccepted');
    expect((own?.event as { bet: { betId: string } } | undefined)?.bet.betId).toBe('mp_1');
    // a coded rejection, zod validation in the SDK and on the server, all through the binary parser
    const refused = await player.send('bet.place', { tableId, betId: 'mp_2', spot: 'small', stakeMinor: 500 });
    expect(refused.ok ? null : [refused.error.code, refused.error.ruleId]).toEqual(['RESTRICTED_COMBINATION', 'RES-3']);
    const invalid = (await player.socket.timeout(5_000).emitWithAck('table.presence', { tableId: 7 })) as { ok: boolean; error?: { code: string } };
    expect(invalid.error?.code).toBe('INVALID_INPUT');
    expect([...kinds]).toEqual(['binary']); // every socket.io packet was a binary MessagePack frame
  });

  it('a JSON client cannot talk to it (both ends must use the same parser)', async () => {
    const s = io(app.url, { auth: { token: app.token('p1', 'player') }, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 2_000 });
    const connected = await new Promise<boolean>((resolve) => {
      s.once('connect', () => resolve(true));
      s.once('connect_error', () => resolve(false));
      s.io.once('close', () => resolve(false));
      setTimeout(() => resolve(false), 3_000).unref();
    });
    s.disconnect();
    expect(connected).toBe(false);
  });
});
