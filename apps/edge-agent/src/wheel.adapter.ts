import { createHash } from 'node:crypto';
import {
  LineFramer,
  assertNever,
  encodeSs2Command,
  parseSs2Line,
  ss2CommandLetter,
  wheelTracker,
  type DeviceCommand,
  type DeviceEventBody,
  type FramerOutput,
  type Ss2Command,
  type Ss2Frame,
  type WheelTrackerConfig,
  type WheelTrackerState,
} from '@felt-studio/protocol';
import { SerialAdapter, type AdapterOptions } from './adapter.js';
import type { CommandResult } from './device-link.js';

/**
 * SS2-compatible roulette wheel adapter (devices.md §2).
 * - W-1…W-4 come from the pure `wheelTracker` of @felt-studio/protocol: every framed line is parsed and
 *   stepped; a periodic `tick` lets the timeouts (flag 8 > 3 s, state 4 + flag 1 > 5 s, the W-2
 *   confirmation window) fire during silence.
 * - W-5: see SerialAdapter (reader → bounded queue → publisher).
 * - W-6 config as code: on every (re)connect read firmware (`*S`), operating mode (`*O`) and the
 *   configured `*T` parameters, compare with the desired config, apply (`*o`, `*t…`), store (`*T f`),
 *   verify, and alarm on drift (a `device.fault` with `ruleId: 'W-6'`, status `fault` while it persists).
 *   Then `*I 4` turns on the sensor stream for revolution counting (W-3).
 * - Commands: `wheel.launch` → `*u 1|3`, `wheel.void-spin` → `*R`, `wheel.power` → `*P 1|0`, acked
 *   after the wheel's `OK` / `NO` / `BUSY` reply or a timeout.
 */
export interface WheelDesiredConfig {
  readonly operatingMode: number;
  /** `*T` parameters by letter (case-insensitive), values as the wheel prints them. */
  readonly params: Readonly<Record<string, string>>;
}

export interface WheelAdapterOptions extends AdapterOptions {
  readonly desired: WheelDesiredConfig;
  readonly tracker?: Partial<WheelTrackerConfig>;
  /** How long to wait for a command reply (the wheel answers in 30–130 ms). Default 1000. */
  readonly replyTimeoutMs?: number;
  /** Tracker timeout resolution. Default 100 ms. */
  readonly tickMs?: number;
  /** `*o` / `*T f` refused with BUSY mid-game: retry this often, this many times. */
  readonly busyRetryMs?: number;
  readonly busyRetries?: number;
  /**
   * W-4 vendor rules that end in `*R`: a miss-spin (flag 2), a launch failing beyond 3 s (flag 8) and a
   * lost ball (state 4 + flag 1 > 5 s) void the spin at the wheel, so no result can come from it. The
   * fault event still tells the server (re-spin / void the round). Default true.
   */
  readonly autoReset?: boolean;
}

type Reply = { readonly kind: 'frame'; readonly frame: Ss2Frame } | { readonly kind: 'timeout' } | { readonly kind: 'error'; readonly error: string };

interface Pending {
  readonly letter: string;
  readonly resolve: (r: Reply) => void;
  readonly timer: NodeJS.Timeout;
}

/** The `*O` (read operating mode) reply `*O <sum>`: not a frame of the codec (which knows the `*o` echo). */
const READ_MODE_REPLY = /^\s*\*O (\d{1,5})\s*$/;

