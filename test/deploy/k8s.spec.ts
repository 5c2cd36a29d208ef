/**
 * Issue 22 §14: the Kubernetes manifests. No cluster runs here, so CI checks what can be checked without
 * one: both overlays render with kustomize (`kubectl kustomize`, which ships kustomize), every rendered
 * object validates against the Kubernetes API schemas (the `kubernetes-models` package: the OpenAPI
 * schemas of the API, one validator per kind), and the deployment rules of the issue hold — probes on
 * the real liveness/readiness routes, a PodDisruptionBudget that selects the server, the migration Job,
 * settings the server's validated config knows, replicas and budgets per overlay.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ENV_SCHEMA } from '../../apps/studio-server/src/config/config.js';
import { OPERATIONS } from '../../apps/studio-server/src/openapi/operations.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

function render(overlay: string): K8sObject[] {
  const r = spawnSync('kubectl', ['kustomize', join(ROOT, 'deploy/k8s/overlays', overlay)], { encoding: 'utf8' });
  if (r.error) throw new Error(`kubectl (with its kustomize) is needed to render deploy/k8s (${r.error.message}); .ci/run installs it when missing`);
  expect(r.status, r.stderr).toBe(0);
  return parseAllDocuments(r.stdout).map((d) => d.toJSON() as K8sObject).filter((o) => o !== null);
}

/**
 * The kubernetes-models class for an object: `apps/v1` → kubernetes-models/apps/v1/<Kind>, `v1` → kubernetes-models/v1/<Kind>.
 * kubernetes-models 5 is ESM only (its exports have no `require` condition): imported, not required.
 */
async function validatorOf(o: K8sObject): Promise<(x: K8sObject) => void> {
  const mod = (await import(`kubernetes-models/${o.apiVersion}/${o.kind}`)) as Record<string, new (x: unknown) => { validate(): void }>;
  const Model = mod[o.kind];
  if (Model === undefined) throw new Error(`no schema for ${o.apiVersion} ${o.kind}`);
  return (x) => new Model(x).validate();
}

