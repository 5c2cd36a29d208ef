import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CARDS, poker, type Card } from '@felt-studio/games';
import { Agent, parseConfig, silentLogger } from '@felt-studio/edge-agent';
import { ManualScheduler, MockSerialWiring, PokerShoeDealer, ShoeSim } from '@felt-studio/hardware-sim';
import { RealtimeClient } from '@felt-studio/client-sdk';
import type { PokerTableFrame } from '@felt-studio/protocol';
import type { EmbeddedBroker } from '../mqtt/embedded-broker.js';
import { MQTT_BROKER } from '../shared/ports/mqtt.tokens.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { PokerModule } from './poker.module.js';
import { accountBalance, sixPlayerHand, waitFor } from '../../../../test/support/studio-server/poker.acceptance.js';
import { PokerTablesService, stackAccount } from './poker-tables.service.js';

/**
 * Issue 11, Tests: "a 6-player hand played through the server over socket.io on simulated devices,
 * ending with the ledger check" — the whole device path, in process: hardware-sim's ShoeSim (one deck
 * per hand) speaks Felt shoe line protocol v1 bytes over a serial port (serialport's mock binding) to
 * the real edge agent (apps/edge-agent), which publishes canonical `shoe.card` events with the table's
 * issued device credential to the server's embedded MQTT broker; the device ingest hands them to the
 * poker table (S1-DEAL-1, taken only while `cardDue`). A simulated dealer watches the dealer console's
 * socket frames and draws a card whenever one is due (`PokerShoeDealer`). Players act over socket.io
 * with @felt-studio/client-sdk. Nothing in this file publishes to MQTT.
 */
interface ShoeRig {
  readonly shoe: ShoeSim;
  readonly dealer: PokerShoeDealer;
  readonly agent: Agent;
  /** every raw frame the dealer console's socket received. */
  readonly frames: PokerTableFrame[];
  stop(): Promise<void>;
}

let app: RoundsApp;
const rigs: ShoeRig[] = [];

