import type { z } from 'zod';
import { parseError, parsed, type ParseResult } from '../common/result.js';
import { deviceAckSchema, deviceCommandSchema, deviceStatusSchema, type DeviceAck, type DeviceCommand, type DeviceStatus, DEVICE_COMMAND_TYPES } from './control.schema.js';
import { DEVICE_EVENT_TYPES, deviceEventSchema, envelopeHeaderSchema, type DeviceEvent } from './events.schema.js';
import { deviceTopic, parseDeviceTopic, type TopicOptions } from './topics.js';

export const DEVICE_MESSAGE_ERROR_CODES = ['INVALID_TOPIC', 'MALFORMED_JSON', 'SCHEMA_MISMATCH', 'UNKNOWN_TYPE', 'TOPIC_MISMATCH'] as const;
export type DeviceMessageErrorCode = (typeof DEVICE_MESSAGE_ERROR_CODES)[number];

interface Addressed {
  readonly tableId: string;
  readonly deviceId: string;
}
export type DeviceMessage =
  | (Addressed & { readonly kind: 'events'; readonly event: DeviceEvent })
  | (Addressed & { readonly kind: 'status'; readonly status: DeviceStatus })
  | (Addressed & { readonly kind: 'commands'; readonly command: DeviceCommand })
  | (Addressed & { readonly kind: 'acks'; readonly ack: DeviceAck });

const MAX_PAYLOAD_BYTES = 64 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function issuesOf(err: z.ZodError): { path: string; message: string }[] {
  return err.issues.slice(0, 10).map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

function decodeJson(bytes: Uint8Array | string): ParseResult<unknown, DeviceMessageErrorCode> {
  let text: string;
  if (typeof bytes === 'string') text = bytes;
  else {
    if (bytes.byteLength > MAX_PAYLOAD_BYTES) return parseError('MALFORMED_JSON', `payload of ${bytes.byteLength} bytes exceeds ${MAX_PAYLOAD_BYTES}`);
    try {
      text = utf8.decode(bytes);
    } catch (_e) {
      return parseError('MALFORMED_JSON', 'payload is not valid UTF-8');
    }
  }
  if (text.length > MAX_PAYLOAD_BYTES) return parseError('MALFORMED_JSON', `payload of ${text.length} chars exceeds ${MAX_PAYLOAD_BYTES}`);
  try {
    return parsed(JSON.parse(text) as unknown);
  } catch (e) {
    return parseError('MALFORMED_JSON', `payload is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function typeOf(x: unknown): string | undefined {
  return typeof x === 'object' && x !== null && 'type' in x && typeof (x as { type: unknown }).type === 'string' ? (x as { type: string }).type : undefined;
}

/**
 * Validate one MQTT message at the edge where it enters (STYLE.md habit 4). Never throws.
 * Errors: INVALID_TOPIC (not a v1 device topic), MALFORMED_JSON, SCHEMA_MISMATCH, UNKNOWN_TYPE (event or command
 * type not in the v1 set), TOPIC_MISMATCH (the event's tableId/deviceId differ from the topic's — a device may
 * publish only under its own ids).
 */
export function parseDeviceMessage(topic: string, bytes: Uint8Array | string, opts: TopicOptions = {}): ParseResult<DeviceMessage, DeviceMessageErrorCode> {
  const t = parseDeviceTopic(topic, opts);
  if (t === null) return parseError('INVALID_TOPIC', `"${topic.slice(0, 200)}" is not a ${opts.root ?? 'felt/v1'} device topic`);
  const json = decodeJson(bytes);
  if (!json.ok) return json;
  const data = json.value;
  const addr = { tableId: t.tableId, deviceId: t.deviceId };
  switch (t.kind) {
    case 'events': {
      const head = envelopeHeaderSchema.safeParse(data);
      if (!head.success) return parseError('SCHEMA_MISMATCH', 'event envelope does not match v1 {v:1, tableId, deviceId, seq, at, type, payload}', issuesOf(head.error));
      if (!(DEVICE_EVENT_TYPES as readonly string[]).includes(head.data.type)) return parseError('UNKNOWN_TYPE', `unknown device event type "${head.data.type.slice(0, 64)}"`);
      const full = deviceEventSchema.safeParse(data);
      if (!full.success) return parseError('SCHEMA_MISMATCH', `payload of ${head.data.type} does not match its v1 schema`, issuesOf(full.error));
      if (full.data.tableId !== t.tableId || full.data.deviceId !== t.deviceId) {
        return parseError('TOPIC_MISMATCH', `event for ${full.data.tableId}/${full.data.deviceId} published on the topic of ${t.tableId}/${t.deviceId}`);
      }
      return parsed({ ...addr, kind: 'events', event: full.data });
    }
    case 'status': {
      const s = deviceStatusSchema.safeParse(data);
      if (!s.success) return parseError('SCHEMA_MISMATCH', 'status does not match v1 {state, model, firmware, configHash, at}', issuesOf(s.error));
      return parsed({ ...addr, kind: 'status', status: s.data });
    }
    case 'commands': {
      const type = typeOf(data);
      if (type !== undefined && !(DEVICE_COMMAND_TYPES as readonly string[]).includes(type)) return parseError('UNKNOWN_TYPE', `unknown device command type "${type.slice(0, 64)}"`);
      const c = deviceCommandSchema.safeParse(data);
      if (!c.success) return parseError('SCHEMA_MISMATCH', 'command does not match v1 {id, type, payload}', issuesOf(c.error));
      return parsed({ ...addr, kind: 'commands', command: c.data });
    }
    case 'acks': {
      const a = deviceAckSchema.safeParse(data);
      if (!a.success) return parseError('SCHEMA_MISMATCH', 'ack does not match v1 {id, ok, error?}', issuesOf(a.error));
      return parsed({ ...addr, kind: 'acks', ack: a.data });
    }
  }
}

/** Topic + JSON payload for an event (edge agent side). */
export function eventMessage(event: DeviceEvent, opts?: TopicOptions): { topic: string; payload: string } {
  return { topic: deviceTopic(event.tableId, event.deviceId, 'events', opts), payload: JSON.stringify(event) };
}
