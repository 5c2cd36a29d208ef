import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import { FELT_CONFIG, settingOf, type FeltConfig } from '../config/config.js';
import { MetricsService } from '../ops/metrics.service.js';
import { CLOCK, type Clock } from '../shared/clock.js';
import { signedHeaders } from '../shared/signing.js';
import { ALERT_SEVERITIES, AlertsService, type Alert, type AlertSeverity } from './alerts.service.js';

/**
 * Issue 22 §15: pit alerts leave the building — every alert at or above FELT_ALERT_WEBHOOK_MIN_SEVERITY
 * (default `warning`) is POSTed to FELT_ALERT_WEBHOOK_URL as JSON `{type: "alert.raised" | "alert.acknowledged",
 * alert}`, signed like the operator calls (`X-Felt-Timestamp` + `X-Felt-Signature` = HMAC-SHA256 of
 * `<timestamp>.<body>` with FELT_ALERT_WEBHOOK_SECRET) and carrying `X-Felt-Delivery` (`<alertId>:<type>`, the
 * receiver's idempotency key: a retry is the same delivery). A delivery that fails (network, timeout, HTTP ≥ 300)
 * is retried with exponential backoff (1 s doubling to 60 s, 12 attempts ≈ 8 min), each attempt signed afresh;
 * after the last it is counted in `felt_alert_webhook_deliveries_total{result="dropped"}` and logged (the alert
 * itself stays in `GET /alerts`). The retries live in this process: a crash loses the pending ones (the Prometheus
 * rules in deploy/prometheus/alerts.yml are the durable path).
 */
export interface WebhookPolicy {
  readonly attempts: number;
  readonly backoffMs: number;
  readonly maxBackoffMs: number;
  readonly timeoutMs: number;
}

export const DEFAULT_WEBHOOK_POLICY: WebhookPolicy = { attempts: 12, backoffMs: 1_000, maxBackoffMs: 60_000, timeoutMs: 5_000 };
export const ALERT_WEBHOOK_POLICY = Symbol('ALERT_WEBHOOK_POLICY');

const rank = (s: AlertSeverity): number => ALERT_SEVERITIES.indexOf(s);

@Injectable()
export class AlertWebhook implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('AlertWebhook');
  private readonly subs: Subscription[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly alerts: AlertsService,
    @Inject(FELT_CONFIG) private readonly config: FeltConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(ALERT_WEBHOOK_POLICY) private readonly policy: WebhookPolicy = DEFAULT_WEBHOOK_POLICY,
    @Optional() @Inject(MetricsService) private readonly metrics: MetricsService | null = null,
  ) {}

  onModuleInit(): void {
    if (settingOf(this.config, 'alertWebhookUrl') === null) return;
    this.subs.push(this.alerts.alerts$.subscribe((a) => this.send('alert.raised', a)));
    this.subs.push(this.alerts.acks$.subscribe((a) => this.send('alert.acknowledged', a)));
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    for (const s of this.subs) s.unsubscribe();
    for (const t of this.timers) clearTimeout(t);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Waits for every delivery in flight or waiting for a retry (tests). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0 || this.timers.size > 0) await new Promise((r) => setTimeout(r, 5));
  }

  private send(type: 'alert.raised' | 'alert.acknowledged', alert: Alert): void {
    const min = settingOf(this.config, 'alertWebhookMinSeverity');
    if (rank(alert.severity) < rank(min)) return;
    const body = JSON.stringify({ type, alert });
    this.attempt(`${alert.alertId}:${type}`, body, 1);
  }

  private attempt(delivery: string, body: string, n: number): void {
    if (this.closed) return;
    const p = this.post(delivery, body).then((ok) => {
      this.inFlight.delete(p);
      if (ok) {
        this.metrics?.alertWebhookDeliveries.inc({ result: 'delivered' });
        return;
      }
      if (n >= this.policy.attempts) {
        this.metrics?.alertWebhookDeliveries.inc({ result: 'dropped' });
        this.log.error({ msg: 'alert webhook: delivery dropped after its last attempt', delivery, attempts: n });
        return;
      }
      this.metrics?.alertWebhookDeliveries.inc({ result: 'retried' });
      const wait = Math.min(this.policy.maxBackoffMs, this.policy.backoffMs * 2 ** (n - 1));
      const t = setTimeout(() => {
        this.timers.delete(t);
        this.attempt(delivery, body, n + 1);
      }, wait);
      this.timers.add(t);
    });
    this.inFlight.add(p);
  }

  private async post(delivery: string, body: string): Promise<boolean> {
    const url = settingOf(this.config, 'alertWebhookUrl');
    const secret = settingOf(this.config, 'alertWebhookSecret');
    if (url === null || secret === null) return false;
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), this.policy.timeoutMs);
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-felt-delivery': delivery, ...signedHeaders(secret, this.clock.now(), body) }, body, signal: ctrl.signal });
      await res.arrayBuffer().catch(() => undefined);
      return res.status < 300;
    } catch (_unreachable) {
      return false; // network error or timeout: retried
    } finally {
      clearTimeout(timer);
    }
  }
}
