import { DeviceDecoder, assertNever, encodeTimerFrame, type Button, type DeviceCommand, type DeviceEventBody, type TimerFrame } from '@felt-studio/protocol';
import { SerialAdapter, type AdapterOptions } from './adapter.js';
import type { CommandResult } from './device-link.js';
import { stripDecoded } from './shoe.adapter.js';

/**
 * Bet timer / dealer button box adapter (devices.md §4). Buttons → `button.pressed`; `$HB` →
 * `device.heartbeat`. Bounce is removed twice: the tracker drops a repeated frame (same seq), and this
 * adapter drops a second press of the same button within `debounceMs` (a contact bounce that the box
 * sent as two frames). Commands: `timer.show` → `$TMR,<s>`, `timer.clear` → `$TMR,0`, `lamp.set` →
 * `$LAMP,<colour>`; the box only displays (the server's clock decides when betting closes) and does not
 * answer, so the ack means "written to the box".
 */
export interface TimerAdapterOptions extends AdapterOptions {
  /** Same button again within this many ms = bounce. Default 250. */
  readonly debounceMs?: number;
}

export class TimerAdapter extends SerialAdapter {
  private readonly decoder = new DeviceDecoder('timer');
  private readonly debounceMs: number;
  private readonly lastPress = new Map<Button, number>();
  bounces = 0;

  constructor(opts: TimerAdapterOptions) {
    super(opts);
    this.debounceMs = opts.debounceMs ?? 250;
  }

  protected decode(chunk: Buffer, at: number): DeviceEventBody[] {
    const out: DeviceEventBody[] = [];
    for (const e of this.decoder.feed(chunk, at)) {
      if (e.type === 'button.pressed') {
        const prev = this.lastPress.get(e.payload.button);
        this.lastPress.set(e.payload.button, at);
        if (prev !== undefined && at - prev < this.debounceMs) {
          this.bounces += 1;
          this.log.log('info', 'button bounce ignored', { button: e.payload.button, gapMs: at - prev });
          continue;
        }
      }
      out.push(stripDecoded(e));
    }
    return out;
  }

  async handle(cmd: DeviceCommand): Promise<CommandResult> {
    this.stats.commands += 1;
    const r = this.execute(cmd);
    if (!r.ok) this.stats.commandErrors += 1;
    return r;
  }

  private send(frame: TimerFrame): CommandResult {
    return this.writeLine(encodeTimerFrame(frame));
  }

  private execute(cmd: DeviceCommand): CommandResult {
    switch (cmd.type) {
      case 'timer.show':
        return this.send({ type: 'tmr', seconds: cmd.payload.seconds });
      case 'timer.clear':
        return this.send({ type: 'tmr', seconds: 0 });
      case 'lamp.set':
        return this.send({ type: 'lamp', lamp: cmd.payload.colour === 'green' ? 'GREEN' : cmd.payload.colour === 'amber' ? 'AMBER' : 'RED' });
      case 'wheel.launch':
      case 'wheel.void-spin':
      case 'wheel.power':
      case 'shaker.shake':
      case 'moneywheel.spin':
        return { ok: false, error: `${cmd.type} is not a timer box command` };
    }
    return assertNever(cmd, 'device command');
  }
}
