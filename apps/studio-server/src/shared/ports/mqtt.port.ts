/**
 * The part of an mqtt.js `MqttClient` the ingest side uses (STYLE.md habit 7: mqtt only in ingest).
 * The platform's MQTT_CLIENT satisfies it; unit tests use `LoopbackMqtt`.
 */
export type MessageListener = (topic: string, payload: Buffer) => void;

export interface MqttPort {
  subscribeAsync(topic: string | string[], opts?: { qos: 0 | 1 | 2 }): Promise<unknown>;
  publishAsync(topic: string, message: string | Buffer, opts?: { qos: 0 | 1 | 2; retain?: boolean }): Promise<unknown>;
  on(event: 'message', cb: MessageListener): unknown;
  removeListener(event: 'message', cb: MessageListener): unknown;
}

/** Topic root and timings of the ingest side (tests use a per-run root so parallel runs never collide). */
export interface IngestOptions {
  readonly root?: string;
  /** A device command not acknowledged within this is reported to the pit boss. */
  readonly ackTimeoutMs: number;
  /** Device faults are alerted once per (device, code) within this window (default 60 s); every one is counted. */
  readonly faultWindowMs?: number;
}

/**
 * A message handler that resolves once the message is committed (or definitively refused) and
 * rejects when it could not be handled (e.g. the database is away): the message is then not
 * acknowledged and the broker delivers it again (issue 9 finding 5).
 */
export type CommitHandler = (topic: string, payload: Buffer) => Promise<void>;

export interface IngestLink {
  close(): Promise<void>;
}

/**
 * One broker connection per table for ingest (issue 9 findings 4 and 5): a persistent session with a
 * stable client id (`<base>-<name>`), QoS 1 acknowledged only after `onMessage` resolved. MQTT.js
 * handles one incoming packet at a time per connection until it is acknowledged, so acking after the
 * commit on ONE shared connection would make a slow table delay every other table; a connection per
 * table keeps each table's chain its own.
 */
export interface IngestLinks {
  /** `opts.clientId`: the session's whole client id (several instances share a table's session, issue 13). */
  open(name: string, filters: readonly string[], onMessage: CommitHandler, opts?: { readonly clientId?: string }): Promise<IngestLink>;
}

export const INGEST_MQTT = Symbol('INGEST_MQTT');
/** `IngestLinks` (null: ingest listens on the shared INGEST_MQTT client, e.g. the unit tests' LoopbackMqtt). */
export const INGEST_LINKS = Symbol('INGEST_LINKS');
export const INGEST_OPTIONS = Symbol('INGEST_OPTIONS');

const matches = (filter: string, topic: string): boolean => {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
};

/** In-process broker stand-in for unit tests: delivers published messages to matching subscriptions. */
export class LoopbackMqtt implements MqttPort {
  private readonly filters = new Set<string>();
  private readonly listeners = new Set<MessageListener>();
  readonly published: { topic: string; message: string }[] = [];
  async subscribeAsync(topic: string | string[]): Promise<unknown> {
    for (const t of Array.isArray(topic) ? topic : [topic]) this.filters.add(t);
    return [];
  }
  async publishAsync(topic: string, message: string | Buffer): Promise<unknown> {
    const text = typeof message === 'string' ? message : message.toString('utf8');
    this.published.push({ topic, message: text });
    if ([...this.filters].some((f) => matches(f, topic))) for (const l of this.listeners) l(topic, Buffer.from(text));
    return undefined;
  }
  on(_event: 'message', cb: MessageListener): unknown {
    this.listeners.add(cb);
    return this;
  }
  removeListener(_event: 'message', cb: MessageListener): unknown {
    this.listeners.delete(cb);
    return this;
  }
}
