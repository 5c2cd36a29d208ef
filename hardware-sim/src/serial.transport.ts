import { SerialPort, SerialPortMock } from 'serialport';
import type { ByteDuplex } from './duplex.js';

/** Every serial device in devices.md §2–§4: 9600 baud, 8N1, no flow control. */
export const SERIAL_SETTINGS = { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1, rtscts: false, xon: false, xoff: false } as const;

type AnyPort = SerialPort | SerialPortMock;
type MockPortBinding = NonNullable<SerialPortMock['port']>;

function toBuffer(data: Uint8Array | string): Buffer {
  return typeof data === 'string' ? Buffer.from(data, 'latin1') : Buffer.from(data);
}

/** Device side on an already open serial port (a pty end with the real binding, or a mock port). */
export function serialPortDuplex(port: AnyPort): ByteDuplex {
  const listeners = new Set<(d: Buffer) => void>();
  const onData = (d: Buffer): void => {
    for (const l of [...listeners]) l(d);
  };
  port.on('data', onData);
  return {
    write(data) {
      if (!port.isOpen) return;
      port.write(toBuffer(data));
    },
    onData(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      port.off('data', onData);
      listeners.clear();
      if (!port.isOpen) return Promise.resolve();
      return new Promise<void>((resolve, reject) => port.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** Open a serial device path (e.g. one end of a socat pty pair) with the real binding at 9600 8N1. */
export async function openSerialDuplex(path: string): Promise<ByteDuplex & { readonly port: SerialPort }> {
  const port = await new Promise<SerialPort>((resolve, reject) => {
    const p: SerialPort = new SerialPort({ path, ...SERIAL_SETTINGS, autoOpen: true }, (err) => (err ? reject(err) : resolve(p)));
  });
  return Object.assign(serialPortDuplex(port), { port });
}

/**
 * Device side attached to the HOST's open `SerialPortMock` (what an adapter under test opens):
 * device bytes are injected with the mock binding's `emitData`, host writes are intercepted after the
 * binding accepted them. The host reads exactly the bytes the emulator produced.
 */
export function mockHostDuplex(hostPort: SerialPortMock): ByteDuplex {
  const binding: MockPortBinding | undefined = hostPort.port;
  if (binding === undefined) throw new Error('mockHostDuplex: open the SerialPortMock first');
  const listeners = new Set<(d: Buffer) => void>();
  const originalWrite = binding.write.bind(binding);
  let attached = true;
  binding.write = async (buffer: Buffer): Promise<void> => {
    await originalWrite(buffer);
    if (!attached) return;
    const copy = Buffer.from(buffer);
    for (const l of [...listeners]) l(copy);
  };
  return {
    write(data) {
      if (attached && binding.isOpen) binding.emitData(toBuffer(data));
    },
    onData(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      attached = false;
      listeners.clear();
      binding.write = originalWrite;
    },
  };
}

/**
 * Create a mock serial port at `path`, open it as the host would (9600 8N1) and return the host port
 * plus the device-side duplex to hand to an emulator.
 */
export async function openMockSerialPair(path: string): Promise<{ readonly host: SerialPortMock; readonly device: ByteDuplex; close(): Promise<void> }> {
  SerialPortMock.binding.createPort(path, { echo: false, record: false });
  const host = await new Promise<SerialPortMock>((resolve, reject) => {
    const p: SerialPortMock = new SerialPortMock({ path, ...SERIAL_SETTINGS }, (err) => (err ? reject(err) : resolve(p)));
  });
  const device = mockHostDuplex(host);
  return {
    host,
    device,
    async close() {
      await device.close();
      if (host.isOpen) await new Promise<void>((resolve, reject) => host.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/**
 * Serial ports an edge agent opens through serialport's mock binding, each wired to a simulator (the tests, the drills and
 * the demo studio): `wire(path, onOpen)` creates the mock port at `path`; `createPort`, the agent's port factory, opens a
 * `SerialPortMock` and hands its device side (`mockHostDuplex`) to that path's `onOpen` as soon as it is open, each time.
 */
export class MockSerialWiring {
  private readonly attach = new Map<string, (device: ByteDuplex) => void>();

  /** Creates the mock port at `path` (returned) and remembers whom to attach to it. */
  wire(path: string, onOpen: (device: ByteDuplex) => void): string {
    SerialPortMock.binding.createPort(path, { echo: false, record: false });
    this.attach.set(path, onOpen);
    return path;
  }

  /**
   * The agent's `createPort(device, options)`. `Port` is the caller's port type (the agent's `SerialPortStream`, which a
   * `SerialPortMock` is on another binding): typed by where it is passed.
   */
  readonly createPort = <Port>(_device: unknown, o: ConstructorParameters<typeof SerialPortMock>[0]): Port => {
    const port = new SerialPortMock({ ...o });
    port.once('open', () => this.attach.get(o.path)?.(mockHostDuplex(port)));
    return port as unknown as Port;
  };
}
