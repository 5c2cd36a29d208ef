import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertsService } from '../alerts/alerts.service.js';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';
import { BettingModule } from '../betting/betting.module.js';
import { IngestModule } from '../ingest/ingest.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { AuthService } from './auth.service.js';

/**
 * The socket auth race (issue 9): a token whose signature is valid but whose user the store refuses
 * (deleted, disabled, revoked during the handshake) never gets a frame, even for messages sent before
 * the store answered.
 */
describe('a socket whose token the user store refuses receives nothing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ imports: [RoundsModule, BettingModule, IngestModule, RealtimeModule], config: { demo: false, allowUnknownTokenUsers: false } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('messages sent at once are answered UNAUTHENTICATED, a pit boss token never joins the alert room', async () => {
    const ghost = t.get(AuthService).sign({ userId: 'usr_ghost', role: 'pitboss', name: 'Ghost' });
    const frames: string[] = [];
    const s: Socket = io(t.url, { auth: { token: ghost }, transports: ['websocket'], reconnection: false, forceNew: true });
    s.onAny((name: string) => frames.push(name));
    const ack = await new Promise<{ ok: boolean; error?: { code: string } }>((resolve) => {
      s.once('connect', () => {
        void (s.timeout(5_000).emitWithAck('table.join', { tableId: 'tbl_x' }) as Promise<{ ok: boolean; error?: { code: string } }>).then(resolve, () => resolve({ ok: false, error: { code: 'DISCONNECTED' } }));
      });
    });
    expect(ack.ok).toBe(false);
    expect(['UNAUTHENTICATED', 'DISCONNECTED']).toContain(ack.error?.code);
    await t.get(AlertsService).raise({ severity: 'critical', code: 'TEST_ALERT', message: 'for pit bosses only' });
    await new Promise((r) => setTimeout(r, 200));
    expect(frames.filter((f) => f !== 'error')).toEqual([]);
    s.disconnect();
  });
});
