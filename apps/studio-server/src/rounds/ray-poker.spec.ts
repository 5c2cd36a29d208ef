import { describe, expect, it } from 'vitest';
import * as games from '@felt-studio/games';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { DEALER, flush, makeHarness, PITBOSS, PLAYER, type Harness } from '../../../../test/support/studio-server/harness.js';

/**
 * RAY bank poker (RAY 2011 (docs/rules) §7.2–§7.4) through the server's one write path: bets debited
 * (per-spot limits: the fixed B stake is the `bonus` spot's min = max), cards from the scanning shoe
 * as `shoe.card` device events mapped by the game's definition, players' decisions (debited as child
 * bets where they add a stake), the decision deadline armed from the kernel applying the published
 * default, the dealer's hand hidden from players until revealed, settlement paid, ledger balanced.
 */

const KERNELS = [games.rayPoker.tripleBetPokerKernel, games.rayPoker.dynamicPokerKernel, games.rayPoker.riversidePokerKernel] as unknown as AnyKernel[];
const PROFILES = { 'triple-bet-poker': ['ray'], 'dynamic-poker': ['ray'], 'riverside-poker': ['ray'] };

async function table(h: Harness, game: string): Promise<string> {
  await h.deposit('player1', 10_000);
  await h.deposit('player2', 10_000);
  const t = await h.tables.create({ name: game, game, profileId: 'ray', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 20_000, spots: { bonus: { minMinor: 100, maxMinor: 100 } } }, betWindowS: 10, cadence: { auto: false, pauseS: 5 }, devices: [{ deviceId: 'shoe-1', kind: 'shoe' }] }, PITBOSS);
  if (!t.ok) throw new Error(t.violation.message);
  await h.tables.setStatus(t.value.tableId, 'open', 'test', PITBOSS);
  await h.rounds.openRound(t.value.tableId, DEALER);
  return t.value.tableId;
}

/** A `shoe.card` device event, mapped to its command by the game's definition (as the ingest does), executed on the write path. */
async function shoeCard(h: Harness, tableId: string, game: string, card: string): Promise<void> {
  const def = games.gameDefinition(game);
  const reaction = def?.devices.map({ type: 'shoe.card', deviceId: 'shoe-1', payload: { card } }, { hints: {} }, h.clock.now());
  if (reaction?.kind !== 'command') throw new Error(`${game}: shoe.card is not a command`);
  const r = await h.rounds.execute(tableId, reaction.command, SYSTEM_ACTOR, { closesBetting: reaction.closesBetting });
  expect(r.ok ? r.ok : r.violation).toBe(true);
}

async function bet(h: Harness, tableId: string, n: number, betId: string, spot: string, stakeMinor: number) {
  return h.rounds.execute(tableId, { type: 'PlaceBet', at: h.clock.now(), bet: { betId, playerId: `player${n}`, spot, stakeMinor } }, PLAYER(n));
}

async function decide(h: Harness, tableId: string, n: number, action: string): Promise<void> {
  const r = await h.control.playerDecision(tableId, PLAYER(n), { type: 'PlayerAction', action });
  expect(r.ok ? r.ok : r.violation).toBe(true);
}

