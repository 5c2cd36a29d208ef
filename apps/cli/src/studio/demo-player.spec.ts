import type { Table } from '@felt-studio/client-sdk';
import { describe, expect, it } from 'vitest';
import { DemoPlayer, type PlayerRound } from './demo-player.js';

const table = (game: string): Table => ({ tableId: `tbl_${game}`, game, name: game }) as unknown as Table;

/** A demo player on a scripted client: `round` is what `currentRound` answers; the bets and decisions it sends are recorded. */
function rig(rolls: readonly number[] = []) {
  let round: PlayerRound = { roundId: null, view: null };
  const sent: string[] = [];
  let reads = 0;
  let i = 0;
  const client = {
    currentRound: async () => {
      reads++;
      return round as never;
    },
    placeBet: async (_t: string, b: { spot: string; stakeMinor: number }) => {
      sent.push(`bet ${b.spot} ${b.stakeMinor}`);
      return {} as never;
    },
    playerDecision: async (_t: string, d: { type: string; action?: string }) => {
      sent.push(`${d.type}${d.action ? ` ${d.action}` : ''}`);
      return {} as never;
    },
  };
  // the studio's chance, scripted: each roll answers the next number (mod n)
  const rand = (n: number): number => (rolls[i++] ?? 1) % n;
  const player = new DemoPlayer({ client, userId: 'usr_robot1', blackjackSeat: 5, rand });
  return {
    player,
    sent,
    reads: () => reads,
    set: (r: PlayerRound) => {
      round = r;
    },
  };
}

describe('a demo player (felt studio robots)', () => {
  it('wants a betting window once: it bets (3 windows in 4) and then the window asks nothing more of it', async () => {
    const r = rig([1, 0, 0]);
    const t = table('roulette');
    const open: PlayerRound = { roundId: 'rnd_1', view: { phase: 'betting' } };
    expect(r.player.wants(t, open)).toBe(true);
    r.set(open);
    await r.player.step(t);
    expect(r.sent).toHaveLength(1);
    expect(r.player.wants(t, open)).toBe(false);
    await r.player.step(t);
    expect(r.sent).toHaveLength(1);
    expect(r.player.wants(t, { roundId: 'rnd_1', view: { phase: 'spinning' } })).toBe(false);
    expect(r.player.wants(t, { roundId: 'rnd_2', view: { phase: 'betting' } })).toBe(true);
  });

  it('sits a window out on a roll of 0 in 4 — once for the window, not at every look', async () => {
    const r = rig([0, 1, 1, 1]);
    const t = table('roulette');
    r.set({ roundId: 'rnd_1', view: { phase: 'betting' } });
    await r.player.step(t);
    await r.player.step(t);
    expect(r.sent).toEqual([]);
    expect(r.player.wants(t, { roundId: 'rnd_1', view: { phase: 'betting' } })).toBe(false);
  });

  it('plays its own blackjack hand on its turn: hits below 17, stands from 17; another seat’s turn asks nothing', async () => {
    const r = rig();
    const t = table('blackjack');
    const at = (seat: number, total: number): PlayerRound => ({ roundId: 'rnd_1', view: { phase: 'play', turn: { seat, hand: 0 }, seats: [{ seat: 5, hands: [{ total, done: null }] }] } });
    expect(r.player.wants(t, at(3, 12))).toBe(false);
    expect(r.player.wants(t, at(5, 12))).toBe(true);
    r.set(at(5, 12));
    await r.player.step(t);
    r.set(at(5, 18));
    await r.player.step(t);
    expect(r.sent).toEqual(['PlayerAction hit', 'PlayerAction stand']);
  });

  it('takes a decision’s chance once: plays the first option 4 times in 5, or lets the timer fold it', async () => {
    const r = rig([1, 0]);
    const t = table('casino-holdem');
    const first: PlayerRound = { roundId: 'rnd_1', view: { phase: 'decision', decision: { options: ['call', 'fold'], closesAt: 1_000 } } };
    r.set(first);
    await r.player.step(t);
    expect(r.player.wants(t, first)).toBe(false);
    const second: PlayerRound = { roundId: 'rnd_1', view: { phase: 'decision', decision: { options: ['play', 'fold'], closesAt: 2_000 } } };
    expect(r.player.wants(t, second)).toBe(true);
    r.set(second);
    await r.player.step(t);
    await r.player.step(t);
    expect(r.sent).toEqual(['PlayerAction call']); // the second: rolled 0, the timer folds it
  });

  it('as the Lucky Dice method B shooter passes the dice now and then (1 throw in 8), once per throw', async () => {
    const r = rig([0, 3]);
    const t = table('lucky-dice');
    const shooting = (throws: number): PlayerRound => ({ roundId: 'rnd_1', view: { phase: 'closed', shooter: 'usr_robot1', pendingThrow: null, throws: Array.from({ length: throws }) } });
    expect(r.player.wants(t, { roundId: 'rnd_1', view: { phase: 'closed', shooter: 'usr_other', pendingThrow: null, throws: [] } })).toBe(false);
    r.set(shooting(0));
    await r.player.step(t);
    await r.player.step(t);
    r.set(shooting(1));
    await r.player.step(t);
    expect(r.sent).toEqual(['DeclineThrow']);
    expect(r.player.wants(t, shooting(1))).toBe(false);
  });
});
