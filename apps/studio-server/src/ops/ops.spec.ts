import { Controller, Get, Module } from '@nestjs/common';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MQTT_CLIENT } from '../shared/ports/mqtt.tokens.js';
import { InsufficientFunds } from '../shared/ports/persistence.port.js';
import { DomainError } from '../shared/domain-error.js';
import { MetricsService } from './metrics.service.js';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';

@Controller('test-errors')
class ThrowingController {
  @Get('domain')
  domain(): never {
    throw new DomainError(422, { code: 'COVERAGE_LIMIT', ruleId: 'RES-1', message: 'bets may not cover more than 92 % of the options' });
  }
  @Get('funds')
  funds(): never {
    throw new InsufficientFunds('player:p1', 500, 100);
  }
  @Get('boom')
  boom(): never {
    throw new Error('database exploded: secret detail');
  }
}
@Module({ controllers: [ThrowingController] })
class ThrowingModule {}

describe('ops surface: /health, /metrics, /docs, error mapping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ imports: [ThrowingModule] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /health answers 200 {status:"ok"} when db, broker and queue are reachable', async () => {
    const res = await fetch(`${t.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', db: 'up', redis: 'up', broker: 'up', queue: 'up', info: { db: { status: 'up' }, broker: { status: 'up' } }, error: {} });
  });

  it('GET /metrics exposes bets accepted/rejected by code, rounds, settlement lag and device faults', async () => {
    const m = t.get(MetricsService);
    m.betsAccepted.inc();
    m.betsRejected.inc({ code: 'BETTING_CLOSED' });
    m.roundsTotal.inc({ game: 'roulette', outcome: 'settled' });
    m.deviceFaults.inc({ code: 'MALFORMED_PAYLOAD' });
    m.settlementLag.observe(0.2);
    const res = await fetch(`${t.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('felt_bets_accepted_total 1');
    expect(text).toContain('felt_bets_rejected_total{code="BETTING_CLOSED"} 1');
    expect(text).toContain('felt_rounds_total{game="roulette",outcome="settled"} 1');
    expect(text).toContain('felt_device_faults_total{code="MALFORMED_PAYLOAD"} 1');
    expect(text).toContain('felt_settlement_lag_seconds_count 1');
    // REST latency per matched route (the /health call of the test before)
    expect(text).toMatch(/felt_http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} [1-9]/);
  });

  it('serves the OpenAPI document at /docs (UI) and /docs/json', async () => {
    expect((await fetch(`${t.url}/docs`)).status).toBe(200);
    const doc = (await (await fetch(`${t.url}/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/metrics', '/auth/login', '/wallet/me', '/wallet/deposit', '/alerts', '/audit', '/admin/ledger/check']));
  });

  it('maps a module error to its 4xx with {code, ruleId, message}', async () => {
    const res = await fetch(`${t.url}/test-errors/domain`);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: 'COVERAGE_LIMIT', ruleId: 'RES-1', message: 'bets may not cover more than 92 % of the options' });
    const funds = await fetch(`${t.url}/test-errors/funds`);
    expect(funds.status).toBe(409);
    expect(await funds.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', ruleId: 'GEN-4' });
  });

  it('turns an unknown error into a 500 without leaking its details', async () => {
    const res = await fetch(`${t.url}/test-errors/boom`);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ code: 'INTERNAL', ruleId: null, message: 'internal error' });
    expect(body).not.toContain('secret');
  });

  it('answers an unknown route with 404 NOT_FOUND in the same error shape', async () => {
    const res = await fetch(`${t.url}/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', ruleId: null });
  });

  // Last: it takes the broker connection down.
  it('GET /health answers 503 naming the component that is down', async () => {
    await t.get<MqttClient>(MQTT_CLIENT).endAsync(true);
    const res = await fetch(`${t.url}/health`);
    expect(res.status).toBe(503);
    // Terminus's shape (error per component with its message) plus the flat fields
    expect(await res.json()).toMatchObject({ status: 'error', db: 'up', broker: 'down', queue: 'up', error: { broker: { status: 'down', message: 'mqtt client is not connected' } }, details: { broker: 'mqtt client is not connected' } });
  });
});

describe('health of Redis through Terminus (issue 12 point 5)', () => {
  it('reports redis down (503) with the reason when REDIS_URL points at nothing, and up without REDIS_URL', async () => {
    const { createServer } = await import('node:net');
    // a port that refuses: listen, take the number, close
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const a = s.address();
        s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
      });
    });
    const { Test } = await import('@nestjs/testing');
    const { TerminusModule } = await import('@nestjs/terminus');
    const { HealthService } = await import('./health.service.js');
    const { FELT_CONFIG, testConfig } = await import('../config/config.js');
    const boot = async (redisUrl: string | null) => {
      const m = await Test.createTestingModule({ imports: [TerminusModule.forRoot({ logger: false })], providers: [HealthService, { provide: FELT_CONFIG, useValue: testConfig({ redisUrl }) }] }).compile();
      await m.init();
      const h = m.get(HealthService);
      for (const c of ['db', 'broker', 'queue'] as const) h.register(c, async () => undefined);
      return { h, m };
    };
    const down = await boot(`redis://127.0.0.1:${port}`);
    const r = await down.h.check(1500);
    await down.m.close();
    expect(r).toMatchObject({ status: 'error', redis: 'down', db: 'up', broker: 'up', queue: 'up' });
    expect(r.details.redis).toMatch(/ECONNREFUSED|timed out|connect/i);
    const none = await boot(null);
    expect(await none.h.check()).toMatchObject({ status: 'ok', redis: 'up' });
    await none.m.close();
  });
});
