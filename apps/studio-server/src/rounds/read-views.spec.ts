import type { Audience } from '@felt-studio/games';
import { gameKernel, GAME_DEFINITIONS } from '@felt-studio/games';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../auth/auth.types.js';
import { AuthService } from '../auth/auth.service.js';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { depositPosting } from '../shared/ledger.rules.js';
import { KERNELS, type KernelEvent, type KernelRegistry } from '../kernels/kernel.registry.js';
import { RoundsService } from './rounds.service.js';

/**
 * Issue 22 §2 (non-negotiable 4): EVERY read of round data goes through the audience's view. For every
 * registered game, a round is played step by step (open, each bet, close, each device/dealer command,
 * settlement); at every step every read endpoint — REST and the WebSocket resync — is called as every
 * audience (two betting players, a watching player, dealer, pit boss, admin), and no answer may carry a
 * value the audience's view hides: a face-down card before its reveal, another player's bet.
 *
 * What is hidden is derived, not listed: the string values of the raw stored events that the game's
 * redactor removes for this audience and that appear nowhere in what the audience may see (its redacted
 * events and its kernel view). The pit boss's trail is complete once the round is over (by design).
 */

interface Who {
  readonly userId: string;
  readonly role: Role;
}
/** Fresh players per game (their own history holds only this game's round); the staff are shared. */
const whoFor = (game: string): readonly Who[] => [
  { userId: `rv_${game}_p1`, role: 'player' },
  { userId: `rv_${game}_p2`, role: 'player' },
  { userId: `rv_${game}_p3`, role: 'player' },
  { userId: 'dealer1', role: 'dealer' },
  { userId: 'pitboss1', role: 'pitboss' },
  { userId: 'admin1', role: 'admin' },
];

const audienceOf = (w: Who): Audience => (w.role === 'player' ? { role: 'player', playerId: w.userId } : w.role === 'dealer' ? { role: 'dealer' } : { role: 'pitboss' });

/** Every string leaf of a JSON value (length ≥ 2: card codes, ids); with `keys`, its property names too (the shape is public). */
function leaves(x: unknown, out: Set<string> = new Set(), keys = false): Set<string> {
  if (typeof x === 'string') {
    if (x.length >= 2) out.add(x);
  } else if (Array.isArray(x)) for (const v of x) leaves(v, out, keys);
  else if (typeof x === 'object' && x !== null) {
    for (const [k, v] of Object.entries(x)) {
      if (keys) out.add(k);
      leaves(v, out, keys);
    }
  }
  return out;
}

/**
 * The read endpoints of round data. Kept complete by the test below it: every GET route of the OpenAPI
 * document that reads tables, rounds or bets must be listed here (a new read endpoint fails that test
 * until it is added, and so checked by the property).
 */
const READS: readonly { readonly path: string; readonly roles: readonly Role[]; readonly url: (t: string, r: string) => string }[] = [
  { path: '/tables', roles: ['player', 'dealer', 'pitboss', 'admin'], url: () => '/tables' },
  { path: '/tables/{id}', roles: ['player', 'dealer', 'pitboss', 'admin'], url: (t) => `/tables/${t}` },
  { path: '/tables/{id}/round', roles: ['player', 'dealer', 'pitboss', 'admin'], url: (t) => `/tables/${t}/round` },
  { path: '/tables/{id}/rounds', roles: ['dealer', 'pitboss', 'admin'], url: (t) => `/tables/${t}/rounds` },
  { path: '/tables/{id}/results', roles: ['player', 'dealer', 'pitboss', 'admin'], url: (t) => `/tables/${t}/results` },
  { path: '/tables/{id}/bets/mine', roles: ['player'], url: (t) => `/tables/${t}/bets/mine` },
  { path: '/tables/{id}/requests', roles: ['dealer', 'pitboss'], url: (t) => `/tables/${t}/requests` },
  { path: '/me/rounds', roles: ['player'], url: () => '/me/rounds' },
  { path: '/rounds/{roundId}/events', roles: ['pitboss', 'admin'], url: (_t, r) => `/rounds/${r}/events` },
  { path: '/rounds/{roundId}/detail', roles: ['pitboss', 'admin'], url: (_t, r) => `/rounds/${r}/detail` },
  { path: '/rounds/search', roles: ['pitboss', 'admin'], url: (t) => `/rounds/search?tableId=${t}` },
  // issue 22 §16: the round search as CSV (money per round; no event data)
  { path: '/rounds/export.csv', roles: ['pitboss', 'admin'], url: (t) => `/rounds/export.csv?tableId=${t}` },
  // issue 23 §5: late bettors (bets timed against the close and their wins; no card)
  { path: '/integrity/late-bettors', roles: ['pitboss', 'admin'], url: () => '/integrity/late-bettors' },
  // issue 23 §5: shared betting patterns (round ids, spots and acceptance times of the accounts of a group; no card)
  { path: '/integrity/bet-patterns', roles: ['pitboss', 'admin'], url: () => '/integrity/bet-patterns' },
  // issue 23 §4: poker collusion and bots (hand ids, chip totals and decision times; no card)
  { path: '/integrity/poker', roles: ['pitboss', 'admin'], url: () => '/integrity/poker' },
];
/**
 * GET routes that carry no round data: device health, money per day; the table chat (issue 24: messages and
 * the shift's tips total, its own audience rules in chat.spec.ts); the demo camera's video and its stills (a
 * picture drawn from the public view only — camera.service.ts CAMERA_AUDIENCE, a player without bets).
 */