/** The table's shoe on its edge agent, and the dealer console that deals from it. */
async function startShoe(tableId: string, stack?: (n: number) => readonly Card[] | undefined): Promise<ShoeRig> {
  const admin = app.token(`${tableId}-admin`, 'admin');
  const issued = await app.http('POST', `/tables/${tableId}/devices/shoe-1/credentials`, admin, { reason: 'poker device test' });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  const cred = issued.body as unknown as { username: string; password: string };
  // device time never advances: no heartbeats, no timers; every frame is the dealer drawing a card
  const shoe = new ShoeSim({ scheduler: new ManualScheduler(), seed: 1101, decks: 1, cutFromEnd: 0, ...(stack ? { stack } : {}) });
  const wiring = new MockSerialWiring();
  const path = wiring.wire(`/dev/felt-poker-${tableId}-shoe-1`, (io) => shoe.start(io));
  const dataDir = mkdtempSync(join(tmpdir(), 'felt-poker-edge-'));
  const parsed = parseConfig({ tableId, mqtt: { url: app.get<EmbeddedBroker>(MQTT_BROKER).url }, dataDir, devices: [{ model: 'felt-shoe', deviceId: 'shoe-1', path, credentials: { username: cred.username, password: cred.password } }] });
  if (!parsed.ok) throw new Error(parsed.error);
  const agent = new Agent({ config: parsed.config, log: silentLogger, createPort: wiring.createPort });
  agent.start();
  const link = agent.device('shoe-1').link;
  await waitFor(() => link.stats.acked > 0, 10_000); // online: its `shoe.inserted` reached the broker
  const dealer = new PokerShoeDealer(shoe);
  const console = new RealtimeClient({ baseUrl: app.url, token: app.token(`${tableId}-dealer`, 'dealer') });
  const frames: PokerTableFrame[] = [];
  const see = (f: PokerTableFrame): void => {
    frames.push(f);
    dealer.see(f);
  };
  console.socket.on('poker.table', see);
  see(await console.poker('poker.join', { tableId }));
  const rig: ShoeRig = {
    shoe,
    dealer,
    agent,
    frames,
    async stop() {
      console.close();
      await agent.stop();
      shoe.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  rigs.push(rig);
  return rig;
}

/** The acceptance scenario's "deal" step on a device table: the dealer console deals on its own; wait until someone must act or the hand is over. */
const untilDealt = async (service: PokerTablesService, tableId: string): Promise<void> => {
  await waitFor(() => {
    const h = service.stateOf(tableId)?.hand;
    return !h || h.phase.type === 'complete' || h.phase.type === 'void' || h.toAct !== null;
  }, 10_000);
};

/** A deck with `top` first, then every other card in the canonical order. */
const stacked = (top: readonly Card[]): Card[] => [...top, ...ALL_CARDS.filter((c) => !top.includes(c))];

beforeAll(async () => {
  process.env['FELT_POKER_NEXT_HAND_MS'] = String(3_600_000);
  process.env['FELT_POKER_ROBOTS'] = '0';
  app = await bootRoundsApp({ imports: [PokerModule] });
});
afterAll(async () => {
  for (const r of rigs.splice(0)) await r.stop();
  await app?.close();
});

/** A six-seat, shoe-dealt no-limit Hold'em table (blinds 50/100, buy-in 1000..10 000), created by its pit boss, whose token it returns; `config` adds to the table's. */
async function createShoeTable(tableId: string, name: string, config: Record<string, unknown>): Promise<string> {
  const pit = app.token(`${tableId}-pit`, 'pitboss');
  const created = await app.http('POST', '/poker-tables', pit, {
    tableId,
    name,
    dealing: 'shoe',
    config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 60_000, ...config },
    seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return pit;
}

describe('live poker on simulated devices: ShoeSim → serial → edge agent → MQTT → device ingest → the table', () => {
  it('a 6-player Hold’em hand dealt by the simulated shoe, played over socket.io: side pots to the right winners, rake to the house, the ledger balanced, no hole card leaked, the dealer saw "card scanned"', async () => {
    // Seats 1..6 buy in 1000, 2000, 3000, 5000, 5000, 5000; the button is seat 1 on the first hand, so the
    // shoe deals seats 2,3,4,5,6,1 twice, then the board (no burn cards). Seat 6 folds, the others go all-in:
    // the main pot and three side pots, each with a different winner.
    const holes: Record<number, [Card, Card]> = { 1: ['KS', 'KD'], 2: ['7S', '7H'], 3: ['4D', '4H'], 4: ['AS', 'AD'], 5: ['QS', 'QD'], 6: ['8S', '8D'] };
    const order = [2, 3, 4, 5, 6, 1];
    const board: Card[] = ['2C', '7D', 'KH', '4S', '9C'];
    const deck = [...order.map((s) => holes[s]![0]), ...order.map((s) => holes[s]![1]), ...board];
    let rig: ShoeRig | undefined;
    const tableId = 'pk-dev-1';
    const { handId, result } = await sixPlayerHand(app, {
      tableId,
      prepare: async (t) => {
        rig = await startShoe(t, (n) => (n === 0 ? stacked(deck) : undefined));
      },
      deal: untilDealt,
    });
    const r = rig!;
    const s = app.get(PokerTablesService).stateOf(tableId)!;

    // the cards the table took are the shoe's, in the shoe's order, and reached it only as shoe bytes
    expect(s.hand!.handId).toBe(handId);
    expect(s.hand!.dealt.map((c) => poker.cardCode(c))).toEqual(deck);
    for (const [seat, cards] of Object.entries(holes)) expect(s.hand!.seats.find((x) => x.seat === Number(seat))!.cards.map((k) => poker.cardCode(k.card))).toEqual(cards);
    expect(s.hand!.board.map((c) => poker.cardCode(c))).toEqual(board);
    expect(r.dealer.stats.cards).toBe(17);
    expect(r.agent.device('shoe-1').link.stats.acked).toBeGreaterThanOrEqual(1 + 17); // shoe.inserted + 17 shoe.card

    // kings (seat 1) take the main pot, sevens the first side pot, fours the second, aces beat queens for the last
    expect(result.type).toBe('showdown');
    // contributions 1000/2000/3000/5000/5000/0: pots of 5000, 4000, 3000, 4000; the rake (5 %, capped at 300,
    // S1-RAKE) comes off each pot in proportion to its chips (PT-RAKE-ALLOC, issue 24): 93.75, 75, 56.25, 75 →
    // 93 + 75 + 56 + 75 = 299, the last chip to the largest remainder (the main pot)
    expect(result.rakeMinor).toBe(300);
    expect(result.pots.map((p) => [p.amountMinor, p.rakeMinor])).toEqual([[4906, 94], [3925, 75], [2944, 56], [3925, 75]]);
    expect(result.awards.map((a) => [a.amountMinor, a.winners])).toEqual([
      [4906, [1]],
      [3925, [2]],
      [2944, [3]],
      [3925, [4]],
    ]);
    expect(result.seats.map((x) => [x.seat, x.netMinor])).toEqual([
      [1, 4906 - 1000],
      [2, 3925 - 2000],
      [3, 2944 - 3000],
      [4, 3925 - 5000],
      [5, -5000],
      [6, 0], // folded without a blind in
    ]);

    // the dealer console: a down card is "card scanned" (hidden), never its value, until the showdown
    const live = r.frames.filter((f) => f.hand?.handId === handId && f.hand.phase !== 'complete');
    const lastLive = live.at(-1)!;
    for (const x of lastLive.hand!.seats) expect(x.cards).toEqual([{ hidden: true, up: false }, { hidden: true, up: false }]);
    const codes = Object.values(holes).flat();
    for (const f of live) for (const c of codes) expect(JSON.stringify(f.hand!.seats)).not.toContain(`"${c}"`);
    // the hand is over: the dealer put a fresh deck in for the next one ($SHOE,OUT / $SHOE,IN,1)
    await waitFor(() => r.shoe.shoesInserted === 2);
    expect(r.shoe.cardsLeft).toBe(52);
  });

  it('a burnCards table (PT-BURN): the shoe deals a burn before the flop, the turn and the river; the table takes them as burns and no player frame ever carries a burned card', async () => {
    const tableId = 'pk-dev-burn';
    await createShoeTable(tableId, 'Hold’em burn', { burnCards: true });
    // the button is seat 1: the shoe deals seats 2, 3, 1 twice, then burn, flop, burn, turn, burn, river
    const burns: Card[] = ['AC', 'AH', 'AS'];
    const deck: Card[] = ['KS', 'QS', 'JS', 'KD', 'QD', 'JD', burns[0]!, '2C', '7D', '9H', burns[1]!, '4S', burns[2]!, '3C'];
    const r = await startShoe(tableId, (n) => (n === 0 ? stacked(deck) : undefined));
    const service = app.get(PokerTablesService);
    const players = [1, 2, 3].map((seat) => ({ seat, userId: `${tableId}-u${seat}`, frames: [] as PokerTableFrame[], client: new RealtimeClient({ baseUrl: app.url, token: app.token(`${tableId}-u${seat}`, 'player') }) }));
    try {
      for (const p of players) {
        await app.deposit(p.userId, 10_000);
        p.client.socket.on('poker.table', (f: PokerTableFrame) => p.frames.push(f));
        p.frames.push(await p.client.poker('poker.join', { tableId }));
        await p.client.poker('poker.sit', { tableId, seat: p.seat, buyInMinor: 2000, postToEnter: false });
      }
      expect((await service.startNextHand(tableId)).ok).toBe(true);
      const handId = service.stateOf(tableId)!.hand!.handId;
      const act = async (seat: number, action: Record<string, unknown>): Promise<void> => {
        await waitFor(() => {
          const h = service.stateOf(tableId)!.hand!;
          return h.toAct !== null && h.seats[h.toAct]!.seat === seat;
        }, 10_000);
        await players[seat - 1]!.client.poker('poker.act', { tableId, handId, ...action } as never);
      };
      await act(1, { action: 'call' });
      await act(2, { action: 'call' });
      await act(3, { action: 'check' });
      for (let street = 0; street < 3; street++) for (const seat of [2, 3, 1]) await act(seat, { action: 'check' });
      await waitFor(() => service.stateOf(tableId)!.hand!.phase.type === 'complete', 10_000);
      const h = service.stateOf(tableId)!.hand!;
      expect(h.burned.map((c) => poker.cardCode(c))).toEqual(burns);
      expect(h.board.map((c) => poker.cardCode(c))).toEqual(['2C', '7D', '9H', '4S', '3C']);
      expect(h.dealt.map((c) => poker.cardCode(c))).toEqual(deck);
      expect(r.dealer.stats).toMatchObject({ cards: deck.length, burns: 3 });
      // the dealer console was told to burn; it never saw a burned card's value, and neither did any player
      expect(r.frames.some((f) => f.cardDue?.to === 'burn')).toBe(true);
      await waitFor(() => players.every((p) => p.frames.some((f) => f.hand?.handId === handId && f.hand.phase === 'complete')));
      for (const f of [...r.frames, ...players.flatMap((p) => p.frames)]) for (const b of burns) expect(JSON.stringify(f)).not.toContain(`"${b}"`);
      expect(await app.invariants()).toEqual([]);
    } finally {
      for (const p of players) p.client.close();
    }
  });

  it('the shoe taken out mid-hand alerts the pit boss (P4-IRR); a shoe fault ($ERR,JAM → device.fault device_error) voids the hand in play: every contribution back, POKER_HAND_VOIDED (S1-FAIL-RING)', async () => {
    const tableId = 'pk-dev-fault';
    const pit = await createShoeTable(tableId, 'Hold’em fault', { rake: { basisPoints: 500, capMinor: 300, noFlopNoDrop: false } });
    const r = await startShoe(tableId);
    const service = app.get(PokerTablesService);
    const START = 10_000;
    const players = [1, 2, 3].map((seat) => ({ seat, userId: `${tableId}-u${seat}`, client: new RealtimeClient({ baseUrl: app.url, token: app.token(`${tableId}-u${seat}`, 'player') }) }));
    try {
      for (const p of players) {
        await app.deposit(p.userId, START);
        await p.client.poker('poker.join', { tableId });
        await p.client.poker('poker.sit', { tableId, seat: p.seat, buyInMinor: 2000, postToEnter: false });
      }
      expect((await service.startNextHand(tableId)).ok).toBe(true);
      await untilDealt(service, tableId);
      const hand = service.stateOf(tableId)!.hand!;
      expect(hand.seats.every((x) => x.cards.length === 2)).toBe(true); // six cards came from the shoe
      // seat 1 (the button, first to act three-handed) raises to 400, seat 2 calls: chips are in the middle
      const act = async (seat: number, action: Record<string, unknown>): Promise<void> => {
        await waitFor(() => service.stateOf(tableId)!.hand!.toAct !== null && service.stateOf(tableId)!.hand!.seats[service.stateOf(tableId)!.hand!.toAct!]!.seat === seat);
        await players[seat - 1]!.client.poker('poker.act', { tableId, handId: hand.handId, ...action } as never);
      };
      await act(1, { action: 'raise', toMinor: 400 });
      await act(2, { action: 'call' });
      expect(service.stateOf(tableId)!.hand!.seats.reduce((n, x) => n + x.totalMinor, 0)).toBeGreaterThan(0);

      // the shoe taken out mid-hand (`$SHOE,OUT`, devices.md §6): not a void by itself — the pit boss is told and decides (P4-IRR)
      const alertsNow = async (): Promise<{ code: string; message: string }[]> => (await app.http('GET', `/alerts?tableId=${tableId}`, pit)).body as unknown as { code: string; message: string }[];
      r.shoe.remove();
      let alerts: { code: string; message: string }[] = [];
      await waitFor(() => alerts.some((a) => a.code === 'DEVICE_EVENT_REFUSED'), 5000, async () => {
        alerts = await alertsNow();
      });
      expect(alerts.find((a) => a.code === 'DEVICE_EVENT_REFUSED')?.message).toContain('POKER_SHOE_REMOVED');
      expect(service.stateOf(tableId)!.hand!.phase.type).toBe('bet');
      r.shoe.insert(); // the dealer puts it back
      const shoes = r.shoe.shoesInserted;

      r.shoe.injectFault({ type: 'error', code: 'JAM' }); // `$ERR,<seq>,JAM*hh` on the serial line
      await waitFor(() => service.stateOf(tableId)!.hand!.phase.type === 'void', 10_000);

      // every contribution back: stacks as bought in, nothing posted, the ledger balanced
      for (const p of players) {
        expect(service.stateOf(tableId)!.seats.seats.find((x) => x.seat === p.seat)?.stackMinor).toBe(2000);
        expect(await accountBalance(app, stackAccount(p.userId, tableId))).toBe(2000);
        expect(await app.balance(p.userId)).toBe(START - 2000);
      }
      expect(await app.invariants()).toEqual([]);
      await waitFor(() => alerts.some((a) => a.code === 'POKER_HAND_VOIDED'), 5000, async () => {
        alerts = await alertsNow();
      });
      expect(alerts.find((a) => a.code === 'POKER_HAND_VOIDED')?.message).toContain('shoe-1');
      // the players saw the void; the dealer put a fresh deck in
      await waitFor(() => r.frames.some((f) => f.hand?.handId === hand.handId && f.hand.phase === 'void'));
      await waitFor(() => r.shoe.shoesInserted === shoes + 1);
    } finally {
      for (const p of players) p.client.close();
    }
  });
});
