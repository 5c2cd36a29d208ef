import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { createSitAndGo } from '../../../../test/support/studio-server/tournaments.js';
import type { Clock } from '../shared/clock.js';
import { TournamentModule } from './tournament.module.js';

class TestClock implements Clock {
  t = Date.UTC(2026, 10, 28, 20, 0, 0);
  now(): number {
    return this.t;
  }
}

/**
 * Issue 24: a tournament's screens keep up by the server's `tournament.changed` notices instead of polling every
 * second. A notice reaches the pit bosses and every player with an entry — nobody else — and carries nothing but the
 * tournament's id and log position (the screens read it again through their own view).
 */
describe('tournament.changed notices', () => {
  let h: RoundsApp;
  const clock = new TestClock();
  const sockets: Socket[] = [];

  beforeAll(async () => {
    h = await bootRoundsApp({ clock, imports: [TournamentModule], config: { settings: { tournamentRoundMs: 0 } } });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await h.close();
  });

  /** A connected socket whose user room is joined (a first ack proves the session check answered), with what it received. */
  const listen = async (token: string): Promise<{ notices: unknown[] }> => {
    const sock: Socket = io(h.url, { auth: { token }, transports: ['websocket'], forceNew: true });
    sockets.push(sock);
    await new Promise<void>((res, rej) => {
      sock.once('connect', () => res());
      sock.once('connect_error', rej);
    });
    await new Promise((res) => sock.emit('table.presence', {}, res));
    const got = { notices: [] as unknown[] };
    sock.on('tournament.changed', (n: unknown) => got.notices.push(n));
    return got;
  };

  it('the pit boss and the registered players are told each time the log moves on; another player is not; nothing but the id and seq', async () => {
    const pit = h.token('pb1', 'pitboss');
    const tid = await createSitAndGo(h, pit, { name: 'Push SNG', buyInMinor: 1_000, feeMinor: 100, seatsPerTable: 9, minPlayers: 2, maxPlayers: 3, levelMs: 60_000 });
    const tok = (p: string): string => h.token(p, 'player');
    for (const p of ['na', 'nb', 'outsider']) await h.deposit(p, 5_000);
    const [pitSock, a, outsider] = await Promise.all([listen(pit), listen(tok('na')), listen(tok('outsider'))]);

    expect((await h.http('POST', `/tournaments/${tid}/entries`, tok('na'), { entryId: 'ent_na' })).status).toBe(201);
    await expect.poll(() => a.notices.length).toBeGreaterThan(0);
    await expect.poll(() => pitSock.notices.length).toBeGreaterThan(0);
    const first = a.notices.at(-1) as { tournamentId: string; seq: number };
    expect(first).toEqual({ tournamentId: tid, seq: expect.any(Number) });

    // the second registration fills the sit-and-go's minimum: more changes (registered, started, seated…), seq moving on
    const b = await listen(tok('nb'));
    expect((await h.http('POST', `/tournaments/${tid}/entries`, tok('nb'), { entryId: 'ent_nb' })).status).toBe(201);
    await expect.poll(() => b.notices.length).toBeGreaterThan(0);
    await expect.poll(() => (a.notices.at(-1) as { seq: number }).seq).toBeGreaterThan(first.seq);
    const seqs = pitSock.notices.map((n) => (n as { seq: number }).seq);
    expect([...seqs].sort((x, y) => x - y), 'in log order').toEqual(seqs);

    // a seat taken is a change too (the player's own screen and the pit's detail read it again)
    const before = a.notices.length;
    expect((await h.http('POST', `/tournaments/${tid}/seat`, tok('na'), { sitting: true })).status).toBe(201);
    await expect.poll(() => a.notices.length).toBeGreaterThan(before);

    expect(outsider.notices, 'a player with no entry is told nothing').toEqual([]);
    for (const n of [...a.notices, ...b.notices, ...pitSock.notices]) expect(Object.keys(n as object).sort()).toEqual(['seq', 'tournamentId']);
  });
});