const NOT_ROUND_DATA = ['/rounds/day', '/tables/{id}/devices', '/tables/{tableId}/device-credentials', '/devices', '/tables/{tableId}/streams', '/tables/{tableId}/stream', '/tables/{id}/chat', '/media/{tableId}/{file}', '/media/{tableId}/{rendition}/{file}', '/tables/{tableId}/thumbnail'];
/**
 * Live poker's reads, each through `handEventsView`/the poker table view per audience and checked by its own
 * properties (libs/games/src/poker-table/pots.property.spec.ts for every audience of a hand; the 6-player
 * device test for every raw frame). They join this property when the hand runs on the one table host (issue 19).
 * A tournament table (issue 24, TRN-PLAY) is the same poker table frame, built per person with the same redaction:
 * tournament-play.spec.ts searches every frame each person received for the other's hole cards. The pit boss's
 * tournament tables (`/tournaments/{id}/tables`, staff only) are `viewHand` for the pit boss: tournament-play.spec.ts
 * searches the raw body for a person's hole cards while their hand is in play, and a player is refused (403).
 */
const POKER_READS = ['/poker-tables', '/poker-tables/{id}/hands', '/poker-tables/{id}/hands/{handId}/events', '/tournaments/{id}/table', '/tournaments/{id}/tables'];

