import type { Socket } from 'socket.io';
import type { Violation } from '@felt-studio/games';
import { errorBodyOf, statusOf } from '../shared/error-codes.js';

/** socket.io's packet types (socket.io-parser): an EVENT is "2…", its ACK "3…". */
const EVENT = 0x32; // '2'
const ACK = 3;

/**
 * The ack id of a socket.io text EVENT packet (`2[/nsp,]<id>[...]`), read without decoding its JSON; null
 * when the packet asks for no ack.
 */
export function ackIdOf(packet: string): number | null {
  let i = 1;
  if (packet.charCodeAt(i) === 0x2f /* '/' */) {
    const comma = packet.indexOf(',', i);
    if (comma < 0) return null;
    i = comma + 1;
  }
  let id = 0;
  let digits = 0;
  for (; i < packet.length && digits < 16; i++, digits++) {
    const c = packet.charCodeAt(i);
    if (c < 0x30 || c > 0x39) break;
    id = id * 10 + (c - 0x30);
  }
  return digits === 0 ? null : id;
}

interface ClientInternals {
  ondata(data: unknown): void;
  readonly conn: { on(e: 'data', fn: (d: unknown) => void): unknown; removeListener(e: 'data', fn: (d: unknown) => void): unknown };
}
interface SocketInternals {
  packet(p: { type: number; id: number; data: unknown[] }): void;
}

/**
 * Issue 22 §5, refuse before work on WebSocket: a text (JSON parser) EVENT frame that arrives while its
 * sender is over budget (`overBudget`, which takes nothing: RateLimitService.wouldRefuse) is dropped
 * before socket.io decodes it — no JSON.parse, no zod, no table work — and answered with a RATE_LIMITED
 * ack (code, status, `details.retryAfterMs`) when it asked for one. Binary (MessagePack) frames are
 * decoded as before and refused by the gateway's limit ahead of zod: their ack id is inside the encoding.
 */
export function refuseFramesOverBudget(socket: Socket, overBudget: () => Violation | null): void {
  const client = socket.client as unknown as ClientInternals;
  const original = client.ondata;
  const guarded = (data: unknown): void => {
    if (typeof data === 'string' && data.charCodeAt(0) === EVENT) {
      const v = overBudget();
      if (v !== null) {
        const id = ackIdOf(data);
        if (id !== null) {
          const body = errorBodyOf(v);
          (socket as unknown as SocketInternals).packet({ type: ACK, id, data: [{ ok: false, error: { ...body, status: statusOf(body.code) } }] });
        }
        return;
      }
    }
    original(data);
  };
  client.conn.removeListener('data', original);
  client.conn.on('data', guarded);
  client.ondata = guarded; // socket.io's own cleanup removes `client.ondata` from the connection
}
