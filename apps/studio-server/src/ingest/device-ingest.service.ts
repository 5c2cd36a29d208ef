import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { deviceTopicFilter, parseDeviceMessage, type DeviceEvent, type DeviceStatus } from '@felt/protocol';
import { Subject, type Subscription } from 'rxjs';
import { CLOCK, type Clock } from '../config/clock.js';
import { ROUNDS_ALERTS, ROUNDS_METRICS, type AlertInput, type AlertsPort, type RoundsMetricsPort } from '../rounds/rounds.ports.js';
import { RoundControlService } from '../rounds/round-control.service.js';
import { RoundsService } from '../rounds/rounds.service.js';
import type { Actor } from '../rounds/rounds.types.js';
import { TablesService } from '../tables/tables.service.js';
import { DeviceCommandsService } from './device-commands.service.js';
import { mapDeviceEvent } from './device-mapping.js';
import { INGEST_MQTT, INGEST_OPTIONS, type IngestOptions, type MessageListener, type MqttPort } from './mqtt.port.js';

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

/**
 * Device ingest (issue §7): subscribe to the canonical MQTT events, validate with libs/protocol,
 * de-duplicate by (deviceId, seq), report gaps, map to round commands. A malformed payload becomes a
 * device-fault alert for the pit boss and a `deviceFaults` metric — never a crash, never a silent drop.
 */
@Injectable()
export class DeviceIngestService implements OnApplicationBootstrap, OnModuleDestroy {
  readonly deviceStatus$ = new Subject<DeviceHealth>();
  private readonly log = new Logger('DeviceIngest');
  private readonly seqs = new Map<string, SeqTrack>();
  private readonly health = new Map<string, DeviceHealth>();
  private readonly ballRevs = new Map<string, { spin: number; revolutions: number }>();
  private readonly wheelDir = new Map<string, 'cw' | 'ccw'>();
  private listener: MessageListener | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private sub: Subscription | undefined;

