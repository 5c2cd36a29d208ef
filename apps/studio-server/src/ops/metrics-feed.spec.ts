import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { AlertsService } from '../alerts/alerts.service.js';
import { bootRoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { MetricsService } from './metrics.service.js';

/** Issue 22 §15: the series the alert rules and the floor dashboard read are fed by the real paths. */
describe('metrics for alerts and the floor (issue 22 §15)', () => {
  it('pit alerts by code, the WebSocket bet path latency and the connected sockets', async () => {
    const app = await bootRoundsApp();
    try {
      await app.get(AlertsService).raise({ severity: 'critical', code: 'PLAY_STALLED', message: 'test' });
      const s: Socket = io(app.url, { auth: { token: app.token('m1', 'player') }, transports: ['websocket'], reconnection: false, forceNew: true });
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      const ack = (await s.timeout(5000).emitWithAck('bet.place', { tableId: 'tbl_none', betId: 'm1_b1', spot: 'red', stakeMinor: 100 })) as { ok: boolean };
      expect(ack.ok).toBe(false);
      const text = await app.get(MetricsService).render();
      expect(text).toMatch(/felt_alerts_raised_total\{code="PLAY_STALLED",severity="critical"\} 1/);
      expect(text).toMatch(/felt_ws_message_duration_seconds_count\{message="bet.place",result="rejected"\} 1/);
      expect(text).toMatch(/felt_sockets_connected 1/);
      s.disconnect();
      await new Promise((r) => setTimeout(r, 100));
      expect(await app.get(MetricsService).render()).toMatch(/felt_sockets_connected 0/);
    } finally {
      await app.close();
    }
  });
});
