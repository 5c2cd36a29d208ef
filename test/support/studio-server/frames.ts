import { unfoldRoundEvents, type RoundEventFrame, type RoundEventsFrame, type WsAck } from '@felt-studio/protocol';
import { io, type Socket } from 'socket.io-client';

/**
 * Every `round.event` a raw socket receives, a player's `round.events` (own events of one commit, issue
 * 13) unfolded into the frames it stands for — what the SDK dispatches.
 */
export function onRoundEvent(s: Socket, fn: (f: RoundEventFrame) => void): void {
  s.on('round.event', fn);
  s.on('round.events', (b: RoundEventsFrame) => {
    for (const f of unfoldRoundEvents(b)) fn(f);
  });
}

/** A raw socket.io client of the studio server, connected with this token (none: refused or anonymous). */
export const connect = (url: string, token: string | null): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = io(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });

/** One client message and its ack (rejected after `timeoutMs` without one). */
export const send = (s: Socket, name: string, body: unknown, timeoutMs = 5_000): Promise<WsAck> => s.timeout(timeoutMs).emitWithAck(name, body) as Promise<WsAck>;

/**
 * The sockets a spec opens on the app (`app()`: booted in beforeAll) as a user with a role (its token from `app.token`); `closeAll` disconnects
 * every one of them (in the spec's afterAll).
 */
export function socketsOf<R extends string>(app: () => { readonly url: string; token(userId: string, role: R): string }): { readonly sockets: Socket[]; open(userId: string, role: R): Promise<Socket>; closeAll(): void } {
  const sockets: Socket[] = [];
  return {
    sockets,
    async open(userId, role) {
      const a = app();
      const s = await connect(a.url, a.token(userId, role));
      sockets.push(s);
      return s;
    },
    closeAll() {
      for (const s of sockets) s.disconnect();
    },
  };
}
