import { readFileSync } from 'node:fs';
import { TOPIC_ID_RE } from '@felt-studio/protocol';
import { z } from 'zod';

/**
 * Edge-agent configuration: one table, its devices, the broker. Config as code (W-6): the wheel's
 * desired operating mode and `*T` parameters live here and are compared with the wheel on connect.
 */
const id = z.string().regex(TOPIC_ID_RE, 'ids are 1-64 chars of A-Z a-z 0-9 _ . : -');

export const wheelDesiredSchema = z.object({
  /** Operating mode sum (devices.md §2), typical integration value 1159 = 1+2+4+128+1024. */
  operatingMode: z.number().int().min(0).max(65535).default(1159),
  /** `*T` parameters by letter, e.g. { "A": 60, "D": 8 } (letters case-insensitive). */
  params: z.record(z.string().regex(/^[A-Za-z]$/, 'a *T parameter is one letter'), z.union([z.string().min(1), z.number().int()]).transform(String)).default({}),
});

const trackerSchema = z
  .object({
    launchFailGraceMs: z.number().int().min(1),
    noBallMs: z.number().int().min(1),
    confirmWindowMs: z.number().int().min(1),
  })
  .partial();

const common = {
  deviceId: id,
  /** Serial device path, e.g. /dev/ttyUSB0 or a pty link. */
  path: z.string().min(1),
  baudRate: z.number().int().positive().default(9600),
  /** No byte for this long → status offline (0 = never). */
  silenceMs: z.number().int().min(0).optional(),
  /**
   * This device's own MQTT credential, issued by the server (`felt device-credentials issue`; username
   * `{tableId}/{deviceId}`). Overrides `mqtt.username`/`mqtt.password`; the broker lets a device publish
   * only its own topics (issue 9 finding 1).
   */
  credentials: z.object({ username: z.string().min(1), password: z.string().min(1) }).strict().optional(),
};

export const deviceConfigSchema = z.discriminatedUnion('model', [
  z.object({
    model: z.literal('ss2-wheel'),
    ...common,
    desired: wheelDesiredSchema.default({ operatingMode: 1159, params: {} }),
    /** W-2/W-4 timeouts (defaults from the spec: 3 s, 5 s, 1.5 s). */
    tracker: trackerSchema.optional(),
    replyTimeoutMs: z.number().int().min(1).optional(),
    /** Tracker timeout resolution (default 100 ms). */
    tickMs: z.number().int().min(1).optional(),
    /** W-4: send `*R` on miss-spin / persisting launch failure / lost ball (default true). */
    autoReset: z.boolean().optional(),
  }),
  z.object({ model: z.literal('felt-shoe'), ...common }),
  z.object({ model: z.literal('felt-timer'), ...common, debounceMs: z.number().int().min(0).optional() }),
]);

export const agentConfigSchema = z
  .object({
    tableId: id,
    mqtt: z.object({ url: z.string().min(1), username: z.string().optional(), password: z.string().optional(), topicRoot: z.string().min(1).optional() }),
    /** Where the outboxes and seq counters live (survive restarts). */
    dataDir: z.string().min(1),
    devices: z.array(deviceConfigSchema).min(1),
  })
  .refine((c) => new Set(c.devices.map((d) => d.deviceId)).size === c.devices.length, { message: 'deviceIds must be unique', path: ['devices'] });

export type AgentConfig = z.infer<typeof agentConfigSchema>;
export type AgentConfigInput = z.input<typeof agentConfigSchema>;
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;
export type DeviceModel = DeviceConfig['model'];

export function parseConfig(raw: unknown): { ok: true; config: AgentConfig } | { ok: false; error: string } {
  const r = agentConfigSchema.safeParse(raw);
  if (r.success) return { ok: true, config: r.data };
  return { ok: false, error: r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ') };
}

export function loadConfig(path: string): AgentConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`cannot read edge-agent config ${path}: ${(e as Error).message}`);
  }
  const r = parseConfig(raw);
  if (!r.ok) throw new Error(`invalid edge-agent config ${path}: ${r.error}`);
  return r.config;
}
