/**
 * MQTT topic layout v1 (docs/architecture.md "Transports", devices.md §1):
 * `felt/v1/tables/{tableId}/devices/{deviceId}/{events|status|commands|acks}`.
 * `root` can be overridden (e.g. a per-run prefix in integration tests); it defaults to `felt/v1`.
 */
export const TOPIC_ROOT = 'felt/v1';

export const DEVICE_TOPIC_KINDS = ['events', 'status', 'commands', 'acks'] as const;
export type DeviceTopicKind = (typeof DEVICE_TOPIC_KINDS)[number];

/** Table and device ids are single topic levels: no `/`, `+`, `#`, whitespace; 1–64 chars. */
export const TOPIC_ID_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

export interface TopicOptions {
  /** Topic root, default `felt/v1`. Must not end with `/`. */
  readonly root?: string;
}

export interface DeviceTopic {
  readonly tableId: string;
  readonly deviceId: string;
  readonly kind: DeviceTopicKind;
}

export function isTopicId(id: string): boolean {
  return TOPIC_ID_RE.test(id);
}

/** Build a device topic. Throws on an invalid id: building a topic from a bad id is a programmer error. */
export function deviceTopic(tableId: string, deviceId: string, kind: DeviceTopicKind, opts: TopicOptions = {}): string {
  if (!isTopicId(tableId)) throw new Error(`invalid tableId for an MQTT topic level: ${JSON.stringify(tableId)}`);
  if (!isTopicId(deviceId)) throw new Error(`invalid deviceId for an MQTT topic level: ${JSON.stringify(deviceId)}`);
  return `${opts.root ?? TOPIC_ROOT}/tables/${tableId}/devices/${deviceId}/${kind}`;
}

export const eventsTopic = (tableId: string, deviceId: string, opts?: TopicOptions): string => deviceTopic(tableId, deviceId, 'events', opts);
export const statusTopic = (tableId: string, deviceId: string, opts?: TopicOptions): string => deviceTopic(tableId, deviceId, 'status', opts);
export const commandsTopic = (tableId: string, deviceId: string, opts?: TopicOptions): string => deviceTopic(tableId, deviceId, 'commands', opts);
export const acksTopic = (tableId: string, deviceId: string, opts?: TopicOptions): string => deviceTopic(tableId, deviceId, 'acks', opts);

/**
 * Subscription filter with `+` wildcards, e.g. all events of all devices:
 * `deviceTopicFilter('events')` → `felt/v1/tables/+/devices/+/events`;
 * one table's devices: `deviceTopicFilter('events', { tableId: 'tbl_1' })`.
 */
export function deviceTopicFilter(kind: DeviceTopicKind | '+', sel: { tableId?: string; deviceId?: string } = {}, opts: TopicOptions = {}): string {
  const t = sel.tableId ?? '+';
  const d = sel.deviceId ?? '+';
  if (t !== '+' && !isTopicId(t)) throw new Error(`invalid tableId for an MQTT topic level: ${JSON.stringify(t)}`);
  if (d !== '+' && !isTopicId(d)) throw new Error(`invalid deviceId for an MQTT topic level: ${JSON.stringify(d)}`);
  return `${opts.root ?? TOPIC_ROOT}/tables/${t}/devices/${d}/${kind}`;
}

/** Parse a concrete device topic; null when it is not one of ours (never throws). */
export function parseDeviceTopic(topic: string, opts: TopicOptions = {}): DeviceTopic | null {
  const root = opts.root ?? TOPIC_ROOT;
  if (!topic.startsWith(`${root}/`)) return null;
  const parts = topic.slice(root.length + 1).split('/');
  if (parts.length !== 5 || parts[0] !== 'tables' || parts[2] !== 'devices') return null;
  const [, tableId, , deviceId, kind] = parts as [string, string, string, string, string];
  if (!isTopicId(tableId) || !isTopicId(deviceId)) return null;
  if (!(DEVICE_TOPIC_KINDS as readonly string[]).includes(kind)) return null;
  return { tableId, deviceId, kind: kind as DeviceTopicKind };
}
