import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { eventsTopic } from '@felt-studio/protocol';
import type { EmbeddedBroker } from '../mqtt/embedded-broker.js';
import { DeviceCredentialsService } from '../mqtt/device-credentials.js';
import { MQTT_BROKER } from '../shared/ports/mqtt.tokens.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';

/**
 * RAY bank poker (RAY 2011 (docs/rules) §7.2–§7.4) on the embedded studio: a simulated scanning shoe
 * publishes `shoe.card` over MQTT with its issued credential, the game's definition maps each to a card
 * of the round (the first closes betting), players decide over HTTP within the decision window, the
 * round settles and the ledger balances.
 */
describe('RAY bank poker on the embedded studio: shoe events and decisions to settlement', () => {
  let app: RoundsApp;
  const devices: MqttClient[] = [];
  beforeAll(async () => {
    app = await bootRoundsApp({ config: { database: { kind: 'pglite', dataDir: null } } });
  });
  afterAll(async () => {
    for (const d of devices) await d.endAsync();
    await app.close();
  });

  const phaseOf = async (tableId: string) => (await app.get(RoundsService).currentRound(tableId))?.state as unknown as { phase: string; window: unknown; cards: unknown[] } | undefined;
  async function until(tableId: string, ok: (s: { phase: string; window: unknown; cards: unknown[] }) => boolean): Promise<void> {
    for (let i = 0; i < 400; i++) {
      const s = await phaseOf(tableId);
      if (s && ok(s)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`table ${tableId} did not reach the expected state: ${JSON.stringify(await phaseOf(tableId))}`);
  }

  async function table(game: string, n: number) {
    const pit = app.token('pitboss1', 'pitboss');
    const t = await app.http('POST', '/tables', pit, { name: `${game} E`, game, profileId: 'ray', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 20_000, spots: { bonus: { minMinor: 100, maxMinor: 100 } } }, betWindowS: 30, devices: [{ deviceId: 'shoe-1', kind: 'shoe' }] });
    expect(t.status).toBe(201);
    const tableId = String(t.body['tableId']);
    await app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'test' });
    const cred = await app.get(DeviceCredentialsService).issue(tableId, 'shoe-1');
    const shoe = await mqtt.connectAsync(app.get<EmbeddedBroker>(MQTT_BROKER).url, { username: cred.username, password: cred.password, reconnectPeriod: 0 });
    devices.push(shoe);
    let seq = 0;
    const deal = async (cards: string[]) => {
      for (const card of cards) {
        await shoe.publishAsync(eventsTopic(tableId, 'shoe-1'), JSON.stringify({ v: 1, tableId, deviceId: 'shoe-1', seq: ++seq, at: Date.now(), type: 'shoe.card', payload: { card, shoeIndex: seq } }), { qos: 1 });
        const want = seq;
        await until(tableId, (s) => s.cards.length === want);
      }
    };
    const players = [`${game}-a${n}`, `${game}-b${n}`];
    for (const p of players) await app.deposit(p, 10_000);
    expect((await app.http('POST', `/tables/${tableId}/rounds`, app.token('dealer1', 'dealer'))).status).toBe(201);
    const bet = (who: string, betId: string, spot: string, stakeMinor: number) => app.http('POST', `/tables/${tableId}/bets`, app.token(who, 'player'), { betId, spot, stakeMinor });
    const decide = (who: string, action: string) => app.http('POST', `/tables/${tableId}/round/decisions`, app.token(who, 'player'), { type: 'PlayerAction', action });
    return { tableId, deal, players, bet, decide };
  }

  it('Triple Bet: removals over HTTP, community cards from the shoe, pair of tens pays 1 x on the bets left (TB-1..TB-3)', async () => {
    const t = await table('triple-bet-poker', 1);
    const [a, b] = t.players as [string, string];
    for (const [i, spot] of ['bet-1', 'bet-2', 'bet-3'].entries()) {
      expect((await t.bet(a, `ta${i}`, spot, 1_000)).status).toBe(200);
      expect((await t.bet(b, `tb${i}`, spot, 500)).status).toBe(200);
    }
    expect((await t.bet(a, 'tax', 'bonus', 100)).status).toBe(200);
    await t.deal(['TC', 'KH', '2D']);
    expect((await t.decide(a, 'remove')).status).toBe(200);
    expect((await t.decide(b, 'keep')).status).toBe(200);
    await t.deal(['TD']);
    expect((await t.decide(a, 'keep')).status).toBe(200);
    expect((await t.decide(b, 'remove')).status).toBe(200);
    await t.deal(['3S']);
    await until(t.tableId, (s) => s.phase === 'settled');
    expect(await app.balance(a)).toBe(10_000 - 3_100 + 1_000 + 2_000 + 2_000);
    expect(await app.balance(b)).toBe(10_000 - 1_500 + 1_000 + 500 + 1_000);
    expect(await app.invariants()).toEqual([]);
  });

  it('Dynamic: Flop, Turn and River over HTTP; a River raise without a Turn raise is refused; aces beat king-high (DY-1..DY-3)', async () => {
    const t = await table('dynamic-poker', 2);
    const [a, b] = t.players as [string, string];
    expect((await t.bet(a, 'da', 'blind', 1_000)).status).toBe(200);
    expect((await t.bet(b, 'db', 'blind', 500)).status).toBe(200);
    await t.deal(['AS', 'KC', 'AD', 'QD']);
    const hidden = await app.http('GET', `/tables/${t.tableId}/round`, app.token(a, 'player'));
    expect(hidden.status).toBe(200);
    expect(JSON.stringify(hidden.body)).toMatch(/"AS"/);
    expect(JSON.stringify(hidden.body)).not.toMatch(/"KC"|"QD"/);
    expect((await t.decide(a, 'play')).status).toBe(200);
    expect((await t.decide(b, 'play')).status).toBe(200);
    await t.deal(['2C', '7H', '9S']);
    expect((await t.decide(a, 'raise')).status).toBe(200);
    expect((await t.decide(b, 'check')).status).toBe(200);
    await t.deal(['JD']);
    const refused = await t.decide(b, 'raise');
    expect([refused.status, refused.body.code]).toEqual([422, 'DECISION_NOT_PENDING']);
    expect((await t.decide(a, 'raise')).status).toBe(200);
    await t.deal(['4C']);
    await until(t.tableId, (s) => s.phase === 'settled');
    // both hold A-A against K-Q high: Blind pushes (below a flush), every raise wins 1:1
    expect(await app.balance(a)).toBe(10_000 - 5_000 + 1_000 + 4_000 + 2_000 + 2_000);
    expect(await app.balance(b)).toBe(10_000 - 1_500 + 500 + 2_000);
    expect(await app.invariants()).toEqual([]);
  });

  it('Riverside: Call over HTTP after the open flop; a fold loses Blind and Bonus; qualified dealer, player two pair (RV-1..RV-3)', async () => {
    const t = await table('riverside-poker', 3);
    const [a, b] = t.players as [string, string];
    expect((await t.bet(a, 'ra', 'blind', 1_000)).status).toBe(200);
    expect((await t.bet(a, 'rax', 'bonus', 100)).status).toBe(200);
    expect((await t.bet(b, 'rb', 'blind', 500)).status).toBe(200);
    expect((await t.bet(b, 'rbx', 'bonus', 100)).status).toBe(200);
    await t.deal(['AS', 'QC', 'KD', 'QD', 'AC', 'KH', '7S']);
    expect((await t.decide(a, 'call')).status).toBe(200);
    expect((await t.decide(b, 'fold')).status).toBe(200);
    // §7.4 (RV-L2): the Bonus is paid — two pair on the first five, 10 x — before turn and river are out
    for (let i = 0; i < 400 && (await app.balance(a)) !== 10_000 - 3_100 + 1_100; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await app.balance(a)).toBe(10_000 - 3_100 + 1_100);
    expect((await phaseOf(t.tableId))?.cards).toHaveLength(7);
    expect(await app.invariants()).toEqual([]);
    await t.deal(['4D', '2C']);
    await until(t.tableId, (s) => s.phase === 'settled');
    expect(await app.balance(a)).toBe(10_000 - 3_100 + 2_000 + 4_000 + 1_100);
    expect(await app.balance(b)).toBe(10_000 - 600);
    expect(await app.invariants()).toEqual([]);
  });
});
