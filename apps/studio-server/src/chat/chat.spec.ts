import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { AuditService } from '../audit/audit.service.js';
import { PresenceService } from '../presence/presence.service.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { DEFAULT_CHAT_DATA } from './chat.data.js';

/** A clock the test moves (the rate buckets and mutes run on the server's clock). */
class TestClock {
  t = Date.UTC(2026, 10, 27, 20, 0, 0);
  now(): number {
    return this.t;
  }
}

/**
 * Table chat and tips over the real server (issue 24; docs/chat-and-tips.md): REST and WS are derived from
 * the one definition of each command, so these go through REST; the frames through a socket.
 */
describe('table chat and tips (issue 24)', () => {
  let h: RoundsApp;
  let tableId: string;
  const clock = new TestClock();
  // tokens signed when used: the test's clock moves on by hours, past an access token's life
  let player = '';
  let other = '';
  let dealer = '';
  let pit = '';
  const send = (token: string, messageId: string, text: string, table = tableId) => h.http('POST', `/tables/${table}/chat/messages`, token, { messageId, text });
  let n = 0;
  const id = (p: string) => `${p}_${++n}`;

  beforeAll(async () => {
    h = await bootRoundsApp({ clock });
    tableId = await h.openSicBoTable('Chat table');
    // CHAT-7: only players at the table chat and tip; these have it open (a socket of theirs, as the table view's `table.presence`)
    for (const p of ['p_chat', 'p_other', 'p_tipper', 'p_poor']) h.get(PresenceService).setPlayer(`sock_${p}`, tableId, p, true);
  });
  beforeEach(() => {
    player = h.token('p_chat', 'player');
    other = h.token('p_other', 'player');
    dealer = h.token('d_chat', 'dealer');
    pit = h.token('pb_chat', 'pitboss');
  });
  afterAll(async () => {
    await h.close();
  });

  it('a player posts to the table and everyone at it reads the message; players and the dealer see the name, the pit boss also the id', async () => {
    const r = await send(player, id('m'), '  good luck all  ');
    expect(r.status).toBe(201);
    expect(r.body['message']).toMatchObject({ kind: 'player', text: 'good luck all', author: { role: 'player', name: 'p_chat' } });
    expect((r.body['message'] as { author: Record<string, unknown> }).author['userId']).toBeUndefined();
    const asPlayer = await h.http('GET', `/tables/${tableId}/chat`, other, undefined);
    expect(asPlayer.status).toBe(200);
    const msgs = asPlayer.body['messages'] as { text: string; author: Record<string, unknown> }[];
    expect(msgs.at(-1)).toMatchObject({ text: 'good luck all' });
    expect(msgs.at(-1)?.author['userId']).toBeUndefined();
    expect(asPlayer.body['tips']).toBeUndefined(); // a player never sees the tips total
    const asPit = await h.http('GET', `/tables/${tableId}/chat`, pit, undefined);
    expect((asPit.body['messages'] as { author: Record<string, unknown> }[]).at(-1)?.author['userId']).toBe('p_chat');
  });

  it('the same message id again is the same message (idempotent), not a second one nor a rate token', async () => {
    const mid = id('m');
    clock.t += 60_000;
    expect((await send(other, mid, 'hello')).status).toBe(201);
    const again = await send(other, mid, 'hello');
    expect(again.status).toBe(201);
    expect(again.body['duplicate']).toBe(true);
    expect((await send(other, mid, 'another text')).body).toMatchObject({ code: 'CHAT_MESSAGE_ID_CONFLICT' });
  });

  it(`CHAT-2: a player gets ${DEFAULT_CHAT_DATA.rate.burst} messages at once, then CHAT_RATE_LIMITED with the wait, and may chat again after it`, async () => {
    clock.t += 60_000;
    for (let i = 0; i < DEFAULT_CHAT_DATA.rate.burst; i++) expect((await send(player, id('r'), `message ${i}`)).status).toBe(201);
    const limited = await send(player, id('r'), 'one too many');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'CHAT_RATE_LIMITED', ruleId: 'CHAT-2' });
    const wait = (limited.body['details'] as { retryAfterMs: number }).retryAfterMs;
    expect(wait).toBeGreaterThan(0);
    // another player at the same table is not limited by it
    expect((await send(other, id('r'), 'my turn')).status).toBe(201);
    clock.t += wait;
    expect((await send(player, id('r'), 'back again')).status).toBe(201);
  });

  it('CHAT-3: the word filter (per language, data) refuses a message with a listed word, also in look-alike digits; harmless words pass', async () => {
    // a refused message counts against the rate too (CHAT-2): the test leaves time between them
    for (const [text, code] of [['what the fuck', 'CHAT_WORD_FILTERED'], ['sh1t dealer', 'CHAT_WORD_FILTERED'], ['jävla bord', 'CHAT_WORD_FILTERED'], ['Fu©k'.replace('©', 'c').toUpperCase(), 'CHAT_WORD_FILTERED']] as const) {
      clock.t += 5_000;
      expect((await send(other, id('w'), text)).body, text).toMatchObject({ code, ruleId: 'CHAT-3' });
    }
    clock.t += 5_000;
    expect((await send(other, id('w'), 'I am a big fan of this table')).status).toBe(201);
  });

  it('CHAT-4: links and money amounts are refused with their codes (never stripped); small numbers pass', async () => {
    clock.t += 60_000;
    for (const link of ['see https://evil.example', 'go to www.example.org', 'mail me bob@example.com', 'bestcasino dot com']) {
      clock.t += 5_000;
      expect((await send(other, id('l'), link)).body, link).toMatchObject({ code: 'CHAT_LINK_REFUSED', ruleId: 'CHAT-4' });
    }
    for (const money of ['I won €500', 'send me 20 EUR', 'lost 1,000 today', '5k on red', '300 kr']) {
      clock.t += 5_000;
      expect((await send(other, id('money'), money)).body, money).toMatchObject({ code: 'CHAT_MONEY_REFUSED', ruleId: 'CHAT-4' });
    }
    clock.t += 5_000;
    expect((await send(other, id('ok'), 'come on 17 and 4!')).status).toBe(201);
  });

  it('CHAT-1: an over-long or empty message is refused at the edge (INVALID_INPUT), nothing posted', async () => {
    clock.t += 60_000;
    expect((await send(other, id('x'), 'a'.repeat(201))).body).toMatchObject({ code: 'INVALID_INPUT' });
    expect((await send(other, id('x'), '   ')).body).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('roles: a dealer may not post as a player, a player may not mute; the dealer answers with a canned message in every language', async () => {
    expect((await send(dealer, id('d'), 'hi')).status).toBe(403);
    expect((await h.http('POST', `/tables/${tableId}/chat/moderation`, player, { playerId: 'p_other', action: 'mute', reason: 'x' })).status).toBe(403);
    const c = await h.http('POST', `/tables/${tableId}/chat/canned`, dealer, { messageId: id('c'), cannedId: 'thanks-tip' });
    expect(c.status).toBe(201);
    expect(c.body['message']).toMatchObject({ kind: 'canned', cannedId: 'thanks-tip', author: { role: 'dealer' }, texts: { en: 'Thank you for the tip!', sv: 'Tack för dricksen!' } });
    expect((await h.http('POST', `/tables/${tableId}/chat/canned`, dealer, { messageId: id('c'), cannedId: 'no-such' })).body).toMatchObject({ code: 'CHAT_CANNED_UNKNOWN' });
  });

  it('CHAT-5: the pit boss mutes a player (audited with the reason); the next message is refused with CHAT_MUTED until the mute ends, and the player is told by a frame', async () => {
    clock.t += 60_000;
    const sock: Socket = io(h.url, { auth: { token: other }, transports: ['websocket'], forceNew: true });
    try {
      await new Promise<void>((res, rej) => {
        sock.once('connect', () => res());
        sock.once('connect_error', rej);
      });
      const told = new Promise<unknown>((res) => sock.once('chat.moderation', res));
      // the user room is joined once the session check answered: a first ack proves it
      await new Promise((res) => sock.emit('table.join', { tableId }, res));
      const noReason = await h.http('POST', `/tables/${tableId}/chat/moderation`, pit, { playerId: 'p_other', action: 'mute', minutes: 5, reason: '' });
      expect(noReason.body).toMatchObject({ code: 'INVALID_INPUT' });
      const m = await h.http('POST', `/tables/${tableId}/chat/moderation`, pit, { playerId: 'p_other', action: 'mute', minutes: 5, reason: 'spamming the table' });
      expect(m.status).toBe(200);
      expect(m.body).toMatchObject({ action: 'mute', until: clock.t + 5 * 60_000 });
      expect(await told).toMatchObject({ tableId, playerId: 'p_other', action: 'mute' });
      const refused = await send(other, id('mm'), 'let me talk');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'CHAT_MUTED', ruleId: 'CHAT-5', details: { until: clock.t + 5 * 60_000 } });
      // over WS: the same refusal (one definition)
      const ack = (await new Promise((res) => sock.emit('chat.send', { tableId, messageId: id('ws'), text: 'still me' }, res))) as { ok: boolean; error?: { code: string } };
      expect(ack).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
      const audit = await h.get(AuditService).list(10, `table:${tableId}:player:p_other for 5 min`);
      expect(audit[0]).toMatchObject({ actor: 'pb_chat', role: 'pitboss', action: 'chat.mute', reason: 'spamming the table' });
      const pitView = await h.http('GET', `/tables/${tableId}/chat`, pit, undefined);
      expect(pitView.body['moderation']).toEqual([expect.objectContaining({ playerId: 'p_other', action: 'mute', reason: 'spamming the table' })]);
      expect((await h.http('GET', `/tables/${tableId}/chat`, other, undefined)).body['mine']).toMatchObject({ action: 'mute' });
      clock.t += 5 * 60_000 + 1;
      expect((await send(other, id('mm'), 'thanks, sorry')).status).toBe(201);
    } finally {
      sock.disconnect();
    }
  });

  it('CHAT-5: a ban holds until the pit boss lifts it; both audited', async () => {
    clock.t += 60_000;
    expect((await h.http('POST', `/tables/${tableId}/chat/moderation`, pit, { playerId: 'p_other', action: 'ban', reason: 'abuse of the dealer' })).status).toBe(200);
    clock.t += 2 * 3_600_000;
    other = h.token('p_other', 'player');
    pit = h.token('pb_chat', 'pitboss');
    expect((await send(other, id('b'), 'hello?')).body).toMatchObject({ code: 'CHAT_BANNED', ruleId: 'CHAT-5' });
    expect((await h.http('POST', `/tables/${tableId}/chat/moderation`, pit, { playerId: 'p_other', action: 'unban', reason: 'apologised' })).status).toBe(200);
    expect((await send(other, id('b'), 'hello again')).status).toBe(201);
    const actions = (await h.get(AuditService).list(50)).filter((a) => a.target.startsWith(`table:${tableId}:player:p_other`)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['chat.ban', 'chat.unban']));
  });

  it('CHAT-6: the history is bounded per table (the newest kept)', async () => {
    const t2 = await h.openSicBoTable('Busy chat');
    h.get(PresenceService).setPlayer('sock_p_chat', t2, 'p_chat', true);
    const keep = DEFAULT_CHAT_DATA.historyPerTable;
    for (let i = 0; i < keep + 5; i++) {
      clock.t += 2_000;
      expect((await send(player, `busy_${i}`, `line ${i}`, t2)).status).toBe(201);
    }
    const hist = (await h.http('GET', `/tables/${t2}/chat`, player, undefined)).body['messages'] as { text: string }[];
    expect(hist).toHaveLength(keep);
    expect(hist[0]?.text).toBe('line 5');
    expect(hist.at(-1)?.text).toBe(`line ${keep + 4}`);
  });

  it('TIP-1: a tip moves money player → the table’s tips account, balanced; the same tip id again posts nothing; the dealer sees the total, not who tipped', async () => {
    await h.deposit('p_tipper', 10_000);
    const tipper = h.token('p_tipper', 'player');
    const sock: Socket = io(h.url, { auth: { token: dealer }, transports: ['websocket'], forceNew: true });
    try {
      await new Promise<void>((res) => sock.once('connect', () => res()));
      await new Promise((res) => sock.emit('table.join', { tableId }, res));
      const frame = new Promise<Record<string, unknown>>((res) => sock.once('chat.tip', res));
      const before = (await h.http('GET', `/tables/${tableId}/chat`, dealer, undefined)).body['tips'] as { totalMinor: number; count: number };
      const tip = await h.http('POST', `/tables/${tableId}/tips`, tipper, { tipId: 'tip_1', amountMinor: 500 });
      expect(tip.status).toBe(201);
      expect(tip.body).toMatchObject({ tipId: 'tip_1', amountMinor: 500, currency: 'EUR', duplicate: false });
      expect(await frame).toEqual({ tableId, amountMinor: 500, currency: 'EUR', at: expect.any(Number) }); // no player in the dealer's frame
      const again = await h.http('POST', `/tables/${tableId}/tips`, tipper, { tipId: 'tip_1', amountMinor: 500 });
      expect(again.body).toMatchObject({ tipId: 'tip_1', duplicate: true });
      expect((await h.http('POST', `/tables/${tableId}/tips`, tipper, { tipId: 'tip_1', amountMinor: 700 })).body).toMatchObject({ code: 'TIP_ID_CONFLICT', ruleId: 'TIP-1' });
      expect(await h.balance('p_tipper')).toBe(9_500);
      const uow = h.get<UnitOfWork>(UNIT_OF_WORK);
      expect(await uow.run((tx) => tx.ledger.balance(`tips:${tableId}`, 'EUR'))).toBe(500);
      expect(await uow.run((tx) => tx.ledger.totals())).toEqual({ EUR: 0 });
      expect(await h.invariants()).toEqual([]);
      const after = (await h.http('GET', `/tables/${tableId}/chat`, dealer, undefined)).body['tips'] as { totalMinor: number; count: number };
      expect(after).toMatchObject({ totalMinor: before.totalMinor + 500, count: before.count + 1 });
      expect(JSON.stringify(after)).not.toContain('p_tipper');
    } finally {
      sock.disconnect();
    }
  });

  it('TIP-2 and GEN-4: out-of-limit tips and tips the balance does not cover are refused, nothing posted', async () => {
    await h.deposit('p_poor', 100);
    const poor = h.token('p_poor', 'player');
    expect((await h.http('POST', `/tables/${tableId}/tips`, poor, { tipId: 'tip_small', amountMinor: DEFAULT_CHAT_DATA.tip.minMinor - 1 })).body).toMatchObject({ code: 'TIP_OUT_OF_LIMITS', ruleId: 'TIP-2' });
    expect((await h.http('POST', `/tables/${tableId}/tips`, poor, { tipId: 'tip_big', amountMinor: DEFAULT_CHAT_DATA.tip.maxMinor + 1 })).body).toMatchObject({ code: 'TIP_OUT_OF_LIMITS' });
    expect((await h.http('POST', `/tables/${tableId}/tips`, poor, { tipId: 'tip_broke', amountMinor: 500 })).body).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((await h.http('POST', `/tables/${tableId}/tips`, poor, { tipId: 'tip_frac', amountMinor: 1.5 })).body).toMatchObject({ code: 'INVALID_INPUT' });
    expect((await h.http('POST', `/tables/${tableId}/tips`, dealer, { tipId: 'tip_dealer', amountMinor: 100 })).status).toBe(403);
    expect(await h.balance('p_poor')).toBe(100);
    expect(await h.invariants()).toEqual([]);
  });
});
