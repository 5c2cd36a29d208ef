import { unfoldRoundEvents, type RoundEventFrame, type RoundEventsFrame, type WsAck } from '@felt/protocol';
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
