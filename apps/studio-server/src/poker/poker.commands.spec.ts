import 'reflect-metadata';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAPPING_METADATA, MESSAGE_METADATA } from '@nestjs/websockets/constants.js';
import { POKER_COMMAND_WIRES, POKER_WS_MESSAGES, type PokerWsMessage } from '@felt-studio/protocol';
import type { z } from 'zod';
import { TableCommandRegistry } from '../shared/commands/command-registry.js';
import type { TableViewers } from '../shared/commands/table-viewers.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { pokerCommands, POKER_DISCONNECTED, type PokerCommandTables } from './poker.commands.js';

const state = { def: { currency: 'EUR' } } as never;
const tablesStub = (): PokerCommandTables & { [k in keyof PokerCommandTables]: ReturnType<typeof vi.fn> } => ({
  execute: vi.fn(async () => ({ ok: true as const, value: state })),
  executeDisconnected: vi.fn(async () => ({ ok: true as const, value: state })),
  pitDecision: vi.fn(async () => ({ ok: true as const, value: state })),
  frameFor: vi.fn(async () => ({ tableId: 't1', seq: 1 }) as never),
});
const viewers: TableViewers = { watch: vi.fn(), unwatch: vi.fn(), answered: vi.fn(), dropped: vi.fn() };

/** Issue 19 §2/§3: poker's commands are definitions of the one command registry; the one gateway answers them. */
describe('poker commands: one definition per command', () => {
  const defs = pokerCommands(tablesStub(), viewers);
  const messages = defs.filter((d) => d.op in POKER_WS_MESSAGES);

  it('every contract message is defined exactly once, with the contract schema from libs/protocol (its input: the message without the table id)', () => {
    const ops = messages.map((c) => c.op).sort();
    expect(ops).toEqual((Object.keys(POKER_WS_MESSAGES) as PokerWsMessage[]).sort());
    expect(new Set(defs.map((d) => d.op)).size).toBe(defs.length);
    for (const c of messages) {
      const contract = POKER_WS_MESSAGES[c.op as PokerWsMessage] as unknown as z.ZodObject;
      expect(c.schema).toBe(POKER_COMMAND_WIRES[c.op as PokerWsMessage].schema);
      expect(Object.keys((c.schema as z.ZodObject).shape).sort()).toEqual(Object.keys(contract.shape).filter((k) => k !== 'tableId').sort());
      // still strict: an unknown field is refused, as the contract refuses it
      expect(c.schema.safeParse({ nope: 1 }).success).toBe(false);
    }
  });

  it('players act; anyone may watch (join / leave-view); staff never sit or act over the socket; the pit boss decides the hand', () => {
    for (const c of messages) {
      if (c.op === 'poker.join' || c.op === 'poker.leave-view') expect([...c.roles].sort()).toEqual(['admin', 'dealer', 'pitboss', 'player']);
      else expect(c.roles).toEqual(['player']);
    }
    expect(defs.find((c) => c.op === 'poker.join')?.viewing).toEqual({ viewers, mode: 'watch' });
    expect(defs.find((c) => c.op === 'poker.leave-view')?.viewing).toEqual({ viewers, mode: 'unwatch' });
    expect(defs.find((c) => c.op === 'poker.sit')?.viewing).toEqual({ viewers, mode: 'answer' });
    const decide = defs.find((c) => c.op === 'poker.hand-decision')!;
    expect([...decide.roles].sort()).toEqual(['admin', 'pitboss']);
    expect(decide.rest).toEqual({ method: 'POST', path: '/poker-tables/{id}/hand/decisions' });
    // S1-DISCONNECT is server-only: no client sends it (no WS message, no route)
    const gone = defs.find((c) => c.op === POKER_DISCONNECTED)!;
    expect(gone.roles).toEqual([]);
    expect(gone.rest).toBeUndefined();
  });

  it("a handler sends the validated input to the table's owner as the caller, and answers the caller's frame", async () => {
    const tables = tablesStub();
    const act = pokerCommands(tables, viewers).find((c) => c.op === 'poker.act')!;
    const actor = { userId: 'u1', name: 'U', role: 'player' as const };
    const input = act.schema.parse({ handId: 'h1', action: 'call' });
    const r = await act.handle({ tableId: 't1', actor }, input);
    expect(tables.execute).toHaveBeenCalledWith('t1', actor, 'poker.act', { tableId: 't1', handId: 'h1', action: 'call' });
    expect(tables.frameFor).toHaveBeenCalledWith(state, actor);
    expect(r).toEqual({ ok: true, value: { tableId: 't1', seq: 1 } });
  });

  it('the registry takes them as they are, and the one gateway has no poker.* handler of its own (it answers every registry op)', () => {
    const reg = new TableCommandRegistry();
    reg.add(defs);
    expect(reg.definitions().filter((d) => d.roles.length > 0).map((d) => d.op).sort()).toEqual([...Object.keys(POKER_WS_MESSAGES), 'poker.hand-decision'].sort());
    const proto = RealtimeGateway.prototype as unknown as Record<string, unknown>;
    const handled = Object.getOwnPropertyNames(proto)
      .map((k) => proto[k])
      .filter((f): f is object => typeof f === 'function' && Reflect.getMetadata(MESSAGE_MAPPING_METADATA, f) === true)
      .map((f) => Reflect.getMetadata(MESSAGE_METADATA, f) as string);
    expect(handled.filter((m) => m.startsWith('poker.'))).toEqual([]);
  });
});
