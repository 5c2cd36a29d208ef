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
/** S1-DISCONNECT's grace here (FELT_DISCONNECT_GRACE_MS; 10 s by default). */
const GRACE_MS = 400;

describe('tournament.changed notices', () => {
  let h: RoundsApp;
  const clock = new TestClock();
  const sockets: Socket[] = [];

  beforeAll(async () => {
    h = await bootRoundsApp({ clock, imports: [TournamentModule], config: { settings: { tournamentRoundMs: 0, disconnectGraceMs: GRACE_MS } } });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await h.close();
  });

  /** A connected socket whose user room is joined (a first ack proves the session check answered), with what it received. */
  const listen = async (token: string): Promise<{ notices: unknown[]; sock: Socket }> => {
    const sock: Socket = io(h.url, { auth: { token }, transports: ['websocket'], forceNew: true });
    sockets.push(sock);
    await new Promise<void>((res, rej) => {
      sock.once('connect', () => res());
      sock.once('connect_error', rej);
    });
    await new Promise((res) => sock.emit('table.presence', {}, res));
    const got = { notices: [] as unknown[], sock };
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

  it('S1-DISCONNECT (TRN-ABSENT): a player sitting in whose last connection closes is sat out (reason disconnect); while another tab is open nothing changes; they take their seat again by hand', async () => {
    const pit = h.token('pb1', 'pitboss');
    const tid = await createSitAndGo(h, pit, { name: 'Unplugged SNG', buyInMinor: 1_000, feeMinor: 100, seatsPerTable: 9, minPlayers: 3, maxPlayers: 3, levelMs: 60_000 });
    const tok = (p: string): string => h.token(p, 'player');
    for (const p of ['dc1', 'bot_dc2', 'bot_dc3']) {
      await h.deposit(p, 5_000);
      expect((await h.http('POST', `/tournaments/${tid}/entries`, tok(p), { entryId: `ent_${p}` })).status).toBe(201);
    }
    const [tab1, tab2] = await Promise.all([listen(tok('dc1')), listen(tok('dc1'))]);
    expect((await h.http('POST', `/tournaments/${tid}/seat`, tok('dc1'), { sitting: true })).body).toMatchObject({ tournament: { sittingIn: true } });
    const sitting = async (): Promise<unknown> => ((await h.http('GET', `/tournaments/${tid}/table`, tok('dc1'))).body['tournament'] as { sittingIn: boolean }).sittingIn;
    const satOut = async (): Promise<{ reason: string }[]> => ((await h.http('GET', `/tournaments/${tid}/log`, pit)).body['events'] as { type: string; entryId: string; reason: string }[]).filter((e) => e.type === 'sat-out' && e.entryId === 'ent_dc1');

    // one tab closes: the other is still connected — still sitting in
    tab1.sock.disconnect();
    await new Promise((r) => setTimeout(r, 300));
    expect(await sitting()).toBe(true);
    expect(await satOut()).toEqual([]);
    // the last one closes and the page comes back within the grace (a reload): nothing changes
    tab2.sock.disconnect();
    const reloaded = await listen(tok('dc1'));
    await new Promise((r) => setTimeout(r, 2 * GRACE_MS));
    expect(await sitting()).toBe(true);
    // the last one closes for good: after the grace, sat out by the disconnection (dealt in, blinds posted, folded on their turns — TRN-ABSENT)
    const closedAt = Date.now();
    reloaded.sock.disconnect();
    await expect.poll(sitting, { timeout: 5_000, interval: 50 }).toBe(false);
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS - 50);
    expect(await satOut()).toEqual([expect.objectContaining({ reason: 'disconnect' })]);
    // back: connected again, they take their seat by hand (the screen offers "Take your seat")
    await listen(tok('dc1'));
    expect(await sitting()).toBe(false);
    expect((await h.http('POST', `/tournaments/${tid}/seat`, tok('dc1'), { sitting: true })).body).toMatchObject({ tournament: { sittingIn: true } });
    // a robot account's sockets (or a player who does not sit in) closing changes nothing
    const robot = await listen(tok('bot_dc2'));
    robot.sock.disconnect();
    await new Promise((r) => setTimeout(r, 300));
    expect((await satOut()).length).toBe(1);
    await h.http('POST', `/tournaments/${tid}/control`, pit, { action: 'cancel', reason: 'test done' });
  });
});
