import { DeviceDecoder, assertNever, type DeviceCommand, type DeviceEventBody } from '@felt-studio/protocol';
import { SerialAdapter, type AdapterOptions } from './adapter.js';
import type { CommandResult } from './device-link.js';

/**
 * Felt shoe adapter (devices.md §3): framer + shoe codec + shoe tracker from @felt-studio/protocol. Emits
 * `shoe.card`, `shoe.unreadable`, `shoe.cut_card`, `shoe.inserted` / `shoe.removed`, heartbeats and
 * `device.fault`s (bad checksum, unknown frame, duplicate frame S-1, seq gap, `$ERR`). The shoe takes no
 * commands from the server; composition (S-1 impossible card) and round rules (S-2…S-4) are judged by
 * the server, which knows the round.
 */
export class ShoeAdapter extends SerialAdapter {
  private readonly decoder: DeviceDecoder;

  constructor(opts: AdapterOptions) {
    super(opts);
    this.decoder = new DeviceDecoder('shoe');
  }

  protected decode(chunk: Buffer, at: number): DeviceEventBody[] {
    return this.decoder.feed(chunk, at).map(stripDecoded);
  }

  async handle(cmd: DeviceCommand): Promise<CommandResult> {
    this.stats.commands += 1;
    this.stats.commandErrors += 1;
    switch (cmd.type) {
      case 'wheel.launch':
      case 'wheel.void-spin':
      case 'wheel.power':
      case 'timer.show':
      case 'timer.clear':
      case 'lamp.set':
      case 'shaker.shake':
      case 'moneywheel.spin':
        return { ok: false, error: `${cmd.type} is not a shoe command` };
    }
    return assertNever(cmd, 'device command');
  }
}

/** DeviceDecoder adds `at` and `line`; the canonical body is `{type, payload}`. */
export function stripDecoded(e: DeviceEventBody & { at: number; line: number }): DeviceEventBody {
  return { type: e.type, payload: e.payload } as DeviceEventBody;
}