  constructor(
    @Inject(INGEST_MQTT) private readonly mqtt: MqttPort,
    @Inject(INGEST_OPTIONS) private readonly opts: IngestOptions,
    @Inject(RoundsService) private readonly rounds: RoundsService,
    @Inject(RoundControlService) private readonly control: RoundControlService,
    @Inject(TablesService) private readonly tables: TablesService,
    @Inject(DeviceCommandsService) private readonly commands: DeviceCommandsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ROUNDS_ALERTS) private readonly alerts: AlertsPort,
    @Inject(ROUNDS_METRICS) private readonly metrics: RoundsMetricsPort,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.start();
  }

  /** Subscribe to events, status and acks of every table's devices. */
  async start(): Promise<void> {
    if (this.listener) return;
    const root = this.opts.root !== undefined ? { root: this.opts.root } : {};
    this.listener = (topic, payload) => {
      // Messages are handled one at a time in arrival order (the broker's per-device order is kept).
      this.chain = this.chain.then(() => this.handle(topic, payload)).catch((e: unknown) => this.log.error(`ingest of ${topic} failed: ${(e as Error).stack ?? String(e)}`));
    };
    this.mqtt.on('message', this.listener);
    await this.mqtt.subscribeAsync([deviceTopicFilter('events', {}, root), deviceTopicFilter('status', {}, root), deviceTopicFilter('acks', {}, root)], { qos: 1 });
  }

  onModuleDestroy(): void {
    if (this.listener) this.mqtt.removeListener('message', this.listener);
    this.listener = undefined;
    this.sub?.unsubscribe();
  }

  /** Wait until every message received so far is handled (tests, graceful shutdown). */
  async drain(): Promise<void> {
    await this.chain;
  }

  /** The wheel's rotation last reported (the ball is launched the other way, ROU-4). */
  wheelDirection(tableId: string): 'cw' | 'ccw' | undefined {
    return this.wheelDir.get(tableId);
  }

  devices(tableId?: string): DeviceHealth[] {
    return [...this.health.values()].filter((d) => tableId === undefined || d.tableId === tableId);
  }

  /** One MQTT message. Never throws. */
  async handle(topic: string, payload: Buffer | string): Promise<IngestOutcome> {
    const msg = parseDeviceMessage(topic, payload, this.opts.root !== undefined ? { root: this.opts.root } : {});
    if (!msg.ok) {
      const tableId = /\/tables\/([^/]+)\//.exec(topic)?.[1];
      return this.fault(msg.error.code, `Malformed device message on ${topic.slice(0, 160)}: ${msg.error.message}${msg.error.issues ? ` (${msg.error.issues.map((i) => `${i.path}: ${i.message}`).join('; ')})` : ''}`, tableId);
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
          await this.raise({ tableId: m.tableId, severity: m.status.state === 'fault' ? 'critical' : 'warning', code: m.status.state === 'fault' ? 'DEVICE_FAULT' : 'DEVICE_OFFLINE', message: `${m.deviceId} (${m.status.model}) is ${m.status.state}.` });
        }
        return { kind: 'handled' };
      }
      case 'events':
        return this.onEvent(m.event);
    }
  }

  private async onEvent(ev: DeviceEvent): Promise<IngestOutcome> {
    const t = await this.tables.get(ev.tableId);
    if (!t.ok) return this.fault('UNKNOWN_TABLE', `${ev.deviceId} published ${ev.type} for unknown table ${ev.tableId}.`, undefined);
    const table = t.value;
    if (!table.devices.some((d) => d.deviceId === ev.deviceId)) return this.fault('UNKNOWN_DEVICE', `${ev.deviceId} is not assigned to table ${table.name}; its ${ev.type} was not applied.`, table.tableId);

    // De-duplicate by (deviceId, seq) and report gaps (devices.md §1).
    const key = `${ev.tableId}/${ev.deviceId}`;
    const track = this.seqs.get(key);
    if (track?.seen.has(ev.seq)) return { kind: 'duplicate' };
    if (track && ev.seq > track.last + 1) {
      this.metrics.deviceFaults.inc({ code: 'seq_gap' });
      await this.raise({ tableId: ev.tableId, severity: 'warning', code: 'DEVICE_SEQ_GAP', message: `${ev.deviceId}: events ${track.last + 1}..${ev.seq - 1} never arrived (gap of ${ev.seq - track.last - 1}).` });
    }
    const tr = track ?? { last: ev.seq, seen: new Set<number>() };
    tr.seen.add(ev.seq);
    tr.last = Math.max(tr.last, ev.seq);
    if (tr.seen.size > SEEN_WINDOW) for (const s of tr.seen) if (s < tr.last - SEEN_WINDOW) tr.seen.delete(s);
    this.seqs.set(key, tr);
    const now = this.clock.now();
    const prev = this.health.get(key);
    this.health.set(key, { tableId: ev.tableId, deviceId: ev.deviceId, status: prev?.status ?? null, lastSeq: tr.last, lastEventAt: now });

    if (ev.type === 'shoe.inserted') this.rounds.markNewShoe(ev.tableId);
    if (ev.type === 'wheel.state') this.wheelDir.set(ev.tableId, ev.payload.direction);
    if (ev.type === 'wheel.ball') this.ballRevs.set(ev.tableId, { spin: ev.payload.spin, revolutions: ev.payload.revolutions });
    const revs = this.ballRevs.get(ev.tableId);
    // The server clock stamps every command (the edge clock is only informative).
    const action = mapDeviceEvent(ev, { game: table.game, ...(revs ? { ballRevolutions: revs } : {}) }, now);
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
            return this.fault('WRONG_ROUND', `${ev.deviceId} sent ${ev.type} for round ${action.forRoundId}, but the table's round is ${cur?.roundId ?? 'none'}.`, ev.tableId);
          }
        }
        const r = await this.rounds.execute(ev.tableId, action.command, actor, { causationId: `dev:${ev.deviceId}:${ev.seq}`, closesBetting: action.closesBetting });
        return this.outcome(ev, r);
      }
    }
  }

  private async outcome(ev: DeviceEvent, r: { ok: true; value: unknown } | { ok: false; violation: { code: string; ruleId: string | null; message: string } }): Promise<IngestOutcome> {
    if (r.ok) {
      const dup = (r.value as { duplicate?: boolean }).duplicate === true;
      return dup ? { kind: 'duplicate' } : { kind: 'applied', seq: ev.seq };
    }
    // A device event the round cannot take is never dropped silently: the pit boss sees why.
    await this.raise({ tableId: ev.tableId, severity: 'warning', code: 'DEVICE_EVENT_REJECTED', message: `${ev.deviceId} ${ev.type} (seq ${ev.seq}) was not applied: ${r.violation.code}${r.violation.ruleId ? ` (${r.violation.ruleId})` : ''} ${r.violation.message}` });
    return { kind: 'rejected', code: r.violation.code };
  }

  private async fault(code: string, message: string, tableId: string | undefined): Promise<IngestOutcome> {
    this.metrics.deviceFaults.inc({ code });
    await this.raise({ ...(tableId !== undefined ? { tableId } : {}), severity: 'warning', code: `DEVICE_${code}`, message });
    return { kind: 'fault', code };
  }

  private async raise(alert: AlertInput): Promise<void> {
    try {
      await this.alerts.raise(alert);
    } catch (e) {
      this.log.error(`alert ${alert.code} could not be raised: ${(e as Error).message}`);
    }
  }
}