describe('issue 22 §2: one audience view for every read (REST + WS resync), every game, every step', () => {
  let app: TestApp;
  let auth: AuthService;
  const sockets = new Map<string, Socket>();
  const token = (userId: string, role: Role): string => auth.sign({ userId, role, name: userId });
  const http = async (method: string, path: string, tok: string, body?: unknown): Promise<{ status: number; text: string }> => {
    const res = await fetch(`${app.url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${tok}` }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    return { status: res.status, text: await res.text() };
  };

  beforeAll(async () => {
    app = await bootTestApp({ full: true });
    auth = app.get(AuthService);
  }, 120_000);
  const socketOf = async (w: Who): Promise<Socket> => {
    const have = sockets.get(w.userId);
    if (have) return have;
    const s = io(app.url, { auth: { token: token(w.userId, w.role) }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    sockets.set(w.userId, s);
    return s;
  };
  afterAll(async () => {
    for (const s of sockets.values()) s.disconnect();
    await app?.close();
  });

  it('the property covers every GET route that reads tables, rounds or bets (a new one must be added here)', async () => {
    const res = await fetch(`${app.url}/docs/json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const gets = Object.entries(doc.paths).filter(([, ops]) => 'get' in ops).map(([p]) => p);
    const roundish = gets.filter((p) => /round|bet|table|hand/.test(p) && !NOT_ROUND_DATA.includes(p) && !POKER_READS.includes(p));
    expect(roundish.filter((p) => !READS.some((r) => r.path === p)), JSON.stringify(roundish)).toEqual([]);
  });

  const games = Object.keys(GAME_DEFINITIONS).sort();
  it.each(games)('%s: no audience reads what its view hides, at any step of a round', async (game) => {
    const def = GAME_DEFINITIONS[game as keyof typeof GAME_DEFINITIONS];
    const kernel = gameKernel(game);
    if (!def || !kernel) throw new Error(`no definition for ${game}`);
    const pit = token('pitboss1', 'pitboss');
    const created = await http('POST', '/tables', pit, { name: `Reads ${game}`, game, profileId: def.defaultProfile, limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 1_000_000 }, betWindowS: 300, devices: [] });
    expect(created.status, created.text).toBe(201);
    const tableId = String((JSON.parse(created.text) as { tableId: string }).tableId);
    const WHO = whoFor(game);
    const [p1, p2] = [WHO[0]?.userId ?? '', WHO[1]?.userId ?? ''];
    const uow = app.get<UnitOfWork>(UNIT_OF_WORK);
    for (const p of [p1, p2]) {
      const d = depositPosting(`rv-dep-${p}`, p, 10_000_000, 'EUR');
      await uow.run((tx) => tx.ledger.post(d.postingId, d.entries.map((e) => ({ ...e, at: Date.now() }))));
    }
    if (def.preOpen) expect((await http('POST', `/tables/${tableId}/pre-open-check`, pit, { checks: [...def.preOpen.checks] })).status).toBe(201);
    expect((await http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'reads property' })).status).toBe(201);
    const rounds = app.get(RoundsService);
    const kernels = app.get<KernelRegistry>(KERNELS);
    const redact = kernels.redactor(game);
    let steps = 0;
    let secretsSeen = 0;

    /** At this step: every read, every audience. */
    const check = async (label: string): Promise<void> => {
      steps += 1;
      const cur = await rounds.currentRound(tableId);
      const roundId = cur?.roundId ?? '';
      const raw = roundId ? await rounds.loadEvents(roundId) : [];
      for (const w of WHO) {
        const a = audienceOf(w);
        const over = cur !== null && ['resolved', 'settled', 'void'].includes(cur.state.phase);
        // What this audience may see: its redacted events and its view; what it may not: what the redactor removed.
        const allowed = new Set<string>();
        const removed = new Set<string>();
        for (const e of raw) {
          allowed.add(e.type); // every frame keeps its seq and type (the client's seq stays contiguous): public by design
          const shown = redact(e.payload as KernelEvent, a);
          leaves(shown, allowed, true);
          const rawLeaves = leaves(e.payload);
          const shownLeaves = leaves(shown);
          for (const v of rawLeaves) if (!shownLeaves.has(v)) removed.add(v);
        }
        if (cur) leaves(cur.kernel.view(cur.state, a), allowed, true);
        leaves(w.userId, allowed);
        const secrets = a.role === 'pitboss' && over ? [] : [...removed].filter((v) => !allowed.has(v));
        secretsSeen += secrets.length;
        const answers: string[] = [];
        for (const r of READS) {
          if (!r.roles.includes(w.role)) continue;
          if (r.url(tableId, roundId).includes('/rounds//')) continue;
          const res = await http('GET', r.url(tableId, roundId), token(w.userId, w.role));
          expect(res.status, `${game} ${label} ${w.userId} GET ${r.path}: ${res.text.slice(0, 200)}`).toBeLessThan(300);
          answers.push(`GET ${r.path} ${res.text}`);
        }
        // The WebSocket resync from the start of the round: every stored event as a frame, then the snapshot.
        const s = await socketOf(w);
        const frames: unknown[] = [];
        const onEvent = (f: unknown): void => void frames.push(f);
        s.on('round.event', onEvent);
        s.on('round.events', onEvent);
        s.on('round.snapshot', onEvent);
        const ack = (await s.timeout(5_000).emitWithAck('table.join', roundId ? { tableId, roundId, lastSeq: 0 } : { tableId })) as unknown;
        s.off('round.event', onEvent);
        s.off('round.events', onEvent);
        s.off('round.snapshot', onEvent);
        answers.push(`WS table.join ${JSON.stringify([ack, frames])}`);
        for (const text of answers) for (const secret of secrets) expect(text.includes(JSON.stringify(secret)), `${game} ${label}: ${w.userId} read "${secret}" (hidden from its view) in ${text.slice(0, 300)}`).toBe(false);
      }
    };

    await check('before the round');
    const dealer = token('dealer1', 'dealer');
    const opened = await http('POST', `/tables/${tableId}/rounds`, dealer);
    expect(opened.status, opened.text).toBeLessThan(300);
    await check('open');
    const [s1, s2] = def.example.spots;
    for (const [p, spot, i] of [[p1, s1, 1], [p2, s2, 2]] as const) {
      const placed = await http('POST', `/tables/${tableId}/bets`, token(p, 'player'), { betId: `rv_${game}_${i}`, spot, stakeMinor: 100 });
      expect(placed.status, `${game} bet ${spot}: ${placed.text}`).toBe(200);
      await check(`bet ${i}`);
    }
    const closed = await http('POST', `/tables/${tableId}/round/close`, dealer);
    expect(closed.status, closed.text).toBeLessThan(300);
    await check('closed');
    const device = { userId: 'device-rv', role: 'device' as const };
    const run = async (cmd: Readonly<Record<string, unknown>> & { type: string }, label: string): Promise<void> => {
      const r = await rounds.execute(tableId, { ...cmd, at: Date.now() }, device);
      expect(r.ok, `${game} ${label} ${cmd.type}: ${r.ok ? '' : r.violation.message}`).toBe(true);
      await check(label);
    };
    if (def.example.autoplay) {
      for (let i = 0; i < 80; i++) {
        const cur = await rounds.currentRound(tableId);
        const next = cur ? def.example.autoplay(cur.state as never) : null;
        if (!next) break;
        await run(next, `autoplay ${i}`);
      }
    } else {
      let i = 0;
      for (const cmd of def.example.resolve) {
        // the server may finish the round before the example's last command (a decision window its timer closed)
        if (['resolved', 'settled'].includes((await rounds.currentRound(tableId))?.state.phase ?? '')) break;
        await run(cmd, `resolve ${i++}`);
      }
    }
    // settlement runs in-process; the finished round is read once more
    for (let i = 0; i < 50 && (await rounds.currentRound(tableId))?.state.phase !== 'settled'; i++) await new Promise((r) => setTimeout(r, 20));
    await check('settled');
    expect(steps).toBeGreaterThan(5);
    // keep the property honest: at least the per-player bet ids are secrets for the other players
    expect(secretsSeen, `${game}: the property found nothing hidden at any step`).toBeGreaterThan(0);
  }, 120_000);
});
