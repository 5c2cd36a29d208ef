import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../config/config.js';
import { MetricsService } from '../ops/metrics.service.js';
import { SequentialIds, systemClock } from '../shared/clock.js';
import { signBody } from '../shared/signing.js';
import { AlertWebhook } from './alert-webhook.js';
import { AlertsService, InMemoryAlertsRepository } from './alerts.service.js';

const SECRET = 'webhook-secret-webhook-secret-0001';

interface Received {
  readonly delivery: string;
  readonly body: string;
  readonly ts: string;
  readonly sig: string;
}

/** A receiver answering the given statuses in turn (then 200). */
async function receiver(statuses: number[]): Promise<{ url: string; got: Received[]; server: Server }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ delivery: String(req.headers['x-felt-delivery']), body, ts: String(req.headers['x-felt-timestamp']), sig: String(req.headers['x-felt-signature']) });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, server };
}

/** Issue 22 §15: pit alerts to an outgoing webhook — signed, filtered by severity, retried, idempotent per delivery. */
describe('the alert webhook', () => {
  const servers: Server[] = [];
  const hooks: AlertWebhook[] = [];
  afterEach(async () => {
    for (const h of hooks.splice(0)) await h.onApplicationShutdown();
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  });

  const setup = (url: string, attempts = 5) => {
    const metrics = new MetricsService();
    const alerts = new AlertsService(new InMemoryAlertsRepository(), systemClock, new SequentialIds());
    const hook = new AlertWebhook(alerts, testConfig({ settings: { alertWebhookUrl: url, alertWebhookSecret: SECRET, alertWebhookMinSeverity: 'warning' } }), systemClock, { attempts, backoffMs: 5, maxBackoffMs: 20, timeoutMs: 1_000 }, metrics);
    hook.onModuleInit();
    hooks.push(hook);
    return { alerts, hook, metrics };
  };

  it('sends warnings and criticals (not info), signed afresh on every attempt, retried until the receiver takes it; the acknowledgement follows', async () => {
    const r = await receiver([500, 503]);
    servers.push(r.server);
    const { alerts, hook, metrics } = setup(r.url);
    await alerts.raise({ severity: 'info', code: 'SHOE_INSERTED', message: 'shoe in', tableId: 't1' });
    const a = await alerts.raise({ severity: 'critical', code: 'DEVICE_KIND_REFUSED', message: 'timer-1 sent wheel.result', tableId: 't1' });
    await hook.drain();
    expect(r.got).toHaveLength(3); // two failures, then delivered
    expect(new Set(r.got.map((g) => g.delivery))).toEqual(new Set([`${a.alertId}:alert.raised`]));
    for (const g of r.got) expect(g.sig).toBe(signBody(SECRET, Number(g.ts), g.body));
    expect(JSON.parse(r.got[2]!.body)).toMatchObject({ type: 'alert.raised', alert: { alertId: a.alertId, code: 'DEVICE_KIND_REFUSED', severity: 'critical', tableId: 't1' } });

    await alerts.acknowledge(a.alertId, { userId: 'pitboss1', name: 'Pit Boss One', role: 'pitboss' }, 'seen');
    await hook.drain();
    expect(r.got.at(-1)).toMatchObject({ delivery: `${a.alertId}:alert.acknowledged` });
    const counts = await metrics.registry.getSingleMetricAsString('felt_alert_webhook_deliveries_total');
    expect(counts).toContain('result="delivered"} 2');
    expect(counts).toContain('result="retried"} 2');
  });

  it('a receiver that never takes it: dropped after the last attempt (counted), the alert stays stored', async () => {
    const r = await receiver([500, 500, 500, 500]);
    servers.push(r.server);
    const { alerts, hook, metrics } = setup(r.url, 3);
    await alerts.raise({ severity: 'warning', code: 'PLAY_STALLED', message: 'no result', tableId: 't2' });
    await hook.drain();
    expect(r.got).toHaveLength(3);
    expect(await metrics.registry.getSingleMetricAsString('felt_alert_webhook_deliveries_total')).toContain('result="dropped"} 1');
    expect(await alerts.list()).toHaveLength(1);
  });

  it('the configuration needs the secret with the URL', async () => {
    const { configFromEnv } = await import('../config/config.js');
    expect(() => configFromEnv({ FELT_ALERT_WEBHOOK_URL: 'https://pager.example/hook' })).toThrow(/FELT_ALERT_WEBHOOK_SECRET/);
    expect(configFromEnv({ FELT_ALERT_WEBHOOK_URL: 'https://pager.example/hook', FELT_ALERT_WEBHOOK_SECRET: SECRET }).settings?.alertWebhookMinSeverity).toBe('warning');
  });
});