const byKind = (objs: K8sObject[], kind: string, name?: string): K8sObject[] => objs.filter((o) => o.kind === kind && (name === undefined || o.metadata.name === name));
const one = (objs: K8sObject[], kind: string, name: string): K8sObject => {
  const found = byKind(objs, kind, name);
  expect(found, `${kind}/${name}`).toHaveLength(1);
  return found[0] as K8sObject;
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** Settings the server reads beside ENV_SCHEMA (cluster identity: apps/studio-server/src/cluster). */
const CLUSTER_ENV = ['FELT_CLUSTER', 'FELT_INSTANCE_ID', 'FELT_MQTT_CLIENT_ID'];

describe.each(['demo', 'production'])('deploy/k8s/overlays/%s (issue 22 §14)', (overlay) => {
  const objs = render(overlay);

  it('every object validates against the Kubernetes API schema of its kind', async () => {
    expect(objs.length).toBeGreaterThan(5);
    for (const o of objs) {
      const validate = await validatorOf(o);
      expect(() => validate(o), `${o.kind}/${o.metadata.name}`).not.toThrow();
    }
  });

  it('the studio server: probes on /health/live and /health/ready, drain before stop, settings the server validates', () => {
    const dep = one(objs, 'Deployment', 'studio-server') as Any;
    const c = dep.spec.template.spec.containers[0];
    expect(c.livenessProbe.httpGet.path).toBe('/health/live');
    expect(c.readinessProbe.httpGet.path).toBe('/health/ready');
    expect(c.startupProbe.httpGet.path).toBe('/health/live');
    for (const p of ['/health/live', '/health/ready']) expect(Object.keys(OPERATIONS)).toContain(`GET ${p}`);
    const cfg = one(objs, 'ConfigMap', 'felt-config');
    const known = new Set([...Object.keys(ENV_SCHEMA.shape), ...CLUSTER_ENV]);
    for (const k of Object.keys(cfg.data ?? {})) expect(known.has(k), `${k} is not a setting the server knows`).toBe(true);
    // and the values pass the server's own schema (secrets aside, which the Secret supplies)
    const parsed = ENV_SCHEMA.safeParse(Object.fromEntries(Object.keys(ENV_SCHEMA.shape).map((k) => [k, cfg.data?.[k] ?? (k === 'DATABASE_URL' ? 'postgres://felt:x@postgres:5432/felt' : undefined)])));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(cfg.data?.['FELT_MIGRATE_ON_BOOT']).toBe('0');
    expect(Number(cfg.data?.['FELT_DRAIN_MS'])).toBeGreaterThan(0);
    expect(Number(cfg.data?.['FELT_DRAIN_MS']) / 1000 + 5).toBeLessThan(dep.spec.template.spec.terminationGracePeriodSeconds);
    expect(dep.spec.template.spec.containers[0].envFrom.map((e: Any) => e.secretRef?.name ?? e.configMapRef?.name)).toEqual(['felt-config', 'felt-secrets']);
  });

  it('a PodDisruptionBudget selects the server, the migration Job runs `felt migrate`, only the studio port is a Service of the server', () => {
    const dep = one(objs, 'Deployment', 'studio-server') as Any;
    const pdb = one(objs, 'PodDisruptionBudget', 'studio-server') as Any;
    expect(dep.spec.template.metadata.labels).toMatchObject(pdb.spec.selector.matchLabels);
    expect(pdb.spec.minAvailable).toBeLessThan(dep.spec.replicas);
    const job = one(objs, 'Job', 'felt-migrate') as Any;
    expect(job.spec.template.spec.containers[0].command).toEqual(['node', 'apps/cli/bin/felt.js', 'migrate']);
    for (const s of byKind(objs, 'Service') as Any[]) expect(s.spec.type ?? 'ClusterIP', s.metadata.name).toBe('ClusterIP');
    const svc = one(objs, 'Service', 'studio-server') as Any;
    expect(svc.spec.ports.map((p: Any) => p.targetPort)).toEqual(['http']);
  });

  if (overlay === 'production') {
    it('production: ≥ 3 replicas spread over nodes, PDB of 2, autoscaling from 3, managed services', () => {
      const dep = one(objs, 'Deployment', 'studio-server') as Any;
      expect(dep.spec.replicas).toBeGreaterThanOrEqual(3);
      expect(dep.spec.template.spec.topologySpreadConstraints.map((t: Any) => t.topologyKey)).toContain('kubernetes.io/hostname');
      expect((one(objs, 'PodDisruptionBudget', 'studio-server') as Any).spec.minAvailable).toBe(2);
      expect((one(objs, 'HorizontalPodAutoscaler', 'studio-server') as Any).spec.minReplicas).toBeGreaterThanOrEqual(3);
      expect(byKind(objs, 'StatefulSet')).toEqual([]); // no database in the cluster: managed ones
      expect(objs.every((o) => o.kind === 'Namespace' || o.metadata.namespace === 'felt')).toBe(true);
    });
  } else {
    it('demo: PostgreSQL, Redis with append-only persistence and Mosquitto beside the server', () => {
      const redis = one(objs, 'StatefulSet', 'redis') as Any;
      expect(redis.spec.template.spec.containers[0].args).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
      expect(redis.spec.volumeClaimTemplates[0].metadata.name).toBe('data');
      one(objs, 'StatefulSet', 'postgres');
      one(objs, 'Deployment', 'mosquitto');
      expect(objs.every((o) => o.kind === 'Namespace' || o.metadata.namespace === 'felt-demo')).toBe(true);
    });
  }
});

describe('the schema check can fail', () => {
  it('a Deployment with a port that is not a number is refused', async () => {
    const [dep] = byKind(render('demo'), 'Deployment', 'studio-server') as Any[];
    dep.spec.template.spec.containers[0].ports[0].containerPort = 'three thousand';
    const validate = await validatorOf(dep);
    expect(() => validate(dep)).toThrow(/containerPort/);
  });
});