/** Short hash of a wheel configuration (mode + `*T` params; letters and numbers normalised), shown in the status. */
export function wheelConfigHash(c: { readonly operatingMode: number; readonly params: Readonly<Record<string, string | number>> }): string {
  const params = Object.entries(c.params)
    .map(([k, v]) => [k.toUpperCase(), normaliseValue(String(v))] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return createHash('sha256').update(JSON.stringify({ operatingMode: c.operatingMode, params })).digest('hex').slice(0, 16);
}

function normaliseValue(v: string): string {
  const t = v.trim();
  return /^-?\d+$/.test(t) ? String(Number(t)) : t;
}

export class WheelAdapter extends SerialAdapter {
  private readonly framer = new LineFramer();
  private tracker: WheelTrackerState;
  private readonly desired: WheelDesiredConfig;
  private readonly replyTimeoutMs: number;
  private readonly tickMs: number;
  private readonly busyRetryMs: number;
  private readonly busyRetries: number;
  private pending: Pending | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private ticker: NodeJS.Timeout | null = null;
  private connectEpoch = 0;
  private driftAlarms = 0;
  private readonly autoReset: boolean;
  /** Lines framed from the wheel (nothing lost: equals what the wheel sent). */
  linesIn = 0;
  autoResets = 0;
  /** Firmware and verified configuration of the wheel (W-6), null until read. */
  firmware: string | null = null;
  actualConfig: WheelDesiredConfig | null = null;
  /** Resolves when the connect-time configuration (W-6) of the current connection finished. */
  configured: Promise<void> = Promise.resolve();

  constructor(opts: WheelAdapterOptions) {
    super(opts);
    this.desired = { operatingMode: opts.desired.operatingMode, params: Object.fromEntries(Object.entries(opts.desired.params).map(([k, v]) => [k.toUpperCase(), String(v)])) };
    this.tracker = wheelTracker.init(opts.tracker);
    this.replyTimeoutMs = opts.replyTimeoutMs ?? 1000;
    this.tickMs = opts.tickMs ?? 100;
    this.busyRetryMs = opts.busyRetryMs ?? 1000;
    this.busyRetries = opts.busyRetries ?? 30;
    this.autoReset = opts.autoReset ?? true;
  }

  get trackerState(): WheelTrackerState {
    return this.tracker;
  }

  override start(): void {
    super.start();
    if (this.ticker === null) {
      this.ticker = setInterval(() => this.tick(), this.tickMs);
      this.ticker.unref();
    }
  }

  override stop(opts: { flush?: boolean } = {}): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.failPending('adapter stopped');
    super.stop(opts);
  }

  private tick(): void {
    const at = this.now();
    const r = wheelTracker.tick(this.tracker, at);
    this.tracker = r.state;
    if (r.emits.length > 0) {
      this.enqueue(r.emits, at);
      this.vendorRules(r.emits);
    }
  }

  /** W-4: the wheel-side part of the vendor exception rules (see `autoReset`). */
  private vendorRules(evs: readonly DeviceEventBody[]): void {
    if (!this.autoReset) return;
    for (const e of evs) {
      if (e.type !== 'wheel.fault') continue;
      const code = e.payload.code;
      if (code !== 'miss_spin' && code !== 'launch_failed' && code !== 'no_ball') continue;
      this.autoResets += 1;
      this.log.log('warn', `W-4: ${code}: sending *R to void the spin at the wheel`, { spin: e.payload.spin });
      void this.request({ type: 'reset' }).then((r) => {
        if (r.kind !== 'frame' || r.frame.type !== 'ok') this.log.log('error', `W-4: *R after ${code} not confirmed`, { reply: describe(r) });
      });
    }
  }

  protected decode(chunk: Buffer, at: number): DeviceEventBody[] {
    const out: DeviceEventBody[] = [];
    for (const o of this.framer.feed(chunk)) this.line(o, at, out);
    if (out.length > 0) this.vendorRules(out);
    return out;
  }

  private line(o: FramerOutput, at: number, out: DeviceEventBody[]): void {
    this.linesIn += 1;
    if (o.type === 'line') {
      const m = READ_MODE_REPLY.exec(o.text);
      if (m) {
        // `*O <sum>`: the answer to our own read; it carries nothing for the tracker.
        this.reply('O', { type: 'mode', sum: Number(m[1]) });
        return;
      }
    }
    const frame = o.type === 'line' ? parseSs2Line(o.text) : o;
    const r = wheelTracker.step(this.tracker, frame, at);
    this.tracker = r.state;
    out.push(...r.emits);
    if (frame.type !== 'overlong') this.routeReply(frame);
  }

  private routeReply(f: Ss2Frame): void {
    switch (f.type) {
      case 'ok':
      case 'no':
      case 'busy':
        return this.reply(f.command, f);
      case 'mode':
        // `*o <sum>` answers both the set (`*o <sum>`) and the read (`*O`).
        return this.reply(this.pending?.letter === 'O' ? 'O' : 'o', f);
      case 'firmware':
        return this.reply(f.command, f);
      case 'param':
        return this.reply('T', f);
      case 'status':
      case 'number':
      case 'fault':
      case 'sensor':
      case 'pocket':
      case 'unparsable':
        return;
    }
    assertNever(f, 'SS2 frame');
  }

  private reply(letter: string, frame: Ss2Frame): void {
    const p = this.pending;
    if (p === null || p.letter !== letter) return;
    this.pending = null;
    clearTimeout(p.timer);
    p.resolve({ kind: 'frame', frame });
  }

  private failPending(error: string): void {
    const p = this.pending;
    if (p === null) return;
    this.pending = null;
    clearTimeout(p.timer);
    p.resolve({ kind: 'error', error });
  }

  /** Send one command and wait for its reply. Commands go one at a time (replies carry only a letter). */
  private request(cmd: Ss2Command): Promise<Reply> {
    const run = (): Promise<Reply> => {
      const letter = cmd.type === 'get_mode' ? 'O' : ss2CommandLetter(cmd);
      if (letter === null) return Promise.resolve({ kind: 'error', error: 'unknown command' });
      const w = this.writeLine(encodeSs2Command(cmd));
      if (!w.ok) return Promise.resolve({ kind: 'error', error: w.error });
      this.tracker = wheelTracker.sent(this.tracker, cmd, this.now());
      return new Promise<Reply>((resolve) => {
        const timer = setTimeout(() => {
          if (this.pending?.timer === timer) this.pending = null;
          resolve({ kind: 'timeout' });
        }, this.replyTimeoutMs);
        this.pending = { letter, resolve, timer };
      });
    };
    const p = this.chain.then(run, run);
    this.chain = p;
    return p;
  }

  private async requestRetryingBusy(cmd: Ss2Command, epoch: number): Promise<Reply> {
    for (let i = 0; ; i++) {
      const r = await this.request(cmd);
      if (r.kind !== 'frame' || r.frame.type !== 'busy' || i >= this.busyRetries || epoch !== this.connectEpoch || this.stopped) return r;
      await new Promise((res) => setTimeout(res, this.busyRetryMs));
    }
  }

  protected override onConnected(): void {
    const epoch = ++this.connectEpoch;
    this.configured = this.configure(epoch).catch((e: Error) => this.log.log('error', 'W-6 configuration failed', { error: e.message }));
  }

  protected override onDisconnected(): void {
    this.connectEpoch += 1;
    this.failPending('serial port closed');
  }

  private async readConfig(epoch: number): Promise<WheelDesiredConfig | string> {
    const mode = await this.request({ type: 'get_mode' });
    if (mode.kind !== 'frame' || mode.frame.type !== 'mode') return `cannot read the operating mode (*O): ${describe(mode)}`;
    const params: Record<string, string> = {};
    for (const name of Object.keys(this.desired.params)) {
      if (epoch !== this.connectEpoch) return 'serial port closed';
      const r = await this.request({ type: 'get_param', name });
      if (r.kind !== 'frame' || r.frame.type !== 'param' || r.frame.name !== name) return `cannot read parameter *T${name}: ${describe(r)}`;
      params[name] = normaliseValue(r.frame.value);
    }
    return { operatingMode: mode.frame.sum, params };
  }

  private diff(actual: WheelDesiredConfig): string[] {
    const out: string[] = [];
    if (actual.operatingMode !== this.desired.operatingMode) out.push(`operating mode ${actual.operatingMode} ≠ ${this.desired.operatingMode}`);
    for (const [k, v] of Object.entries(this.desired.params)) {
      if (actual.params[k] !== normaliseValue(v)) out.push(`*T${k} ${actual.params[k] ?? '(missing)'} ≠ ${normaliseValue(v)}`);
    }
    return out;
  }

  /** W-6: read, compare, apply, store, verify, alarm. Then W-3's `*I 4`. */
  private async configure(epoch: number): Promise<void> {
    const fw = await this.request({ type: 'firmware', which: 'S' });
    if (epoch !== this.connectEpoch) return;
    this.firmware = fw.kind === 'frame' && fw.frame.type === 'firmware' ? fw.frame.text : null;
    if (this.firmware === null) this.log.log('warn', 'W-6: firmware (*S) not readable', { reply: describe(fw) });
    const before = await this.readConfig(epoch);
    if (epoch !== this.connectEpoch) return;
    let problems: string[] = [];
    if (typeof before === 'string') problems.push(before);
    else {
      const drift = this.diff(before);
      if (drift.length > 0) {
        this.driftAlarms += 1;
        this.log.log('warn', 'W-6: wheel configuration drift; applying the desired config', { drift });
        this.enqueue(
          [{ type: 'device.fault', payload: { code: 'device_error', deviceCode: 'CONFIG_DRIFT', count: this.driftAlarms, ruleId: 'W-6', text: `W-6: wheel configuration differs from the table's config: ${drift.join('; ')}`.slice(0, 500) } }],
          this.now(),
        );
        problems = await this.apply(before, epoch);
      }
    }
    if (epoch !== this.connectEpoch) return;
    const after = await this.readConfig(epoch);
    if (epoch !== this.connectEpoch) return;
    if (typeof after === 'string') problems.push(after);
    else {
      this.actualConfig = after;
      const left = this.diff(after);
      if (left.length > 0) problems.push(`still drifting after apply: ${left.join('; ')}`);
    }
    const configHash = typeof after === 'string' ? null : wheelConfigHash(after);
    if (problems.length > 0) {
      this.log.log('error', 'W-6: wheel configuration not as desired', { problems });
      this.setFault(`W-6: ${problems.join('; ')}`, { firmware: this.firmware, configHash });
    } else {
      this.log.log('info', 'W-6: wheel configuration verified', { firmware: this.firmware, configHash });
      this.setFault(null, { firmware: this.firmware, configHash });
    }
    // W-3: the sensor stream gives the ball revolutions.
    const io = await this.request({ type: 'sensors', on: true });
    if (io.kind !== 'frame' || io.frame.type !== 'ok') this.log.log('warn', 'W-3: sensor stream (*I 4) not confirmed; results carry no revolutions', { reply: describe(io) });
  }

  private async apply(actual: WheelDesiredConfig, epoch: number): Promise<string[]> {
    const problems: string[] = [];
    if (actual.operatingMode !== this.desired.operatingMode) {
      const r = await this.requestRetryingBusy({ type: 'set_mode', sum: this.desired.operatingMode }, epoch);
      if (r.kind !== 'frame' || r.frame.type !== 'mode' || r.frame.sum !== this.desired.operatingMode) problems.push(`*o ${this.desired.operatingMode}: ${describe(r)}`);
    }
    let setAny = false;
    for (const [k, v] of Object.entries(this.desired.params)) {
      if (actual.params[k] === normaliseValue(v)) continue;
      const r = await this.request({ type: 'set_param', name: k, value: normaliseValue(v) });
      if (r.kind !== 'frame' || r.frame.type !== 'ok') problems.push(`*t${k.toLowerCase()} ${v}: ${describe(r)}`);
      else setAny = true;
    }
    if (setAny) {
      // RAM only until stored: a power cycle would otherwise bring the drift back.
      const r = await this.requestRetryingBusy({ type: 'store_params' }, epoch);
      if (r.kind !== 'frame' || r.frame.type !== 'ok') problems.push(`*T f: ${describe(r)}`);
    }
    return problems;
  }

  async handle(cmd: DeviceCommand): Promise<CommandResult> {
    this.stats.commands += 1;
    const r = await this.execute(cmd);
    if (!r.ok) this.stats.commandErrors += 1;
    return r;
  }

  private async execute(cmd: DeviceCommand): Promise<CommandResult> {
    switch (cmd.type) {
      case 'wheel.launch':
        return this.simple({ type: 'start', direction: cmd.payload.direction });
      case 'wheel.void-spin':
        return this.simple({ type: 'reset' });
      case 'wheel.power':
        return this.simple({ type: 'power', on: cmd.payload.on });
      case 'timer.show':
      case 'timer.clear':
      case 'lamp.set':
      case 'shaker.shake':
      case 'moneywheel.spin':
        return { ok: false, error: `${cmd.type} is not a wheel command` };
    }
    return assertNever(cmd, 'device command');
  }

  private async simple(c: Ss2Command): Promise<CommandResult> {
    const r = await this.request(c);
    if (r.kind === 'frame' && r.frame.type === 'ok') return { ok: true };
    return { ok: false, error: `${encodeSs2Command(c)}: ${describe(r)}` };
  }
}

function describe(r: Reply): string {
  switch (r.kind) {
    case 'timeout':
      return 'no reply from the wheel (timeout)';
    case 'error':
      return r.error;
    case 'frame':
      switch (r.frame.type) {
        case 'no':
          return `*${r.frame.command} NO`;
        case 'busy':
          return `*${r.frame.command} BUSY`;
        case 'ok':
          return `*${r.frame.command} OK`;
        case 'status':
        case 'number':
        case 'mode':
        case 'firmware':
        case 'param':
        case 'fault':
        case 'sensor':
        case 'pocket':
        case 'unparsable':
          return `unexpected reply ${r.frame.type}`;
      }
  }
}
