import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { gameDefinition, reporterRefusal, type DeviceKind } from '@felt-studio/games';
import { deviceTopicFilter, parseDeviceMessage, type DeviceEvent, type DeviceStatus } from '@felt-studio/protocol';
import { Subject, type Subscription } from 'rxjs';
import { CLOCK, type Clock } from '../shared/clock.js';
import { ROUNDS_ALERTS, ROUNDS_METRICS, type AlertInput, type AlertsPort, type RoundsMetricsPort } from '../shared/ports/rounds.ports.js';
import { RoundControlService } from '../rounds/round-control.service.js';
import { RoundsService } from '../rounds/rounds.service.js';
import type { Actor } from '../shared/command.types.js';
import { TablesService } from '../tables/tables.service.js';
import type { Table } from '../tables/table.model.js';
import { DeviceCommandsService } from './device-commands.service.js';
import { DeviceHints, type Hints } from './device-hints.js';
import { mapDeviceEvent } from './device-mapping.js';
import { RefusalAlerts } from './device-refusals.js';
import { INGEST_LINKS, INGEST_MQTT, INGEST_OPTIONS, type IngestLink, type IngestLinks, type IngestOptions, type MessageListener, type MqttPort } from '../shared/ports/mqtt.port.js';
import { withLogContext } from '../shared/log-context.js';
import { TABLE_OWNER_GUARD, type TableOwnerGuard } from '../shared/ports/cluster.port.js';

/** Tables whose devices this ingest serves outside the rounds' TablesService (live poker, issue 11). */
export interface DeviceEventSink {
  has(tableId: string): boolean;
  /** The kind of the table's device (DEV-AUTH-1), or null when the device is not the table's. */
  deviceKind(tableId: string, deviceId: string): DeviceKind | null;
  /** Event family → the device kinds that may report it at this table (DEV-AUTH-1, like a game's `devices.reporters`). */
  readonly reporters: Readonly<Record<string, readonly DeviceKind[]>>;
  /** A validated device event of the table (the server clock stamps what it does). */
  event(ev: DeviceEvent): Promise<{ ok: true; value: unknown } | { ok: false; violation: { code: string; ruleId: string | null; message: string } }>;
  /** The device's reported state changed (`fault`/`offline`: the sink decides to void or to wait). */
  status(tableId: string, deviceId: string, state: string): Promise<void>;
}

/** The table and device a topic is about (every log line of its handling carries them). */
const deviceIds = (topic: string): { tableId?: string; deviceId?: string } => {
  const m = /\/tables\/([^/]+)\/devices\/([^/]+)\//.exec(topic);
  return m ? { tableId: m[1], deviceId: m[2] } : {};
};

/** What happened to one MQTT message (returned for tests and logged; never thrown). */
export type IngestOutcome =
  | { readonly kind: 'applied'; readonly seq: number }
  | { readonly kind: 'duplicate' }
  | { readonly kind: 'rejected'; readonly code: string }
  | { readonly kind: 'fault'; readonly code: string }
  | { readonly kind: 'handled' };

export interface DeviceHealth {
  readonly tableId: string;
  readonly deviceId: string;
  readonly status: DeviceStatus | null;
  readonly lastSeq: number | null;
  readonly lastEventAt: number | null;
}

interface SeqTrack {
  last: number;
  readonly seen: Set<number>;
}

const SEEN_WINDOW = 4096;
/** Fault windows kept at most (forged topics with ever new device ids cannot grow it without bound). */
const MAX_FAULT_WINDOWS = 10_000;
const NO_TABLE = '(none)';

interface FaultWindow {
  until: number;
  suppressed: number;
}

/**
 * Device ingest (issue §7): subscribe to the canonical MQTT events, validate with libs/protocol,
 * de-duplicate by (deviceId, seq), report gaps, map to round commands. A malformed payload becomes a
 * device-fault alert for the pit boss and a `deviceFaults` metric — never a crash, never a silent drop.
 *
 * Issue 9 finding 4: one chain PER TABLE (a table whose chain is slow or blocked never delays another
 * table's events), and with `IngestLinks` one broker connection per table whose QoS 1 messages are
 * acknowledged only after their commit (finding 5). Faults (malformed, unknown device, refused event)
 * are counted on every message but alerted once per (device, code) and window (`faultWindowMs`): a
 * flood of 5 000 bad payloads is one alert row, and the next window's alert says how many were folded.
 */
