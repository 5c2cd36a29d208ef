import { Injectable } from '@nestjs/common';
import { readdir } from 'node:fs/promises';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Default metrics that walk every handle or descriptor synchronously at each scrape (removed). */
export const SYNC_WALKS = ['felt_process_open_fds', 'felt_nodejs_active_handles', 'felt_nodejs_active_handles_total', 'felt_nodejs_active_resources', 'felt_nodejs_active_resources_total'] as const;

/** Prometheus metrics (issue §11). One registry per app instance (tests run several apps per process). */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly betsAccepted = new Counter({ name: 'felt_bets_accepted_total', help: 'Bets accepted', registers: [this.registry] });
  readonly betsRejected = new Counter({ name: 'felt_bets_rejected_total', help: 'Bets rejected, by rejection code', labelNames: ['code'] as const, registers: [this.registry] });
  readonly roundsTotal = new Counter({ name: 'felt_rounds_total', help: 'Rounds finished, by game and outcome', labelNames: ['game', 'outcome'] as const, registers: [this.registry] });
  readonly settlementLag = new Histogram({
    name: 'felt_settlement_lag_seconds',
    help: 'Seconds from a settlement being enqueued to its postings being committed',
    buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });
  readonly deviceFaults = new Counter({ name: 'felt_device_faults_total', help: 'Device faults, by code', labelNames: ['code'] as const, registers: [this.registry] });
  readonly settlementsFailed = new Counter({ name: 'felt_settlements_dead_lettered_total', help: 'Settlements that exhausted their attempts', registers: [this.registry] });

  /** REST latency per route (bets: `POST /tables/:id/bets`), observed when the response is finished (ops/app.factory.ts). */
  readonly httpDuration = new Histogram({
    name: 'felt_http_request_duration_seconds',
    help: 'REST request latency, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  /** Issue 22 §15: every pit alert as a series (settlement lag, dead letters, stalled rounds, device faults, wallet errors: deploy/prometheus/alerts.yml). */
  readonly alertsRaised = new Counter({ name: 'felt_alerts_raised_total', help: 'Pit alerts raised, by code and severity', labelNames: ['code', 'severity'] as const, registers: [this.registry] });
  /** Issue 22 §15: the WebSocket command path (bets: `bet.place`), from the message to its ack. */
  readonly wsMessageDuration = new Histogram({
    name: 'felt_ws_message_duration_seconds',
    help: 'WebSocket command latency (message to ack), by message and result',
    labelNames: ['message', 'result'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  /** Issue 22 §15: the alert webhook's deliveries (delivered, retried, dropped after the last attempt). */
  readonly alertWebhookDeliveries = new Counter({ name: 'felt_alert_webhook_deliveries_total', help: 'Alert webhook deliveries by result', labelNames: ['result'] as const, registers: [this.registry] });
  readonly socketsConnected = new Gauge({ name: 'felt_sockets_connected', help: 'WebSocket connections open on this instance', registers: [this.registry] });
  /** Issue 22 §15: seamless-wallet calls to operators, by kind (debit, credit, rollback, balance) and outcome. */
  readonly walletCalls = new Histogram({
    name: 'felt_wallet_call_duration_seconds',
    help: 'Seamless-wallet calls to the operator, by kind and outcome (done, refused, retry)',
    labelNames: ['kind', 'outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** Issue 25 §1: how long each "no more bets" waited for the bets that arrived before it (alert CLOSE_DRAIN_OVERRUN past its bound). */
  readonly closeDrain = new Histogram({
    name: 'felt_close_drain_seconds',
    help: 'Close barrier: seconds a close waited for the bets that arrived before it, by outcome (drained, overran)',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'felt_' });
    // Three of prom-client's defaults walk every handle or file descriptor on the loop at each scrape: at 10 000
    // joined players one scrape stopped the loop for 46 ms (the closing burst's profile: /proc/self/fd read with
    // readdirSync 20 ms, process._getActiveHandles twice 10 ms, getActiveResourcesInfo). The descriptor count stays,
    // read off the loop; the handle and resource counts go (felt_sockets_connected counts what matters here).
    for (const name of SYNC_WALKS) this.registry.removeSingleMetric(name);
    new Gauge({
      name: 'felt_process_open_fds',
      help: 'Number of open file descriptors (read asynchronously).',
      registers: [this.registry],
      async collect() {
        try {
          this.set((await readdir('/proc/self/fd')).length - 1); // less the directory's own descriptor
        } catch {
          // not Linux: no descriptor count
        }
      },
    });
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
