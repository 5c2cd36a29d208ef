import { describe, expect, it } from 'vitest';
import { mergeParts, mergePresence } from './cluster-presence.js';

describe('presence merged across instances (issue 13)', () => {
  it('a player counts once however many instances they are connected to; a dealer once, from their first arrival', () => {
    const merged = mergePresence('t1', [
      { players: ['p1', 'p2'], dealers: [{ userId: 'd1', name: 'Dee', since: 200 }] },
      { players: ['p2', 'p3'], dealers: [{ userId: 'd1', name: 'Dee', since: 100 }, { userId: 'd2', name: 'Dan', since: 50 }] },
    ]);
    expect(merged).toEqual({ tableId: 't1', players: 3, dealers: [{ userId: 'd2', name: 'Dan', since: 50 }, { userId: 'd1', name: 'Dee', since: 100 }] });
  });

  it('no parts: nobody at the table', () => {
    expect(mergePresence('t1', [])).toEqual({ tableId: 't1', players: 0, dealers: [] });
  });

  it('by id (issue 24, CHAT-7): the players of every part, once each; the dealers by their first sign-in', () => {
    expect(mergeParts([{ players: ['p2', 'p1'], dealers: [{ userId: 'd1', name: 'Dee', since: 200 }] }, { players: ['p1'], dealers: [{ userId: 'd1', name: 'Dee', since: 100 }] }])).toEqual({ players: ['p1', 'p2'], dealers: [{ userId: 'd1', name: 'Dee', since: 100 }] });
  });
});
