import { unfoldRoundEvents, type RoundEventFrame, type RoundEventsFrame } from '@felt/protocol';
import type { Socket } from 'socket.io-client';

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