describe('RAY bank poker through the rounds service (§7.2–§7.4)', () => {
  it('Triple Bet: three equal bets and the fixed B; a removal returns a bet, the timer keeps them; pair of tens pays 1 x; the ledger balances (TB-1..TB-3, TB-L1..L2)', async () => {
    const h = makeHarness(KERNELS, PROFILES);
    const tableId = await table(h, 'triple-bet-poker');
    for (const [betId, spot] of [['a1', 'bet-1'], ['a2', 'bet-2'], ['a3', 'bet-3']]) expect((await bet(h, tableId, 1, betId as string, spot as string, 1_000)).ok).toBe(true);
    const tooBig = await bet(h, tableId, 1, 'x1', 'bonus', 200);
    expect(tooBig.ok ? 'ok' : tooBig.violation.code).toBe('ABOVE_MAX');
    expect((await bet(h, tableId, 1, 'x2', 'bonus', 100)).ok).toBe(true);
    for (const [betId, spot] of [['c1', 'bet-1'], ['c2', 'bet-2'], ['c3', 'bet-3']]) expect((await bet(h, tableId, 2, betId as string, spot as string, 500)).ok).toBe(true);
    expect(await h.balance('player1')).toBe(6_900);
    for (const card of ['TC', 'KH', '2D']) await shoeCard(h, tableId, 'triple-bet-poker', card);
    await decide(h, tableId, 1, 'remove');
    // player2 says nothing: at the deadline the published default keeps every bet
    await h.advance(16_000);
    await shoeCard(h, tableId, 'triple-bet-poker', 'TD');
    await decide(h, tableId, 1, 'keep');
    await decide(h, tableId, 2, 'remove');
    await shoeCard(h, tableId, 'triple-bet-poker', '3S');
    await flush();
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    // pair of tens, 1 x insatsen net: player1 bet 1 returned, bets 2 and 3 win 2 000 each, B (one pair) lost
    expect(await h.balance('player1')).toBe(10_000 - 3_100 + 1_000 + 2_000 + 2_000);
    // player2: bet 1 kept by the timer wins 1 000, bet 2 removed returns 500, bet 3 wins 1 000
    expect(await h.balance('player2')).toBe(10_000 - 1_500 + 1_000 + 500 + 1_000);
    expect(await h.invariants()).toEqual([]);
  });

  it('Dynamic: Flop, Turn and River raises debited; the timer folds the undecided hand; the dealer is hidden until the reveal; aces win (DY-1..DY-3)', async () => {
    const h = makeHarness(KERNELS, PROFILES);
    const tableId = await table(h, 'dynamic-poker');
    expect((await bet(h, tableId, 1, 'a1', 'blind', 1_000)).ok).toBe(true);
    expect((await bet(h, tableId, 1, 'x1', 'bonus', 100)).ok).toBe(true);
    expect((await bet(h, tableId, 2, 'a2', 'blind', 500)).ok).toBe(true);
    for (const card of ['AS', 'KC', 'AD', 'QD']) await shoeCard(h, tableId, 'dynamic-poker', card);
    const view = await h.rounds.viewOf(tableId, { role: 'player', playerId: 'player1' });
    expect(JSON.stringify(view)).toMatch(/"AS"/);
    expect(JSON.stringify(view)).not.toMatch(/KC|QD/);
    await decide(h, tableId, 1, 'play');
    expect(await h.balance('player1')).toBe(10_000 - 1_100 - 2_000);
    await h.advance(16_000);
    for (const card of ['2C', '7H', '9S']) await shoeCard(h, tableId, 'dynamic-poker', card);
    await decide(h, tableId, 1, 'raise');
    await shoeCard(h, tableId, 'dynamic-poker', 'JD');
    await decide(h, tableId, 1, 'raise');
    await shoeCard(h, tableId, 'dynamic-poker', '4C');
    await flush();
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    // pair of aces beats king-high: Blind pushes (below a flush), Flop 2 000, Turn and River 1 000 each win 1:1, B A-A 50 x
    expect(await h.balance('player1')).toBe(10_000 - 5_100 + 1_000 + 4_000 + 2_000 + 2_000 + 5_100);
    expect(await h.balance('player2')).toBe(9_500);
    expect(await h.invariants()).toEqual([]);
  });

  it('Riverside: Call 2 × Blind debited, the timer folds; qualified dealer, player two pair: Call 1:1, Blind 1 x, Bonus 10 x (RV-1..RV-3)', async () => {
    const h = makeHarness(KERNELS, PROFILES);
    const tableId = await table(h, 'riverside-poker');
    expect((await bet(h, tableId, 1, 'a1', 'blind', 1_000)).ok).toBe(true);
    expect((await bet(h, tableId, 1, 'x1', 'bonus', 100)).ok).toBe(true);
    expect((await bet(h, tableId, 2, 'a2', 'blind', 500)).ok).toBe(true);
    for (const card of ['AS', 'QC', 'KD', 'QD', 'AC', 'KH', '7S']) await shoeCard(h, tableId, 'riverside-poker', card);
    const v2 = JSON.stringify(await h.rounds.viewOf(tableId, { role: 'player', playerId: 'player2' }));
    expect(v2).toMatch(/"KD"/);
    expect(v2).not.toMatch(/QC|QD/);
    await decide(h, tableId, 1, 'call');
    expect(await h.balance('player1')).toBe(10_000 - 1_100 - 2_000);
    await h.advance(16_000);
    for (const card of ['4D', '2C']) await shoeCard(h, tableId, 'riverside-poker', card);
    await flush();
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    expect(await h.balance('player1')).toBe(10_000 - 3_100 + 2_000 + 4_000 + 1_100);
    expect(await h.balance('player2')).toBe(9_500);
    expect(await h.invariants()).toEqual([]);
  });

  /** Ledger entries of one bet's settlement posting (`settle:<roundId>:<betId>`). */
  async function settlePostings(h: Harness, betId: string): Promise<string[]> {
    const snap = await h.uow.snapshot();
    return [...new Set(snap.entries.filter((e) => e.postingId.startsWith('settle:') && e.postingId.endsWith(`:${betId}`)).map((e) => e.postingId))];
  }

  it('Riverside Bonus posted to the ledger BEFORE the turn and river (§7.4 "Bonus wins are paid, and losing bonus bets collected, BEFORE turn and river"), and not again at the end (RV-L2)', async () => {
    const h = makeHarness(KERNELS, PROFILES);
    const tableId = await table(h, 'riverside-poker');
    expect((await bet(h, tableId, 1, 'a1', 'blind', 1_000)).ok).toBe(true);
    expect((await bet(h, tableId, 1, 'x1', 'bonus', 100)).ok).toBe(true);
    expect((await bet(h, tableId, 2, 'a2', 'blind', 500)).ok).toBe(true);
    expect((await bet(h, tableId, 2, 'x2', 'bonus', 100)).ok).toBe(true);
    for (const card of ['AS', 'QC', 'KD', 'QD', 'AC', 'KH', '7S']) await shoeCard(h, tableId, 'riverside-poker', card);
    await decide(h, tableId, 1, 'call');
    await flush();
    // player2 has not decided: nothing is final yet
    expect(await settlePostings(h, 'x1')).toEqual([]);
    await h.advance(16_000); // the timer folds player2 (RV-L1)
    await flush();
    const round = await h.rounds.currentRound(tableId);
    expect(round?.state.phase).toBe('play');
    expect((round?.state as unknown as { cards: unknown[] }).cards.length).toBe(7); // turn and river not out
    // two pair on the first five: Bonus 10 x net paid now; player2's folded bonus collected now
    expect(await h.balance('player1')).toBe(10_000 - 1_100 - 2_000 + 1_100);
    expect(await settlePostings(h, 'x1')).toHaveLength(1);
    expect(await settlePostings(h, 'x2')).toHaveLength(1);
    // the player's own frame shows the line; the other player's does not
    const events = await h.rounds.loadEvents(round?.roundId ?? '', 0);
    expect(events.filter((e) => e.type === 'BetsSettled')).toHaveLength(1);
    expect(await h.invariants()).toEqual([]);
    for (const card of ['4D', '2C']) await shoeCard(h, tableId, 'riverside-poker', card);
    await flush();
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    expect(await h.balance('player1')).toBe(10_000 - 3_100 + 2_000 + 4_000 + 1_100);
    expect(await h.balance('player2')).toBe(10_000 - 600);
    expect(await settlePostings(h, 'x1')).toHaveLength(1);
    expect(await h.invariants()).toEqual([]);
  });

  it('Riverside Bonus: a crash between the committed BetsSettled and its posting — recovery posts it once; the final settlement does not post it again', async () => {
    const h = makeHarness(KERNELS, PROFILES);
    const tableId = await table(h, 'riverside-poker');
    expect((await bet(h, tableId, 1, 'a1', 'blind', 1_000)).ok).toBe(true);
    expect((await bet(h, tableId, 1, 'x1', 'bonus', 100)).ok).toBe(true);
    for (const card of ['AS', 'QC', 'KD', 'QD', 'AC', 'KH', '7S']) await shoeCard(h, tableId, 'riverside-poker', card);
    h.settlement.auto = false; // the process dies before posting
    await decide(h, tableId, 1, 'call');
    await flush();
    expect(h.settlement.early).toHaveLength(1);
    expect(await settlePostings(h, 'x1')).toEqual([]);
    const { h: h2 } = await h.restart();
    await flush();
    expect(await settlePostings(h2, 'x1')).toHaveLength(1);
    expect(await h2.balance('player1')).toBe(10_000 - 3_100 + 1_100);
    // a second restart finds nothing pending
    const { h: h3 } = await h2.restart();
    await flush();
    expect(await settlePostings(h3, 'x1')).toHaveLength(1);
    for (const card of ['4D', '2C']) await shoeCard(h3, tableId, 'riverside-poker', card);
    await flush();
    expect((await h3.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    expect(await h3.balance('player1')).toBe(10_000 - 3_100 + 2_000 + 4_000 + 1_100);
    expect(await settlePostings(h3, 'x1')).toHaveLength(1);
    expect(await h3.invariants()).toEqual([]);
  });
});
