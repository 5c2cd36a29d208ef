import { expect } from 'vitest';
import type { MqttClient } from 'mqtt';
import { pokerTable } from '@felt-studio/games';
import { eventsTopic } from '@felt-studio/protocol';
import { RealtimeClient } from '@felt-studio/client-sdk';
import type { PokerTableFrame } from '@felt-studio/protocol';
import { AuthService } from '../../../apps/studio-server/src/auth/auth.service.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../../../apps/studio-server/src/shared/ports/persistence.port.js';
import type { RoundsApp } from './app-harness.js';
import { PokerTablesService, stackAccount } from '../../../apps/studio-server/src/poker/poker-tables.service.js';

/**
 * THE acceptance scenario of issue 11 (shared by the embedded spec and the integration spec): six players
 * sit at a Hold'em table over socket.io (the SDK), play one hand with all-ins of different sizes (a main
 * pot and three side pots) and a fold, the hand runs to showdown; then the ledger check (balanced, every
 * stack + wallet adds up, the rake in the house account) and the wire check (no player's socket ever
 * received another player's hole card before the showdown).
 */
export async function sixPlayerHand(
  app: RoundsApp,
  opts: {
    tableId: string;
    /** a shoe table: called after the hand starts and whenever no one is to act; returns once the cards due are in. */
    deal?: (service: PokerTablesService, tableId: string) => Promise<void>;
    /** called once the table exists, before anyone sits (e.g. start the table's simulated devices). */
    prepare?: (tableId: string) => Promise<void>;
  },
): Promise<{ handId: string; result: pokerTable.HandResult }> {
  const service = app.get(PokerTablesService);
  const pit = app.token('pitboss-poker', 'pitboss');
  const dealing = opts.deal ? 'shoe' : 'rng';
  const created = await app.http('POST', '/poker-tables', pit, {
    tableId: opts.tableId,
    name: "Hold'em acceptance",
    dealing,
    config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, rake: { basisPoints: 500, capMinor: 300, noFlopNoDrop: false }, actionMs: 60_000 },
    seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const tableId = opts.tableId;
  await opts.prepare?.(tableId);
  const START = 20_000;
  const buyIns = [1000, 2000, 3000, 5000, 5000, 5000];
  const houseBefore = await houseBalance(app);
  const auth = app.get(AuthService);
  const tokenOf = (p: { userId: string; name: string }): string => auth.sign({ userId: p.userId, role: 'player', name: p.name });
  const players = buyIns.map((buyIn, i) => ({ userId: `${tableId}-u${i + 1}`, name: `Player ${i + 1}`, seat: i + 1, buyIn }));
  const frames = new Map<string, PokerTableFrame[]>();
  const clients = new Map<string, RealtimeClient>();
  try {
    for (const p of players) {
      await app.deposit(p.userId, START);
      const c = new RealtimeClient({ baseUrl: app.url, token: tokenOf(p) });
      const got: PokerTableFrame[] = [];
      c.socket.on('poker.table', (f: PokerTableFrame) => got.push(f));
      frames.set(p.userId, got);
      clients.set(p.userId, c);
      const joined = await c.poker('poker.join', { tableId });
      got.push(joined);
      const sat = await c.poker('poker.sit', { tableId, seat: p.seat, buyInMinor: p.buyIn, postToEnter: false });
      got.push(sat);
      expect(sat.seats[p.seat - 1]).toMatchObject({ me: true, displayName: p.name, stackMinor: p.buyIn });
      // display names, never another player's user id
      expect(JSON.stringify(sat)).not.toMatch(new RegExp(`${tableId}-u(?!${p.seat}\\b)\\d`));
    }
    // the dealer console and a spectating player (no seat) watch the same table
    const watchers = new Map<string, PokerTableFrame[]>();
    for (const [who, token] of [
      ['dealer', auth.sign({ userId: `${tableId}-dealer`, role: 'dealer', name: 'Dealer' })],
      ['spectator', tokenOf({ userId: `${tableId}-spectator`, name: 'Spectator' })],
    ] as const) {
      const c = new RealtimeClient({ baseUrl: app.url, token });
      const got: PokerTableFrame[] = [];
      c.socket.on('poker.table', (f: PokerTableFrame) => got.push(f));
      got.push(await c.poker('poker.join', { tableId }));
      watchers.set(who, got);
      clients.set(who, c);
    }
    const lobby = await app.http('GET', '/poker-tables', app.token(players[0]!.userId, 'player'));
    expect((lobby.body['tables'] as { tableId: string; seated: number }[]).find((t) => t.tableId === tableId)?.seated).toBe(6);

    const started = await service.startNextHand(tableId);
    expect(started.ok).toBe(true);
    if (opts.deal) await opts.deal(service, tableId);
    const handId = service.stateOf(tableId)!.hand!.handId;
    // every player acts through the socket: the last seat folds, everyone else goes all-in (side pots by stack size)
    for (let guard = 0; guard < 40; guard++) {
      const h = service.stateOf(tableId)!.hand!;
      if (h.phase.type === 'complete' || h.toAct === null) {
        if (h.phase.type === 'complete') break;
        if (opts.deal) await opts.deal(service, tableId);
        continue;
      }
      const seat = h.seats[h.toAct]!.seat;
      const p = players[seat - 1]!;
      const c = clients.get(p.userId)!;
      const f = await c.poker('poker.act', { tableId, handId, action: seat === 6 ? 'fold' : 'all-in' });
      frames.get(p.userId)!.push(f);
    }
    if (opts.deal) await opts.deal(service, tableId);
    const s = service.stateOf(tableId)!;
    expect(s.hand!.phase.type).toBe('complete');
    const result = s.hand!.result!;
    expect(result.pots.length).toBeGreaterThanOrEqual(3); // main + side pots
    expect(result.rakeMinor).toBe(300); // 5 % capped at 300 (S1-RAKE)

    // a late action for the finished hand never reopens it (non-negotiable 1)
    await expect(clients.get(players[0]!.userId)!.poker('poker.act', { tableId, handId, action: 'check' })).rejects.toMatchObject({ rejection: { code: 'POKER_WRONG_HAND' } });

    // ledger: balanced, stacks + wallets add up, rake in the house
    expect(await app.invariants()).toEqual([]);
    expect((await houseBalance(app)) - houseBefore).toBe(result.rakeMinor);
    let total = 0;
    for (const p of players) {
      const wallet = await app.balance(p.userId);
      const stack = await accountBalance(app, stackAccount(p.userId, tableId));
      const net = result.seats.find((x) => x.seat === p.seat)!.netMinor;
      expect(wallet).toBe(START - p.buyIn);
      expect(stack).toBe(p.buyIn + net);
      expect(s.seats.seats.find((r) => r.seat === p.seat)?.stackMinor ?? 0).toBe(stack);
      total += wallet + stack;
    }
    expect(total + result.rakeMinor).toBe(players.length * START);

    // the wire: before the showdown no player ever received another player's hole card
    const holes = new Map(s.hand!.seats.map((x) => [x.seat, x.cards.map((k) => `"${cardCodeOf(k.card)}"`)]));
    await waitFor(() => frames.get(players[0]!.userId)!.some((f) => f.hand?.phase === 'complete'));
    for (const p of players) {
      const mine = frames.get(p.userId)!;
      expect(mine.length).toBeGreaterThan(3);
      for (const f of mine) {
        if (!f.hand || f.hand.phase === 'complete') continue;
        const json = JSON.stringify(f);
        for (const [seat, codes] of holes) if (seat !== p.seat) for (const code of codes) expect(json, `player ${p.seat} saw seat ${seat}'s card before showdown`).not.toContain(code);
        // and their own cards are there once dealt
        const own = f.hand.seats.find((x) => x.seat === p.seat);
        for (const k of own?.cards ?? []) expect('card' in k).toBe(true);
      }
      // the hand's events endpoint, redacted for this player
      const ev = await app.http('GET', `/poker-tables/${tableId}/hands/${handId}/events`, tokenOf(p));
      expect(ev.status).toBe(200);
      const before = (ev.body['events'] as { type: string }[]).filter((e) => e.type !== 'hand-ended');
      const json = JSON.stringify(before);
      for (const [seat, codes] of holes) if (seat !== p.seat) for (const code of codes) expect(json).not.toContain(code);
    }

    // GEN-8: the pit boss's events of the finished hand (every card) lay the hand out again to the same result
    const staff = await app.http('GET', `/poker-tables/${tableId}/hands/${handId}/events`, pit);
    expect(staff.status).toBe(200);
    const parsed = pokerTable.parseHandEvents('holdem', staff.body);
    const again = parsed.ok ? pokerTable.replayHandEvents(parsed.value) : parsed;
    if (!again.ok) throw new Error(again.violation.message);
    expect(again.value.result?.seats.map((x) => x.netMinor)).toEqual(result.seats.map((x) => x.netMinor));
    expect(again.value.result?.rakeMinor).toBe(result.rakeMinor);
    // the RNG deck + salt (S1-DEAL-1 proof) go to the pit boss only: the dealer's copy never has the deck (it holds folded hands)
    const staffEnd = (staff.body['events'] as { type: string; deck?: unknown }[]).find((e) => e.type === 'hand-ended');
    if (dealing === 'rng') expect(Array.isArray(staffEnd?.deck)).toBe(true);
    const dealerEv = await app.http('GET', `/poker-tables/${tableId}/hands/${handId}/events`, auth.sign({ userId: `${tableId}-dealer`, role: 'dealer', name: 'Dealer' }));
    expect(dealerEv.status).toBe(200);
    expect((dealerEv.body['events'] as { type: string; deck?: unknown }[]).find((e) => e.type === 'hand-ended')).not.toHaveProperty('deck');
    expect(JSON.stringify(dealerEv.body)).not.toContain('"salt"');
    // the hand list (pit boss): newest first, this hand ended
    const list = await app.http('GET', `/poker-tables/${tableId}/hands`, pit);
    expect(list.status).toBe(200);
    expect((list.body['hands'] as { handId: string; ending: string | null }[])[0]).toMatchObject({ handId, ending: 'complete' });
    expect((await app.http('GET', `/poker-tables/${tableId}/hands`, tokenOf(players[0]!))).status).toBe(403);

    // the showdown reaches every player as card codes (the frame's result and the events endpoint alike)
    const shownCodes = result.shown.map((x) => ({ seat: x.seat, cards: x.cards.map((c) => cardCodeOf(c)) }));
    expect(shownCodes.length).toBeGreaterThanOrEqual(2);
    const last = frames.get(players[0]!.userId)!.filter((f) => f.hand?.phase === 'complete').at(-1)!;
    expect(last.hand!.result!.shown.map((x) => ({ seat: x.seat, cards: x.cards }))).toEqual(shownCodes);
    expect(last.hand!.seats.every((x) => typeof x.timeBankMs === 'number') && last.hand!.bankInUse === false).toBe(true);
    const ended = ((await app.http('GET', `/poker-tables/${tableId}/hands/${handId}/events`, tokenOf(players[0]!))).body['events'] as { type: string; result?: { shown: { seat: number; cards: string[] }[] } }[]).find((e) => e.type === 'hand-ended');
    expect(ended?.result?.shown.map((x) => ({ seat: x.seat, cards: x.cards }))).toEqual(shownCodes);

    // the dealer (profile: no hole-card values) and a spectator never saw a hole card before the showdown
    for (const [who, got] of watchers) {
      expect(got.length, who).toBeGreaterThan(3);
      for (const f of got) {
        if (!f.hand || f.hand.phase === 'complete') continue;
        const json = JSON.stringify(f);
        for (const codes of holes.values()) for (const code of codes) expect(json, `${who} saw a hole card`).not.toContain(code);
      }
      if (who === 'dealer' && dealing === 'shoe') expect(got.some((f) => f.cardDue !== null)).toBe(true);
    }

    // leaving returns the stack to the wallet (S1-STACK)
    const leaver = players[3]!;
    await clients.get(leaver.userId)!.poker('poker.stand-up', { tableId });
    expect(await accountBalance(app, stackAccount(leaver.userId, tableId))).toBe(0);
    expect(await app.balance(leaver.userId)).toBe(START + result.seats.find((x) => x.seat === leaver.seat)!.netMinor);
    expect(await app.invariants()).toEqual([]);
    return { handId, result };
  } finally {
    for (const c of clients.values()) c.close();
  }
}

const RANKS = '23456789TJQKA';
const SUITS = 'SHDC';
const cardCodeOf = (id: number): string => `${RANKS[id >> 2]}${SUITS[id & 3]}`;

export async function accountBalance(app: RoundsApp, account: string): Promise<number> {
  const uow = app.get<UnitOfWork>(UNIT_OF_WORK);
  return uow.run((tx) => tx.ledger.balance(account, 'EUR'));
}

const houseBalance = (app: RoundsApp): Promise<number> => accountBalance(app, 'house');

/**
 * A stand-in for the shoe's edge agent: the test itself publishes canonical `shoe.card` device events
 * over MQTT (QoS 1, with the table's issued credential). The whole device path — hardware-sim's ShoeSim
 * bytes → the edge agent → MQTT — is `poker.devices.spec.ts`. It deals a fixed, shuffled deck one card at a time while the table
 * says a card is due, and first tries one card too many before the hand starts (refused, S1-DEAL-3).
 */
export function shoeDealer(shoe: MqttClient, tableId: string, deviceId: string): (service: PokerTablesService, tableId: string) => Promise<void> {
  const deck = ['AS', 'KD', '7C', '2H', 'QS', 'JD', '9C', '3H', 'TS', '8D', '6C', '5H', '4S', 'AH', 'KC', 'QD', '2S', 'JH', '9D', '8C', '7S', '6H', '5D', '4C', '3S', 'TD', 'AC', 'KH'];
  let seq = 0;
  let next = 0;
  const publish = (card: string) => shoe.publishAsync(eventsTopic(tableId, deviceId), JSON.stringify({ v: 1, tableId, deviceId, seq: ++seq, at: Date.now(), type: 'shoe.card', payload: { card, shoeIndex: seq } }), { qos: 1 });
  return async (service) => {
    const due = () => {
      const h = service.stateOf(tableId)?.hand;
      return h && h.phase.type !== 'complete' && h.phase.type !== 'void' ? pokerTable.cardDue(h) : null;
    };
    for (let i = 0; i < 30 && due(); i++) {
      const before = service.stateOf(tableId)!.seq;
      await publish(deck[next++]!);
      await waitFor(() => service.stateOf(tableId)!.seq > before);
    }
  };
}

export async function waitFor(ok: () => boolean, ms = 5000, poll?: () => Promise<void>): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    await poll?.();
    if (ok()) return;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
