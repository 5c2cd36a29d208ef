import { readFile } from 'node:fs/promises';
import { decodeCapture, LineFramer, SERIAL_DEVICE_KINDS, type SerialDeviceKind } from '@felt-studio/protocol';
import { intFlag, parseCommandArgs } from './kit/args.js';
import type { CliCommand } from './kit/command.js';
import { EXIT, line, type CliIo } from './kit/io.js';

const HELP = `Usage: felt decode <ss2|shoe|timer> [file] [--start-at <ms>] [--step-ms <ms>]

Decode a captured serial byte stream (a file, or stdin when no file is given) with the device's codec and
tracker from @felt-studio/protocol, and print the canonical events and faults it yields, one JSON object per line:
  {"type":"wheel.state","payload":{…},"at":<ms>,"line":<input line>}
Faults are events too: "wheel.fault" (W-2/W-4) and "device.fault" (unparsable/torn lines, bad checksums,
duplicate frames, seq gaps) — nothing is dropped silently.

Lines may start with a "[<seconds>] " timestamp (seconds since the capture started); other lines get a
synthetic clock of --step-ms (default 100) per line from --start-at (default 0). Wheel timeouts (W-4
3 s / 5 s) are judged on these times. A summary goes to stderr.

  ss2    SS2-compatible roulette wheel controller (devices.md §2)
  shoe   Felt shoe line protocol v1 (§3)
  timer  bet timer / dealer button box (§4)

Examples:
  felt decode ss2 wheel-capture.log
  cat /dev/ttyUSB0 | felt decode shoe`;

/** All of stdin as raw bytes (serial captures are bytes, not UTF-8 text). */
async function readBytes(stdin: CliIo['stdin']): Promise<Uint8Array | null> {
  if (typeof stdin === 'string') return Buffer.from(stdin, 'latin1');
  if (stdin instanceof Uint8Array) return stdin;
  if (stdin.isTTY === true) return null;
  const parts: Buffer[] = [];
  for await (const chunk of stdin) parts.push(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : Buffer.from(chunk));
  return Buffer.concat(parts);
}

export const decodeCommand: CliCommand = {
  summary: 'decode a serial capture (ss2|shoe|timer) into canonical device events, one JSON per line',
  help: HELP,
  async run(args, io) {
    const p = parseCommandArgs(args, { 'start-at': { type: 'string' }, 'step-ms': { type: 'string' } });
    if (!p.ok) {
      line(io.stderr, `felt decode: ${p.message}\n\n${HELP}`);
      return EXIT.usage;
    }
    if (p.values.help === true) {
      line(io.stdout, HELP);
      return EXIT.ok;
    }
    const [kind, file, ...extra] = p.positionals;
    if (kind === undefined || !(SERIAL_DEVICE_KINDS as readonly string[]).includes(kind)) {
      line(io.stderr, `felt decode: ${kind === undefined ? 'missing' : `unknown`} device ${kind === undefined ? '' : `"${kind}" `}(one of: ${SERIAL_DEVICE_KINDS.join(', ')})`);
      return EXIT.usage;
    }
    if (extra.length > 0) {
      line(io.stderr, `felt decode: one file at most, got ${p.positionals.length - 1}`);
      return EXIT.usage;
    }
    const startAt = intFlag('start-at', p.values['start-at'], 0);
    const stepMs = intFlag('step-ms', p.values['step-ms'], 0);
    if (!startAt.ok || !stepMs.ok) {
      line(io.stderr, `felt decode: ${!startAt.ok ? startAt.message : !stepMs.ok ? stepMs.message : ''}`);
      return EXIT.usage;
    }
    let bytes: Uint8Array | null;
    if (file !== undefined && file !== '-') {
      try {
        bytes = await readFile(file);
      } catch (e) {
        line(io.stderr, `felt decode: cannot read ${file}: ${(e as Error).message}`);
        return EXIT.usage;
      }
    } else {
      bytes = await readBytes(io.stdin);
      if (bytes === null) {
        line(io.stderr, 'felt decode: no input (give a file or pipe a capture into stdin)');
        return EXIT.usage;
      }
    }
    const events = decodeCapture(kind as SerialDeviceKind, bytes, { ...(startAt.value !== undefined ? { startAt: startAt.value } : {}), ...(stepMs.value !== undefined ? { stepMs: stepMs.value } : {}) });
    let faults = 0;
    for (const e of events) {
      if (e.type === 'device.fault' || e.type === 'wheel.fault') faults += 1;
      line(io.stdout, JSON.stringify(e));
    }
    const framer = new LineFramer();
    const lines = framer.feed(bytes).length + framer.end().length;
    line(io.stderr, `felt decode ${kind}: ${bytes.length} bytes, ${lines} lines, ${events.length} events (${faults} faults)`);
    return EXIT.ok;
  },
};
