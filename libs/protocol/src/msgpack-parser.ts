import { Packr } from 'msgpackr';

/**
 * Issue 25 §2: socket.io's packets in MessagePack instead of JSON text (`FELT_WS_PARSER=msgpack` on the
 * server; a client passes `msgpackParser` as its `parser`). A packet is one binary frame: no
 * `JSON.stringify` / `hasBinary` walk per emit, smaller frames for numbers and repeated shapes. Both ends
 * must use it (a JSON client cannot talk to a msgpack server). Interface of socket.io-parser (protocol 5):
 * an `Encoder` with `encode(packet)` → frames, a `Decoder` with `add(frame)` that emits `decoded`.
 * Imported from `@felt-studio/protocol/msgpack` only (the web apps' bundles do not carry it).
 */

/** socket.io packet types (socket.io-parser). */
const PacketType = { CONNECT: 0, DISCONNECT: 1, EVENT: 2, ACK: 3, CONNECT_ERROR: 4 } as const;

interface Packet {
  readonly type: number;
  readonly nsp: string;
  readonly data?: unknown;
  readonly id?: number;
}

// Plain MessagePack (no msgpackr record extension): any MessagePack decoder reads it.
const packr = new Packr({ useRecords: false, moreTypes: false });

export class Encoder {
  encode(packet: Packet): Uint8Array[] {
    return [packr.pack(packet)];
  }
}

type Listener = (packet: Packet) => void;

export class Decoder {
  private listeners: Listener[] = [];

  /** One frame from the transport: decoded, checked, then emitted as `decoded`. */
  add(chunk: unknown): void {
    if (typeof chunk === 'string') throw new Error('msgpack parser: a text frame (is the other end using the JSON parser?)');
    const bytes = chunk instanceof Uint8Array ? chunk : chunk instanceof ArrayBuffer ? new Uint8Array(chunk) : null;
    if (bytes === null) throw new Error('msgpack parser: not a binary frame');
    const packet = packr.unpack(bytes) as unknown;
    if (!isPacket(packet)) throw new Error('msgpack parser: invalid packet');
    for (const l of [...this.listeners]) l(packet);
  }

  on(event: string, fn: Listener): this {
    if (event === 'decoded') this.listeners.push(fn);
    return this;
  }

  off(event?: string, fn?: Listener): this {
    if (event === undefined || fn === undefined) this.listeners = [];
    else if (event === 'decoded') this.listeners = this.listeners.filter((l) => l !== fn);
    return this;
  }

  removeListener(event?: string, fn?: Listener): this {
    return this.off(event, fn);
  }

  removeAllListeners(): this {
    this.listeners = [];
    return this;
  }

  destroy(): void {
    this.listeners = [];
  }
}

/** The same checks socket.io-parser makes of a decoded packet (a malformed one closes the connection). */
function isPacket(p: unknown): p is Packet {
  if (typeof p !== 'object' || p === null) return false;
  const { type, nsp, id, data } = p as { type?: unknown; nsp?: unknown; id?: unknown; data?: unknown };
  if (typeof type !== 'number' || !Number.isInteger(type) || type < PacketType.CONNECT || type > PacketType.CONNECT_ERROR) return false;
  if (typeof nsp !== 'string') return false;
  if (id !== undefined && id !== null && !(typeof id === 'number' && Number.isInteger(id))) return false;
  switch (type) {
    case PacketType.CONNECT:
      return data === undefined || data === null || typeof data === 'object';
    case PacketType.DISCONNECT:
      return data === undefined || data === null;
    case PacketType.CONNECT_ERROR:
      return typeof data === 'string' || (typeof data === 'object' && data !== null);
    default:
      return Array.isArray(data);
  }
}

/** The parser to pass as socket.io's `parser` option (server and socket.io-client). */
export const msgpackParser = { protocol: 5, PacketType, Encoder, Decoder } as const;
