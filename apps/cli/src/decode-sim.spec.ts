import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { describe, expect, it } from 'vitest';
import { createPtyPair } from '@felt-studio/hardware-sim';
import { encodeNmea } from '@felt-studio/protocol';
import { felt } from '../../../test/support/cli.js';
import type { CliIo } from './main.js';
import { makeSimCommand } from './sim.command.js';

const jsonLines = (s: string): { type: string; payload: Record<string, unknown>; at: number; line: number }[] =>
  s
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { type: string; payload: Record<string, unknown>; at: number; line: number });

// devices.md §2 example lines, as a wheel would send them (CR LF), one torn fragment included.
const SS2_CAPTURE = ['*X;1;011;34;0;157;0', '*X;2;011;34;0;000;0', '*X;3;011;34;0;141;1', '*X;4;011;34;0;139;1', '27', '*X;5;011;27;0;136;1', '*X;5;011;27;0;136;1', '*X;2;012;27;0;137;1', '00;0'].map((l) => `${l}\r\n`).join('');

describe('felt decode <ss2|shoe|timer> [file]', () => {
  it('decodes an SS2 capture from stdin: one JSON per line, one state per change, the result with three confirmations, the torn line as a fault (W-1, W-2, W-5)', async () => {
    const r = await felt(['decode', 'ss2'], SS2_CAPTURE);
    expect(r.code).toBe(0);
    const evs = jsonLines(r.out);
    expect(evs.filter((e) => e.type === 'wheel.state').map((e) => e.payload.state)).toEqual([1, 2, 3, 4, 5, 2]);
    const results = evs.filter((e) => e.type === 'wheel.result');
    expect(results).toHaveLength(1);
    expect(results[0]?.payload).toMatchObject({ spin: 11, number: 27, confirmations: 3 });
    expect(evs.at(-1)).toMatchObject({ type: 'device.fault', payload: { code: 'unparsable', count: 1 }, line: 9 });
    expect(r.err).toContain('felt decode ss2: ');
    expect(r.err).toContain('1 faults');
  });

  it('decodes a shoe capture file: cards in canonical form, a bad checksum reported, never accepted (§3)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'felt-decode-'));
    try {
      const bad = encodeNmea(['CARD', 2, 'KD']).replace(/\*..$/, '*00');
      const file = join(dir, 'shoe.log');
      writeFileSync(file, [encodeNmea(['SHOE', 0, 'IN', 8]), encodeNmea(['CARD', 1, '10h']), bad, encodeNmea(['CARD', 3, 'AS'])].map((l) => `${l}\r\n`).join(''));
      const r = await felt(['decode', 'shoe', file]);
      expect(r.code).toBe(0);
      const evs = jsonLines(r.out);
      expect(evs.map((e) => e.type)).toEqual(['shoe.inserted', 'shoe.card', 'device.fault', 'device.fault', 'shoe.card']);
      expect(evs[1]?.payload).toEqual({ card: 'TH', shoeIndex: 0 });
      expect(evs[2]?.payload).toMatchObject({ code: 'checksum' });
      expect(evs[3]?.payload).toMatchObject({ code: 'seq_gap' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('decodes timer box button frames with capture timestamps (§4)', async () => {
    const r = await felt(['decode', 'timer', '--start-at', '1000'], `[0.5] ${encodeNmea(['BTN', 7, 'NMB'])}\r\n`);
    expect(r.code).toBe(0);
    expect(jsonLines(r.out)).toEqual([{ type: 'button.pressed', payload: { button: 'no_more_bets' }, at: 1500, line: 1 }]);
  });

  it('rejects an unknown device kind or a missing file with exit 2 and a clear message', async () => {
    expect(await felt(['decode', 'dice'])).toMatchObject({ code: 2, err: expect.stringContaining('one of: ss2, shoe, timer') });
    expect(await felt(['decode', 'ss2', '/nonexistent/capture.log'])).toMatchObject({ code: 2, err: expect.stringContaining('cannot read') });
  });
});

describe('felt sim <device> --port <path>', () => {
  it('lists scenarios and rejects bad arguments with exit 2', async () => {
    const list = await felt(['sim', 'wheel', '--list']);
    expect(list.code).toBe(0);
    expect(list.out).toContain('silence-burst');
    expect(await felt(['sim', 'wheel'])).toMatchObject({ code: 2, err: expect.stringContaining('--port') });
    expect(await felt(['sim', 'wheel', '--port', '/tmp/x', '--scenario', 'nope'])).toMatchObject({ code: 2, err: expect.stringContaining('unknown wheel scenario') });
    expect(await felt(['sim', 'toaster'])).toMatchObject({ code: 2 });
  });

  it('runs the SS2 wheel on one end of a socat pty pair until stopped: the other end reads its status stream at 9600 8N1', async () => {
    const pty = await createPtyPair();
    let stop: () => void = () => undefined;
    const cmd = makeSimCommand(() => new Promise<void>((resolve) => (stop = resolve)));
    let err = '';
    const io: CliIo = { stdin: '', stdout: { write: () => true }, stderr: { write: (s: string) => (err += s) } };
    const done = cmd.run(['wheel', '--port', pty.a, '--seed', '5', '--speed', '20'], io);
    const host = await new Promise<SerialPort>((resolve, reject) => {
      const p: SerialPort = new SerialPort({ path: pty.b, baudRate: 9600 }, (e) => (e ? reject(e) : resolve(p)));
    });
    let received = '';
    host.on('data', (d: Buffer) => (received += d.toString('latin1')));
    const end = Date.now() + 5000;
    while (!/\*X;\d;001;/.test(received) && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    stop();
    expect(await done).toBe(0);
    expect(received).toMatch(/\*X;[16];001; {2};0;\d{3};0\r\n/);
    expect(err).toContain('seed 5');
    await new Promise<void>((resolve) => host.close(() => resolve()));
    await pty.close();
  });
});
