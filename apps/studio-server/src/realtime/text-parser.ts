import { createRequire } from 'node:module';
import type * as SocketIoParser from 'socket.io-parser';
import type { Packet } from 'socket.io-parser';

// The CommonJS build, the one socket.io itself loads: an ESM `import` in Node resolves to the package's
// `esm-debug` build (a second copy, with a `debug()` call in every encode and decode).
const { Decoder, Encoder } = createRequire(import.meta.url)('socket.io-parser') as typeof SocketIoParser;

/**
 * socket.io's own JSON text packets, without the search for binary (issue 25 §2). socket.io's encoder walks
 * every event and ack it sends (`hasBinary`, recursively, through every bet of a view) to see whether it must
 * send it as binary attachments — 2.5–2.7 % of the server's CPU in a 1 000-player bet bench profile, for
 * nothing: Felt's frames are JSON data and never carry a Buffer. The bytes on the wire are exactly what
 * socket.io's encoder writes for a packet without binary (its own `encodeAsString`), so every client —
 * the SDK, the web apps, a bare socket.io client — reads them unchanged; the decoder is socket.io's.
 * A Buffer given to it anyway is refused loudly rather than sent as JSON.
 */
class TextEncoder extends Encoder {
  override encode(obj: Packet): string[] {
    if (obj.data !== undefined && containsBuffer(obj.data, 2)) throw new Error('the text parser sends no binary (a Buffer in a socket.io frame)');
    return [(this as unknown as { encodeAsString(p: Packet): string }).encodeAsString(obj)];
  }
}

/** A Buffer at the top of a frame's arguments (or one level in): how binary would reach an emit by mistake. */
function containsBuffer(v: unknown, depth: number): boolean {
  if (v instanceof Uint8Array || v instanceof ArrayBuffer) return true;
  if (depth === 0 || typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) return v.some((x) => containsBuffer(x, depth - 1));
  return false;
}

/** The parser the gateway uses unless FELT_WS_PARSER=msgpack. */
export const textParser = { Encoder: TextEncoder, Decoder };
