import 'reflect-metadata';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAPPING_METADATA, MESSAGE_METADATA } from '@nestjs/websockets/constants.js';
import { POKER_WS_MESSAGES, type PokerWsMessage } from '@felt/protocol';
import { POKER_COMMANDS, type PokerCommandContext } from './poker.commands.js';
import { PokerGateway } from './poker.gateway.js';

/** Issue 19 §2/§3: poker's commands are one list of definitions; the socket adapter is derived from it. */
describe('poker commands: one definition per command', () => {
  it('every contract message is defined exactly once, with the contract schema from libs/protocol', () => {
    const ops = POKER_COMMANDS.map((c) => c.op).sort();
    expect(ops).toEqual((Object.keys(POKER_WS_MESSAGES) as PokerWsMessage[]).sort());
    expect(new Set(ops).size).toBe(ops.length);
    for (const c of POKER_COMMANDS) expect(c.schema).toBe(POKER_WS_MESSAGES[c.op]);
  });

  it('players act; anyone may watch (join / leave-view); staff never sit or act over the socket', () => {
    for (const c of POKER_COMMANDS) {
      if (c.op === 'poker.join' || c.op === 'poker.leave-view') expect([...c.roles].sort()).toEqual(['admin', 'dealer', 'pitboss', 'player']);
      else expect(c.roles).toEqual(['player']);
    }
    expect(POKER_COMMANDS.find((c) => c.op === 'poker.join')?.view).toBe('watch');
    expect(POKER_COMMANDS.find((c) => c.op === 'poker.leave-view')?.view).toBe('unwatch');
  });

  it("a handler sends the validated input to the table's owner as the caller", async () => {
    const message = vi.fn(async () => ({ ok: true as const, value: {} as never }));
    const ctx: PokerCommandContext = { user: { userId: 'u1', name: 'U', role: 'player' }, tables: { message } };
    const act = POKER_COMMANDS.find((c) => c.op === 'poker.act')!;
    const input = act.schema.parse({ tableId: 't1', handId: 'h1', action: 'call' });
    await act.handle(ctx, input as never);
    expect(message).toHaveBeenCalledWith('t1', ctx.user, 'poker.act', { tableId: 't1', handId: 'h1', action: 'call' });
  });

  it('the gateway has one socket handler per definition (and no other poker.* handler)', () => {
    const proto = PokerGateway.prototype as unknown as Record<string, unknown>;
    const handled = Object.getOwnPropertyNames(proto)
      .map((k) => proto[k])
      .filter((f): f is object => typeof f === 'function' && Reflect.getMetadata(MESSAGE_MAPPING_METADATA, f) === true)
      .map((f) => Reflect.getMetadata(MESSAGE_METADATA, f) as string)
      .sort();
    expect(handled).toEqual(POKER_COMMANDS.map((c) => c.op).sort());
  });
});