@Injectable()
export class DeviceIngestService implements OnApplicationBootstrap, OnModuleDestroy {
  readonly deviceStatus$ = new Subject<DeviceHealth>();
  private readonly log = new Logger('DeviceIngest');
  private readonly seqs = new Map<string, SeqTrack>();
  private readonly health = new Map<string, DeviceHealth>();
  private readonly refusals = new RefusalAlerts();
  private listener: MessageListener | undefined;
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly links = new Map<string, Promise<IngestLink | null>>();
  private readonly faultWindows = new Map<string, FaultWindow>();
  private readonly faultTotals = new Map<string, number>();
  private started = false;
  private sub: Subscription | undefined;
  /** Tables served outside the rounds' TablesService (live poker, issue 11). */
  private readonly sinks: DeviceEventSink[] = [];

  constructor(
    @Inject(INGEST_MQTT) private readonly mqtt: MqttPort,
    @Inject(INGEST_OPTIONS) private readonly opts: IngestOptions,
    private readonly rounds: RoundsService,
    private readonly control: RoundControlService,
    private readonly tables: TablesService,
    private readonly commands: DeviceCommandsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ROUNDS_ALERTS) private readonly alerts: AlertsPort,
    @Inject(ROUNDS_METRICS) private readonly metrics: RoundsMetricsPort,
    private readonly hints: DeviceHints,
    @Optional() @Inject(INGEST_LINKS) private readonly ingestLinks: IngestLinks | null = null,
    @Optional() @Inject(TABLE_OWNER_GUARD) private readonly owner: TableOwnerGuard | null = null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.start();
  }

  /** A module with its own tables (live poker, issue 11) takes the events and status of their devices. */
  registerSink(sink: DeviceEventSink): void {
    this.sinks.push(sink);
  }

  /** Subscribe to one sink table's devices (per-table links; with the shared client every table already is). */
  linkSinkTable(tableId: string): void {
    if (this.owner === null) void this.linkTable(tableId);
  }

  /**
   * Subscribe to events, status and acks of every table's devices: with `IngestLinks`, one persistent
   * connection per table (opened at boot and when a table is created); otherwise on the shared client.
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const root = this.opts.root !== undefined ? { root: this.opts.root } : {};
    if (this.ingestLinks !== null && this.owner !== null) {
      // Several instances (issue 13): a table's device events are ingested by its owner only, in ONE
      // MQTT session per table whose client id is the same on every instance. The instance that takes a
      // table over resumes that persistent session: the broker hands it every QoS 1 message the dead
      // owner had not acknowledged (acked after commit) and everything published in between, so each
      // device event is handled once and none is lost in the takeover. A second connection with the
      // same client id makes the broker drop the first (a stale owner cannot keep ingesting).
      const owner = this.owner;
      this.sub = owner.ownership$.subscribe(({ tableId, owned }) => void (owned ? this.linkTable(tableId, owner.ingestSessionId(tableId)) : this.unlinkTable(tableId)));
      return;
    }
    if (this.ingestLinks !== null) {
      this.sub = this.tables.changes$.subscribe(({ after }) => void this.linkTable(after.tableId));
      await Promise.all((await this.tables.list()).map((t) => this.linkTable(t.tableId)));
      return;
    }
    this.listener = (topic, payload) => {
      this.submit(topic, payload).catch((e: unknown) => this.log.error(`ingest of ${topic} failed: ${(e as Error).stack ?? String(e)}`));
    };
    this.mqtt.on('message', this.listener);
    await this.mqtt.subscribeAsync([deviceTopicFilter('events', {}, root), deviceTopicFilter('status', {}, root), deviceTopicFilter('acks', {}, root)], { qos: 1 });
  }

  private async unlinkTable(tableId: string): Promise<void> {
    const l = this.links.get(tableId);
    this.links.delete(tableId);
    await (await l)?.close();
  }

  private linkTable(tableId: string, clientId?: string): Promise<IngestLink | null> {
    const have = this.links.get(tableId);
    if (have) return have;
    const links = this.ingestLinks;
    if (links === null) return Promise.resolve(null);
    const root = this.opts.root !== undefined ? { root: this.opts.root } : {};
    const opened = links
      .open(`t-${tableId}`, (['events', 'status', 'acks'] as const).map((k) => deviceTopicFilter(k, { tableId }, root)), async (topic, payload) => {
        // Several instances: a stale owner (lease lost, link not yet closed) leaves the message unacknowledged
        // in the table's session, for the owner that resumes it (issue 13).
        if (clientId !== undefined && this.owner !== null && !this.owner.owns(tableId)) throw new Error(`instance ${this.owner.instanceId} no longer owns table ${tableId}`);
        await this.submit(topic, payload);
      }, clientId !== undefined ? { clientId } : {})
      .catch((e: unknown) => {
        this.log.error(`ingest link for table ${tableId} could not be opened: ${(e as Error).message}`);
        this.links.delete(tableId);
        return null;
      });
    this.links.set(tableId, opened);
    return opened;
  }

  /**
   * Handle one message on its table's chain (arrival order per table). Resolves when it is committed or
   * definitively refused; rejects when it could not be handled (then it must not be acknowledged).
   */
  submit(topic: string, payload: Buffer | string): Promise<IngestOutcome> {
    const key = /\/tables\/([^/]+)\//.exec(topic)?.[1] ?? NO_TABLE;
    const prev = this.chains.get(key) ?? Promise.resolve();
    const run = prev.then(() => withLogContext(deviceIds(topic), () => this.handle(topic, payload)));
    const tail = run.catch(() => undefined);
    this.chains.set(key, tail);
    void tail.then(() => {
      if (this.chains.get(key) === tail) this.chains.delete(key);
    });
    return run;
  }

  async onModuleDestroy(): Promise<void> {
    if (this.listener) this.mqtt.removeListener('message', this.listener);
    this.listener = undefined;
    this.sub?.unsubscribe();
    const links = [...this.links.values()];
    this.links.clear();
    await Promise.all(links.map(async (l) => (await l)?.close()));
  }

  /** Wait until every message received so far is handled (tests, graceful shutdown). */
  async drain(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  /** Faults counted per `tableId/deviceId/code` since boot (every message, alerted or folded). */
  faultCounts(): ReadonlyMap<string, number> {
    return this.faultTotals;
  }

  /** What the table's game asked to remember from earlier device events (derived from stored events). */
  deviceHints(tableId: string): Promise<Hints> {
    return this.hints.of(tableId);
  }

  devices(tableId?: string): DeviceHealth[] {
    return [...this.health.values()].filter((d) => tableId === undefined || d.tableId === tableId);
  }

  /** One MQTT message. Never throws. */
  async handle(topic: string, payload: Buffer | string): Promise<IngestOutcome> {
    const msg = parseDeviceMessage(topic, payload, this.opts.root !== undefined ? { root: this.opts.root } : {});
    if (!msg.ok) {
      const tableId = /\/tables\/([^/]+)\//.exec(topic)?.[1];
      const deviceId = /\/devices\/([^/]+)\//.exec(topic)?.[1] ?? '?';
      return this.fault(msg.error.code, `Malformed device message on ${topic.slice(0, 160)}: ${msg.error.message}${msg.error.issues ? ` (${msg.error.issues.map((i) => `${i.path}: ${i.message}`).join('; ')})` : ''}`, tableId, deviceId);
    }
    const m = msg.value;
    switch (m.kind) {
      case 'acks':
        this.commands.onAck(m.tableId, m.deviceId, m.ack);
        return { kind: 'handled' };
      case 'commands':
        return { kind: 'handled' };
      case 'status': {
        const prev = this.health.get(`${m.tableId}/${m.deviceId}`);
        const h: DeviceHealth = { tableId: m.tableId, deviceId: m.deviceId, status: m.status, lastSeq: prev?.lastSeq ?? null, lastEventAt: prev?.lastEventAt ?? null };
        this.health.set(`${m.tableId}/${m.deviceId}`, h);
        this.deviceStatus$.next(h);
        if (m.status.state !== 'online' && prev?.status?.state !== m.status.state) {
          await this.raise({ tableId: m.tableId, severity: m.status.state === 'fault' ? 'critical' : 'warning', code: m.status.state === 'fault' ? 'DEVICE_FAULT' : 'DEVICE_OFFLINE', message: `${m.deviceId} (${m.status.model}) is ${m.status.state}.`, subject: m.deviceId });
        }
        // issue 20 defect 8: a device back online resolves its offline / fault alerts by itself
        if (m.status.state === 'online' && prev?.status?.state !== undefined && prev.status.state !== 'online') {
          try {
            await this.alerts.resolve?.(m.tableId, 'DEVICE_ONLINE', `${m.deviceId} is online again.`, m.deviceId);
          } catch (e) {
            this.log.error(`alerts of ${m.deviceId} could not be resolved: ${(e as Error).message}`);
          }
        }
        for (const sink of this.sinks) if (sink.has(m.tableId)) await sink.status(m.tableId, m.deviceId, m.status.state);
        return { kind: 'handled' };
      }
      case 'events':
        return this.onEvent(m.event);
    }
  }

  private async onEvent(ev: DeviceEvent): Promise<IngestOutcome> {
    const sink = this.sinks.find((x) => x.has(ev.tableId));
    if (sink) return this.onSinkEvent(sink, ev);
    const t = await this.tables.get(ev.tableId);
    if (!t.ok) return this.fault('UNKNOWN_TABLE', `${ev.deviceId} published ${ev.type} for unknown table ${ev.tableId}.`, undefined, ev.deviceId);
    const table = t.value;
    const device = table.devices.find((d) => d.deviceId === ev.deviceId);
    if (device === undefined) return this.fault('UNKNOWN_DEVICE', `${ev.deviceId} is not assigned to table ${table.name}; its ${ev.type} was not applied.`, table.tableId, ev.deviceId);

    // De-duplicate by (deviceId, seq) and report gaps (devices.md §1).
    const key = `${ev.tableId}/${ev.deviceId}`;
    const track = this.seqs.get(key);
    if (track?.seen.has(ev.seq)) return { kind: 'duplicate' };
    if (track && ev.seq > track.last + 1) {
      this.metrics.deviceFaults.inc({ code: 'seq_gap' });
      await this.raise({ tableId: ev.tableId, severity: 'warning', code: 'DEVICE_SEQ_GAP', message: `${ev.deviceId}: events ${track.last + 1}..${ev.seq - 1} never arrived (gap of ${ev.seq - track.last - 1}).` });
    }
    // DEV-AUTH-1 (NN-3): only a device of a kind the game lists for the event's family may report it.
    const refused = this.kindRefusal(table.game, table.name, device.kind, ev);
    const outcome = refused !== null ? await this.refuseKind(ev, refused) : await this.apply(ev, table);
    // Marked seen only once handled: a message that failed (database away) is delivered again and applied then.
    const tr = this.seqs.get(key) ?? { last: ev.seq, seen: new Set<number>() };
    tr.seen.add(ev.seq);
    tr.last = Math.max(tr.last, ev.seq);
    if (tr.seen.size > SEEN_WINDOW) for (const s of tr.seen) if (s < tr.last - SEEN_WINDOW) tr.seen.delete(s);
    this.seqs.set(key, tr);
    return outcome;
  }

  /** A sink table's device event: the same device check, de-duplication and refusal reporting as a round table's. */
  private async onSinkEvent(sink: DeviceEventSink, ev: DeviceEvent): Promise<IngestOutcome> {
    const kind = sink.deviceKind(ev.tableId, ev.deviceId);
    if (kind === null) return this.fault('UNKNOWN_DEVICE', `${ev.deviceId} is not the device of table ${ev.tableId}; its ${ev.type} was not applied.`, ev.tableId, ev.deviceId);
    const key = `${ev.tableId}/${ev.deviceId}`;
    const track = this.seqs.get(key);
    if (track?.seen.has(ev.seq)) return { kind: 'duplicate' };
    const refusal = reporterRefusal(sink.reporters, kind, ev.type);
    if (refusal !== null) return this.refuseKind(ev, kindMessage(ev, kind, `table ${ev.tableId}`, refusal.allowed));
    const prev = this.health.get(key);
    this.health.set(key, { tableId: ev.tableId, deviceId: ev.deviceId, status: prev?.status ?? null, lastSeq: Math.max(ev.seq, prev?.lastSeq ?? ev.seq), lastEventAt: this.clock.now() });
    const r = await sink.event(ev);
    const tr = track ?? { last: ev.seq, seen: new Set<number>() };
    tr.seen.add(ev.seq);
    tr.last = Math.max(tr.last, ev.seq);
    if (tr.seen.size > SEEN_WINDOW) for (const x of tr.seen) if (x < tr.last - SEEN_WINDOW) tr.seen.delete(x);
    this.seqs.set(key, tr);
    if (r.ok) return { kind: 'applied', seq: ev.seq };
    this.metrics.deviceFaults.inc({ code: 'event_rejected' });
    this.log.warn(`${ev.tableId}/${ev.deviceId} ${ev.type} (seq ${ev.seq}) not applied: ${r.violation.code} ${r.violation.message}`);
    await this.windowed(ev.deviceId, r.violation.code, { tableId: ev.tableId, severity: 'warning', code: 'DEVICE_EVENT_REFUSED', message: `${ev.deviceId} ${ev.type} refused: ${r.violation.code} ${r.violation.message}` });
    return { kind: 'rejected', code: r.violation.code };
  }

  /**
   * DEV-AUTH-1: why this device may not report this event at the table (the message names the device),
   * or null. The broker asks the same before it accepts the publish (`authorityRefusal`).
   */
  private kindRefusal(game: string, tableName: string, kind: DeviceKind, ev: { readonly type: string; readonly deviceId: string }): string | null {
    const def = gameDefinition(game);
    if (!def) return null; // the mapping raises UNKNOWN_GAME
    const r = reporterRefusal(def.devices.reporters, kind, ev.type);
    return r === null ? null : kindMessage(ev, kind, tableName, r.allowed);
  }

  /**
   * The broker's question before it accepts a device's event (DEV-AUTH-1): null = may publish; else the
   * refusal (raised as a critical alert naming the device, counted; the broker then closes the device's
   * connection). Unknown tables/devices are left to ingest (which raises its own fault).
   */
  async authorityRefusal(tableId: string, deviceId: string, type: string): Promise<string | null> {
    const sink = this.sinks.find((x) => x.has(tableId));
    let message: string | null = null;
    if (sink) {
      const kind = sink.deviceKind(tableId, deviceId);
      const r = kind === null ? null : reporterRefusal(sink.reporters, kind, type);
      message = r === null || kind === null ? null : kindMessage({ type, deviceId }, kind, `table ${tableId}`, r.allowed);
    } else {
      const t = await this.tables.get(tableId);
      const device = t.ok ? t.value.devices.find((d) => d.deviceId === deviceId) : undefined;
      message = t.ok && device !== undefined ? this.kindRefusal(t.value.game, t.value.name, device.kind, { type, deviceId }) : null;
    }
    if (message !== null) {
      this.metrics.deviceFaults.inc({ code: 'KIND_REFUSED' });
      this.log.warn(`${tableId}/${deviceId} ${type} refused by the broker: ${message}`);
      await this.windowed(deviceId, 'KIND_REFUSED', { tableId, severity: 'critical', code: 'DEVICE_KIND_REFUSED', message: `${message} (refused by the broker; the device was disconnected)` });
    }
    return message;
  }

  private async refuseKind(ev: DeviceEvent, message: string): Promise<IngestOutcome> {
    this.metrics.deviceFaults.inc({ code: 'KIND_REFUSED' });
    this.log.warn(`${ev.tableId}/${ev.deviceId} ${ev.type} (seq ${ev.seq}) refused: ${message}`);
    await this.windowed(ev.deviceId, 'KIND_REFUSED', { tableId: ev.tableId, severity: 'critical', code: 'DEVICE_KIND_REFUSED', message });
    return { kind: 'rejected', code: 'DEVICE_KIND_REFUSED' };
  }

  private async apply(ev: DeviceEvent, table: Table): Promise<IngestOutcome> {
    const key = `${ev.tableId}/${ev.deviceId}`;
    const now = this.clock.now();
    const prev = this.health.get(key);
    this.health.set(key, { tableId: ev.tableId, deviceId: ev.deviceId, status: prev?.status ?? null, lastSeq: Math.max(ev.seq, prev?.lastSeq ?? ev.seq), lastEventAt: now });

    if (ev.type === 'shoe.inserted') this.rounds.markNewShoe(ev.tableId);
    // The server clock stamps every command (the edge clock is only informative).
    const action = mapDeviceEvent(ev, { game: table.game, hints: await this.hints.remember(ev, table.game, now) }, now);
    const actor: Actor = { userId: ev.deviceId, role: 'device' };
    switch (action.kind) {
      case 'track':
        return { kind: 'handled' };
      case 'alert':
        if (action.fault) this.metrics.deviceFaults.inc({ code: action.code });
        await this.raise({ tableId: ev.tableId, severity: action.severity, code: action.code, message: action.message });
        return action.fault ? { kind: 'fault', code: action.code } : { kind: 'handled' };
      case 'open-round':
        return this.outcome(ev, await this.rounds.openRound(ev.tableId, actor));
      case 'close-betting':
        return this.outcome(ev, await this.control.closeBetting(ev.tableId, actor));
      case 'void-request':
        return this.outcome(ev, await this.control.requestVoid(ev.tableId, { userId: `dealer@${ev.deviceId}`, role: 'dealer' }, action.reason));
      case 'command': {
        if (action.forRoundId !== undefined) {
          const cur = await this.rounds.currentRound(ev.tableId);
          if (cur?.roundId !== action.forRoundId) {
            // devices.md §5: a dice result counts only for the round its shake command carried.
            return this.fault('WRONG_ROUND', `${ev.deviceId} sent ${ev.type} for round ${action.forRoundId}, but the table's round is ${cur?.roundId ?? 'none'}.`, ev.tableId, ev.deviceId);
          }
        }
        const r = await this.rounds.execute(ev.tableId, action.command, actor, { causationId: `dev:${ev.deviceId}:${ev.seq}`, closesBetting: action.closesBetting, table });
        return this.outcome(ev, r);
      }
    }
  }

  private async outcome(ev: DeviceEvent, r: { ok: true; value: unknown } | { ok: false; violation: { code: string; ruleId: string | null; message: string } }): Promise<IngestOutcome> {
    if (r.ok) {
      const dup = (r.value as { duplicate?: boolean }).duplicate === true;
      return dup ? { kind: 'duplicate' } : { kind: 'applied', seq: ev.seq };
    }
    // A device event the round cannot take is never dropped silently: the pit boss sees why (an
    // out-of-phase device result once per round, RefusalAlerts); it is always logged and counted.
    this.metrics.deviceFaults.inc({ code: 'event_rejected' });
    this.log.warn(`${ev.tableId}/${ev.deviceId} ${ev.type} (seq ${ev.seq}) not applied: ${r.violation.code} ${r.violation.message}`);
    const alert = this.refusals.alertFor(ev, r.violation, (await this.rounds.currentRound(ev.tableId))?.roundId ?? null);
    if (alert) await this.raise(alert);
    return { kind: 'rejected', code: r.violation.code };
  }

  private async fault(code: string, message: string, tableId: string | undefined, deviceId: string): Promise<IngestOutcome> {
    this.metrics.deviceFaults.inc({ code });
    await this.windowed(deviceId, code, { ...(tableId !== undefined ? { tableId } : {}), severity: 'warning', code: `DEVICE_${code}`, message });
    return { kind: 'fault', code };
  }

  /** Counted always; alerted once per (table, device, code) and window, the next alert telling how many were folded. */
  private async windowed(deviceId: string, code: string, alert: AlertInput): Promise<void> {
    const key = `${alert.tableId ?? NO_TABLE}/${deviceId}/${code}`;
    this.faultTotals.set(key, (this.faultTotals.get(key) ?? 0) + 1);
    const now = this.clock.now();
    const w = this.faultWindows.get(key);
    if (w !== undefined && now < w.until) {
      w.suppressed += 1;
      return;
    }
    if (this.faultWindows.size >= MAX_FAULT_WINDOWS) {
      for (const [k, v] of this.faultWindows) if (v.until <= now) this.faultWindows.delete(k);
      if (this.faultWindows.size >= MAX_FAULT_WINDOWS) this.faultWindows.clear();
    }
    const folded = w?.suppressed ?? 0;
    this.faultWindows.set(key, { until: now + (this.opts.faultWindowMs ?? 60_000), suppressed: 0 });
    await this.raise(folded > 0 ? { ...alert, message: `${alert.message} (${folded} more like it in the previous window)` } : alert);
  }

  private async raise(alert: AlertInput): Promise<void> {
    try {
      await this.alerts.raise(alert);
    } catch (e) {
      this.log.error(`alert ${alert.code} could not be raised: ${(e as Error).message}`);
    }
  }
}

/** The alert text of a DEV-AUTH-1 refusal: which device, of which kind, tried what, and who may. */
function kindMessage(ev: { readonly type: string; readonly deviceId: string }, kind: DeviceKind, where: string, allowed: readonly DeviceKind[]): string {
  return `DEV-AUTH-1: device ${ev.deviceId} (kind ${kind}) may not report ${ev.type} at ${where}; only ${allowed.join(' or ')} devices may. Nothing was applied — check the device and its credential.`;
}
