import { describe, expect, it, vi } from 'vitest';
import type { AlertsService } from '../alerts/alerts.service.js';
import { FixedClock, SequentialIds } from '../shared/clock.js';
import { InMemoryUnitOfWork } from '../persistence/in-memory.uow.js';
import { InMemoryTableLeases } from '../cluster/table-lease.js';
import { ManualScheduler } from '../shared/host/scheduler.js';
import { TableHost } from '../shared/host/table-host.js';
import { OwnedTables } from '../cluster/owned-tables.js';
import { TableOwnershipService } from '../cluster/table-ownership.service.js';
import type { RecoveryService } from '../rounds/recovery.service.js';
import type { RoundsService } from '../rounds/rounds.service.js';
import type { TablesService } from '../tables/tables.service.js';
import type { HttpAdapterHost } from '@nestjs/core';
import { checkLedgerInvariants, depositPosting, playerAccount } from '../shared/ledger.rules.js';
import { InMemoryPokerTablesRepository } from './poker-table.repository.js';
import { PokerTablesService, stackAccount, type PokerTimings, type PokerUser } from './poker-tables.service.js';
import { parseInput } from '../shared/http-errors.js';
import { CreatePokerTableBody } from './poker.schemas.js';

/** The live poker table service on in-memory stores, a fixed clock and a manual scheduler (issue 11). */
function world(timings: Partial<PokerTimings> = {}) {
  const clock = new FixedClock();
  const uow = new InMemoryUnitOfWork(clock);
  const repo = new InMemoryPokerTablesRepository();
  const scheduler = new ManualScheduler();
  const raised: { code: string; tableId?: string }[] = [];
  const alerts = { raise: vi.fn(async (a: { code: string; tableId?: string }) => (raised.push(a), a)) } as unknown as AlertsService;
  const make = (host = new TableHost(scheduler)): PokerTablesService => new PokerTablesService(uow, repo, clock, new SequentialIds(), host, alerts, { nextHandMs: 2000, robotMs: 500, robots: true, cardWaitMs: 60_000, ...timings });
  const service = make();
  const deposit = async (userId: string, amount: number): Promise<void> => {
    const p = depositPosting(`d-${userId}-${amount}-${clock.now()}`, userId, amount);
    await uow.run((tx) => tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at: clock.now() }))));
  };
  const balance = (account: string): Promise<number> => uow.run((tx) => tx.ledger.balance(account, 'EUR'));
  const invariants = async () => {
    const snap = await uow.snapshot();
    return checkLedgerInvariants(snap.entries, []);
  };
  /** advance the server clock and run what is due (timers arm again after each commit) */
  const tick = async (ms: number): Promise<void> => {
    clock.advance(ms);
    scheduler.runDue(clock.now());
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  };
  /** a restart: a new process whose table host recovers every table at boot (RecoveryService → TableHost.recover) */
  const restart = async (): Promise<PokerTablesService> => {
    const host = new TableHost(scheduler);
    const svc = make(host);
    await host.recover();
    return svc;
  };
  return { clock, uow, repo, scheduler, service, make, restart, deposit, balance, invariants, tick, raised };
}

const player = (n: number): PokerUser => ({ userId: `u${n}`, name: `Player ${n}`, role: 'player' });

/** Players u<seat> (€50 deposited each) sit at `seats` of the table with a €20 buy-in. */
async function seat(w: ReturnType<typeof world>, poker: Pick<PokerTablesService, 'command'>, tableId: string, seats: readonly number[]): Promise<void> {
  for (const i of seats) {
    await w.deposit(`u${i}`, 5000);
    expect((await poker.command(tableId, player(i), 'poker.sit', { tableId, seat: i, buyInMinor: 2000, postToEnter: false })).ok).toBe(true);
  }
}

async function table(w: ReturnType<typeof world>, extra: { robots?: number; actionMs?: number; timeBankMs?: number } = {}) {
  const r = await w.service.createTable({ tableId: 't1', name: "Hold'em 1", dealing: 'rng', config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: extra.actionMs ?? 10_000, timeBankMs: extra.timeBankMs ?? 0 }, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 }, robots: extra.robots ?? 0 });
  expect(r.ok).toBe(true);
  return 't1';
}

describe('PokerTablesService: seats and money (S1-STACK)', () => {
  it('a buy-in moves wallet → table stack; refused buy-ins change nothing; leaving cashes the stack out', async () => {
    const w = world();
    const t = await table(w);
    await w.deposit('u1', 5000);
    const tooBig = await w.service.command(t, player(1), 'poker.sit', { tableId: t, seat: 1, buyInMinor: 6000, postToEnter: false });
    expect(tooBig).toMatchObject({ ok: false, violation: { code: 'POKER_INSUFFICIENT_BALANCE' } });
    const small = await w.service.command(t, player(1), 'poker.sit', { tableId: t, seat: 1, buyInMinor: 500, postToEnter: false });
    expect(small).toMatchObject({ ok: false, violation: { code: 'POKER_BUY_IN_TOO_SMALL' } });
    expect(w.service.stateOf(t)?.seq).toBe(0);
    const ok = await w.service.command(t, player(1), 'poker.sit', { tableId: t, seat: 1, buyInMinor: 3000, postToEnter: false });
    expect(ok.ok).toBe(true);
    expect(await w.balance(playerAccount('u1'))).toBe(2000);
    expect(await w.balance(stackAccount('u1', t))).toBe(3000);
    // between hands a top-up applies at once
    await w.service.command(t, player(1), 'poker.top-up', { tableId: t, amountMinor: 1000 });
    expect(await w.balance(stackAccount('u1', t))).toBe(4000);
    expect(w.service.stateOf(t)?.seats.seats[0]?.stackMinor).toBe(4000);
    await w.service.command(t, player(1), 'poker.stand-up', { tableId: t });
    expect(await w.balance(playerAccount('u1'))).toBe(5000);
    expect(await w.balance(stackAccount('u1', t))).toBe(0);
    expect(await w.invariants()).toEqual([]);
  });

  it('responsible-gambling limits gate a buy-in and a top-up like a bet (issue 22 §16): refused with the gate\'s code, nothing moves', async () => {
    const w = world();
    const refusals: { playerId: string; stakeMinor: number }[] = [];
    // a self-excluded player (the LimitsService answers RG_SELF_EXCLUDED); everyone else may play up to 3 500
    const gate = {
      refuse: (playerId: string, stakeMinor: number) => {
        refusals.push({ playerId, stakeMinor });
        if (playerId === 'u2') return { code: 'RG_SELF_EXCLUDED', ruleId: null, message: 'self-excluded' };
        return stakeMinor > 3_500 ? { code: 'RG_LOSS_LIMIT', ruleId: null, message: 'over the loss limit' } : null;
      },
    };
    const svc = new PokerTablesService(w.uow, w.repo, w.clock, new SequentialIds(), new TableHost(w.scheduler), { raise: vi.fn() } as unknown as AlertsService, { nextHandMs: 2000, robotMs: 500, robots: false, cardWaitMs: 60_000 }, null, null, gate);
    const t = 'rg1';
    expect((await svc.createTable({ tableId: t, name: "Hold'em RG", dealing: 'rng', config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 10_000 }, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 } })).ok).toBe(true);
    await w.deposit('u1', 5000);
    await w.deposit('u2', 5000);
    expect(await svc.command(t, player(2), 'poker.sit', { tableId: t, seat: 2, buyInMinor: 2000, postToEnter: false })).toMatchObject({ ok: false, violation: { code: 'RG_SELF_EXCLUDED' } });
    expect(await svc.command(t, player(1), 'poker.sit', { tableId: t, seat: 1, buyInMinor: 4000, postToEnter: false })).toMatchObject({ ok: false, violation: { code: 'RG_LOSS_LIMIT' } });
    expect(svc.stateOf(t)?.seq).toBe(0);
    expect((await svc.command(t, player(1), 'poker.sit', { tableId: t, seat: 1, buyInMinor: 3000, postToEnter: false })).ok).toBe(true);
    expect(await svc.command(t, player(1), 'poker.top-up', { tableId: t, amountMinor: 4000 })).toMatchObject({ ok: false, violation: { code: 'RG_LOSS_LIMIT' } });
    expect(await w.balance(playerAccount('u2'))).toBe(5000);
    expect(await w.balance(stackAccount('u1', t))).toBe(3000);
    expect(refusals.map((r) => r.stakeMinor)).toEqual([2000, 4000, 3000, 4000]);
  });

  it('a player the pit flagged takes no new seat and joins no waiting list (issue 23, POKER_PLAYER_FLAGGED); a seat taken before stays, and lifting the flag lets them sit', async () => {
    const w = world();
    const flagged = new Set<string>();
    const svc = new PokerTablesService(w.uow, w.repo, w.clock, new SequentialIds(), new TableHost(w.scheduler), { raise: vi.fn() } as unknown as AlertsService, { nextHandMs: 2000, robotMs: 500, robots: false, cardWaitMs: 60_000 }, null, null, null, { flagged: async (id: string) => flagged.has(id) });
    const t = 'fl1';
    expect((await svc.createTable({ tableId: t, name: "Hold'em FL", dealing: 'rng', config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 10_000 }, seats: { seatCount: 2, minBuyInMinor: 1000, maxBuyInMinor: 10_000 } })).ok).toBe(true);
    for (const u of ['u1', 'u2', 'u3']) await w.deposit(u, 5000);
    expect((await svc.command(t, player(1), 'poker.sit', { tableId: t, seat: 1, buyInMinor: 2000, postToEnter: false })).ok).toBe(true);
    flagged.add('u1');
    flagged.add('u2');
    expect(await svc.command(t, player(2), 'poker.sit', { tableId: t, seat: 2, buyInMinor: 2000, postToEnter: false })).toMatchObject({ ok: false, violation: { code: 'POKER_PLAYER_FLAGGED' } });
    expect(await w.balance(playerAccount('u2'))).toBe(5000);
    // the seat u1 took before the flag stays (the pit boss watches it); a top-up is not a new seat
    expect(svc.stateOf(t)?.seats.seats.length).toBe(1);
    expect((await svc.command(t, player(1), 'poker.top-up', { tableId: t, amountMinor: 500 })).ok).toBe(true);
    expect((await svc.command(t, player(3), 'poker.sit', { tableId: t, seat: 2, buyInMinor: 2000, postToEnter: false })).ok).toBe(true);
    expect(await svc.command(t, player(2), 'poker.waitlist', { tableId: t })).toMatchObject({ ok: false, violation: { code: 'POKER_PLAYER_FLAGGED' } });
    flagged.delete('u2');
    expect((await svc.command(t, player(2), 'poker.waitlist', { tableId: t })).ok).toBe(true);
    svc.onModuleDestroy();
  });

  it('a full table queues players; the frame shows display names and never a user id', async () => {
    const w = world();
    const t = await table(w);
    for (let i = 1; i <= 7; i++) await w.deposit(`u${i}`, 5000);
    for (let i = 1; i <= 6; i++) expect((await w.service.command(t, player(i), 'poker.sit', { tableId: t, seat: i, buyInMinor: 1000, postToEnter: false })).ok).toBe(true);
    expect(await w.service.command(t, player(7), 'poker.sit', { tableId: t, seat: 1, buyInMinor: 1000, postToEnter: false })).toMatchObject({ ok: false, violation: { code: 'POKER_SEAT_TAKEN' } });
    const q = await w.service.command(t, player(7), 'poker.waitlist', { tableId: t });
    expect(q.ok).toBe(true);
    const f = w.service.frame(w.service.stateOf(t)!, player(7), 4000);
    expect(f.myWaitingPosition).toBe(1);
    expect(f.seats.map((s) => s?.displayName)).toEqual(['Player 1', 'Player 2', 'Player 3', 'Player 4', 'Player 5', 'Player 6']);
    expect(JSON.stringify(f)).not.toMatch(/"u\d"/);
  });
});

describe('the table configuration refuses unknown fields and invalid values (issue 24; D-2, S1-RAKE, S1-TABLE-1)', () => {
  const base = { tableId: 'c1', name: 'Config', dealing: 'rng' as const, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 } };
  const holdem = { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100 };
  it.each([
    ['a misspelt field ("ante" for anteMinor)', { ...holdem, ante: -1 }, 'ante'],
    ['a negative ante', { ...holdem, anteMinor: -1 }, 'anteMinor'],
    ['an unknown rake field', { ...holdem, rake: { basisPoints: 500, capMinor: null, noFlopNoDrop: false, cap: 10 } }, 'rake'],
    ['a rake without noFlopNoDrop', { ...holdem, rake: { basisPoints: 500, capMinor: null } }, 'rake'],
    ['a string where a number goes', { ...holdem, bigBlindMinor: '100' }, 'bigBlindMinor'],
    ['an unknown variant', { ...holdem, variant: 'razz' }, 'variant'],
  ])('POST /poker-tables: the strict schema refuses %s with INVALID_INPUT', (_n, config, path) => {
    const r = parseInput(CreatePokerTableBody, { ...base, config });
    expect(r.ok ? null : r.violation.code).toBe('INVALID_INPUT');
    expect(r.ok ? '' : r.violation.message).toMatch(new RegExp(`config\\b.*${path}`));
  });

  it('the service refuses them too, with POKER_INVALID_CONFIG and the rule, and creates nothing', async () => {
    const w = world();
    const create = (config: unknown, seatCount = 6) => w.service.createTable({ ...base, seats: { ...base.seats, seatCount }, config: config as Parameters<PokerTablesService['createTable']>[0]['config'] });
    expect(await create({ ...holdem, ante: -1 })).toMatchObject({ ok: false, violation: { code: 'POKER_INVALID_CONFIG', ruleId: 'D-2', details: { field: 'ante' } } });
    expect(await create({ ...holdem, anteMinor: -1 })).toMatchObject({ ok: false, violation: { code: 'POKER_INVALID_CONFIG', ruleId: 'D-1' } });
    expect(await create({ ...holdem, rake: { basisPoints: 500, capMinor: null, noFlopNoDrop: false, cap: 10 } })).toMatchObject({ ok: false, violation: { code: 'POKER_INVALID_CONFIG', ruleId: 'S1-RAKE' } });
    expect(await w.repo.get('c1')).toBeFalsy();
    // PT-STUD-SEATS: stud seats 8 (RAY §6.6's shared card), not 9
    const stud = { variant: 'stud', structure: 'fixed-limit', anteMinor: 10, bringInMinor: 20, smallBetMinor: 50, bigBetMinor: 100 };
    expect(await create(stud, 9)).toMatchObject({ ok: false, violation: { code: 'POKER_INVALID_CONFIG' } });
    expect((await create(stud, 8)).ok).toBe(true);
  });
});

describe('PokerTablesService: the straddle (S1-STRADDLE) over the service', () => {
  it('a standing straddle choice on an Ö table: posted when directly after the big blind, pre-flop action starts after the straddler; replayed from the log; refused off Ö', async () => {
    const w = world();
    expect((await w.service.createTable({ tableId: 'o1', name: "Hold'em Ö", dealing: 'rng', config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 10_000, straddleTable: true }, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 } })).ok).toBe(true);
    await seat(w, w.service, 'o1', [1, 2, 3, 4]);
    expect((await w.service.command('o1', player(4), 'poker.straddle', { tableId: 'o1', straddle: true })).ok).toBe(true);
    expect(w.service.frame(w.service.stateOf('o1')!, player(1), 0).seats[3]).toMatchObject({ seat: 4, straddle: true });
    await w.tick(2000); // the first hand: button 1, SB 2, BB 3 — seat 4 is directly after the big blind
    const s = w.service.stateOf('o1')!;
    expect(s.plan?.seats.find((x) => x.seat === 4)).toMatchObject({ straddle: true });
    const h = s.hand!;
    expect(h.seats.map((x) => x.streetMinor)).toEqual([0, 50, 100, 200]);
    expect(h.seats[h.toAct!]!.seat).toBe(1); // the first to act is the seat after the straddler
    expect(w.service.frame(s, player(1), 0).hand?.legal).toMatchObject({ seat: 1, callMinor: 200 });
    // a restart lays the same table out from the log (the choice is a seat event)
    w.service.onModuleDestroy();
    const again = await w.restart();
    expect(again.stateOf('o1')!.seats.seats.find((r) => r.seat === 4)?.straddle).toBe(true);
    expect(again.stateOf('o1')!.plan).toEqual(s.plan);
    again.onModuleDestroy();
    // off an Ö table the choice is refused and nothing changes
    const plain = world();
    const t = await table(plain);
    await plain.deposit('u1', 5000);
    await plain.service.command(t, player(1), 'poker.sit', { tableId: t, seat: 1, buyInMinor: 2000, postToEnter: false });
    const seq = plain.service.stateOf(t)!.seq;
    expect(await plain.service.command(t, player(1), 'poker.straddle', { tableId: t, straddle: true })).toMatchObject({ ok: false, violation: { code: 'POKER_STRADDLE_NOT_ALLOWED', ruleId: 'S1-STRADDLE' } });
    expect(plain.service.stateOf(t)!.seq).toBe(seq);
  });
});

describe('PokerTablesService: time (S1-TIMEOUT, S1-TIMEBANK, S1-DISCONNECT) and the next hand', () => {
  it('the next hand starts by itself; a late action is refused; the deadline on the server clock folds the seat', async () => {
    const w = world();
    const t = await table(w, { actionMs: 10_000 });
    await seat(w, w.service, t, [1, 2, 3]);
    expect(w.service.stateOf(t)?.hand).toBeNull();
    await w.tick(2000);
    const h = w.service.stateOf(t)!.hand!;
    expect(h.phase.type).toBe('bet'); // RNG dealt the hole cards at once (S1-DEAL-1)
    const toAct = h.seats[h.toAct!]!;
    const who = player(Number(w.service.stateOf(t)!.players[toAct.playerId]!.userId.slice(1)));
    // the player to act sees their legal actions and the deadline; the others see the countdown only
    const mine = w.service.frame(w.service.stateOf(t)!, who, 0);
    expect(mine.hand?.legal?.seat).toBe(toAct.seat);
    expect(mine.hand?.deadlineAt).toBe(h.clock!.deadlineAt);
    const other = w.service.frame(w.service.stateOf(t)!, player(who.userId === 'u1' ? 2 : 1), 0);
    expect(other.hand?.legal).toBeNull();
    expect(other.hand?.deadlineAt).toBe(h.clock!.deadlineAt);
    w.clock.advance(10_001);
    const late = await w.service.command(t, who, 'poker.act', { tableId: t, handId: h.handId, action: 'call' });
    expect(late).toMatchObject({ ok: false, violation: { code: 'POKER_CLOCK_EXPIRED' } });
    await w.tick(0);
    const after = w.service.stateOf(t)!.hand!;
    expect(after.seats.find((x) => x.seat === toAct.seat)?.folded).toBe(true);
    // an action for another hand id never reopens anything
    expect(await w.service.command(t, who, 'poker.act', { tableId: t, handId: 'old', action: 'fold' })).toMatchObject({ ok: false, violation: { code: 'POKER_WRONG_HAND' } });
    // everyone else times out too: the hand ends, is posted once, the next starts a few seconds later
    for (let i = 0; i < 10 && w.service.stateOf(t)!.hand!.phase.type !== 'complete'; i++) await w.tick(10_001);
    expect(w.service.stateOf(t)!.hand!.phase.type).toBe('complete');
    expect(await w.invariants()).toEqual([]);
    const stacks = await Promise.all([1, 2, 3].map((i) => w.balance(stackAccount(`u${i}`, t))));
    expect(stacks.reduce((a, b) => a + b, 0)).toBe(6000);
    await w.tick(2000);
    expect(w.service.stateOf(t)!.handNo).toBe(2);
  });

  it('the time bank moves the deadline once (S1-TIMEBANK)', async () => {
    const w = world();
    const t = await table(w, { actionMs: 10_000, timeBankMs: 5_000 });
    await seat(w, w.service, t, [1, 2]);
    await w.tick(2000);
    const h = w.service.stateOf(t)!.hand!;
    const who = player(Number(w.service.stateOf(t)!.players[h.seats[h.toAct!]!.playerId]!.userId.slice(1)));
    const before = h.clock!.deadlineAt;
    expect((await w.service.command(t, who, 'poker.time-bank', { tableId: t, handId: h.handId })).ok).toBe(true);
    expect(w.service.stateOf(t)!.hand!.clock!.deadlineAt).toBe(before + 5_000);
    expect(await w.service.command(t, who, 'poker.time-bank', { tableId: t, handId: h.handId })).toMatchObject({ ok: false, violation: { code: 'POKER_NO_TIME_BANK' } });
    await w.tick(10_001); // the old deadline passes: nothing happens
    expect(w.service.stateOf(t)!.hand!.actionsTaken).toBe(0);
    expect((await w.service.command(t, who, 'poker.act', { tableId: t, handId: h.handId, action: 'call' })).ok).toBe(true);
  });

  it('a disconnected player is sat out but still pays the blinds when due (S1-DISCONNECT); back on re-join', async () => {
    const w = world();
    const t = await table(w);
    await seat(w, w.service, t, [1, 2, 3]);
    await w.tick(2000);
    await w.service.disconnected(t, 'u3');
    const r = w.service.stateOf(t)!.seats.seats.find((s) => s.seat === 3)!;
    expect(r).toMatchObject({ disconnected: true, wantsIn: false });
    await w.service.reconnected(t, 'u3');
    expect(w.service.stateOf(t)!.seats.seats.find((s) => s.seat === 3)).toMatchObject({ disconnected: false, wantsIn: true });
  });
});

describe('PokerTablesService: faults (S1-FAIL-RING) and robots', () => {
  it('a hand left unfinished at a restart is voided at boot: chips back in the stacks, the ledger right, an alert for the pit boss', async () => {
    const w = world();
    const t = await table(w);
    await seat(w, w.service, t, [1, 2, 3]);
    await w.tick(2000);
    const h = w.service.stateOf(t)!.hand!;
    const who = player(Number(w.service.stateOf(t)!.players[h.seats[h.toAct!]!.playerId]!.userId.slice(1)));
    expect((await w.service.command(t, who, 'poker.act', { tableId: t, handId: h.handId, action: 'raise', toMinor: 300 })).ok).toBe(true);
    const seqBefore = w.service.stateOf(t)!.seq;
    w.service.onModuleDestroy(); // the process dies mid-hand
    const again = await w.restart();
    const s = again.stateOf(t)!;
    expect(s.hand!.phase.type).toBe('void');
    expect(s.seats.seats.map((r) => r.stackMinor)).toEqual([2000, 2000, 2000]);
    for (const i of [1, 2, 3]) expect(await w.balance(stackAccount(`u${i}`, t))).toBe(2000);
    expect(w.raised.map((a) => a.code)).toContain('POKER_HAND_VOIDED');
    expect(await w.invariants()).toEqual([]);
    expect(s.seq).toBe(seqBefore + 1); // the log laid the table out again; the void is one more change
    again.onModuleDestroy();
  });

  it("the table's deadlines survive a restart: the recovered state's next hand is armed on the new host's scheduler and starts on time (issue 19 §2)", async () => {
    const w = world();
    const t = await table(w);
    await seat(w, w.service, t, [1, 2]);
    w.service.onModuleDestroy(); // the process dies between hands: its next-hand timer dies with it
    expect(w.scheduler.pending()).toEqual([]);
    const again = await w.restart();
    expect(w.scheduler.pending()).toEqual([w.clock.now() + 2000]); // re-armed from the recovered state
    await w.tick(1999);
    expect(again.stateOf(t)!.hand).toBeNull();
    await w.tick(1);
    expect(again.stateOf(t)!.hand?.phase.type).toBe('bet');
    // and the hand's own deadline (the action clock) is on the host's scheduler too
    expect(w.scheduler.pending()).toContain(again.stateOf(t)!.hand!.clock!.deadlineAt);
    again.onModuleDestroy();
  });

  it('one lease space is one id space: a poker table never takes the id of a rounds table (issue 19 §2)', async () => {
    const w = world();
    const rounds = { exists: async (id: string) => (id === 'tbl_7' ? { ok: true as const, value: true as const } : { ok: false as const, violation: { code: 'TABLE_NOT_FOUND', ruleId: null, message: 'no' } }) };
    const svc = new PokerTablesService(w.uow, w.repo, w.clock, new SequentialIds(), new TableHost(w.scheduler), { raise: vi.fn() } as unknown as AlertsService, { nextHandMs: 2000, robotMs: 500, robots: false, cardWaitMs: 60_000 }, null, rounds);
    const def = { name: 'P', dealing: 'rng' as const, config: {}, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 } };
    expect(await svc.createTable({ ...def, tableId: 'tbl_7' })).toMatchObject({ ok: false, violation: { code: 'POKER_TABLE_EXISTS' } });
    expect((await svc.createTable({ ...def, tableId: 'pk_7' })).ok).toBe(true);
    svc.onModuleDestroy();
  });

  it('the pit boss voids a hand in play (contributions back) and decides a misdeal (P4-IRR)', async () => {
    const w = world();
    const t = await table(w);
    await seat(w, w.service, t, [1, 2]);
    await w.tick(2000);
    const v = await w.service.pitDecision(t, { type: 'void', reason: 'camera failure' });
    expect(v.ok && v.value.hand?.phase.type).toBe('void');
    expect(w.service.stateOf(t)!.seats.seats.map((r) => r.stackMinor)).toEqual([2000, 2000]);
    expect(await w.service.pitDecision(t, { type: 'misdeal', reason: 'x' })).toMatchObject({ ok: false, violation: { code: 'POKER_HAND_OVER' } });
    expect(await w.invariants()).toEqual([]);
  });

  it('robot players play hands on their own (bounded, always legal); switched off they stand up', async () => {
    const w = world({ snapshotEveryHands: 2 });
    const t = await table(w, { robots: 3 });
    expect(w.service.stateOf(t)!.seats.seats.length).toBe(3);
    for (let i = 0; i < 400 && w.service.stateOf(t)!.handNo < 5; i++) await w.tick(600);
    expect(w.service.stateOf(t)!.handNo).toBeGreaterThanOrEqual(5);
    expect(await w.invariants()).toEqual([]);
    // snapshots every 2 hands (a cache): a restart from snapshot + the log after it gives the same table
    expect((await w.repo.snapshot(t))?.logSeq).toBeGreaterThan(0);
    const live = w.service.stateOf(t)!;
    w.service.onModuleDestroy();
    const host = new TableHost(w.scheduler); // a restart: a new process, its table host recovers the tables at boot
    const fromSnap = w.make(host);
    await host.recover();
    const again = fromSnap.stateOf(t)!;
    expect(again.seq).toBe(live.hand && live.hand.phase.type !== 'complete' ? live.seq + 1 : live.seq);
    expect(again.handNo).toBe(live.handNo);
    expect(again.players).toEqual(live.players);
    fromSnap.onModuleDestroy();
    const offHost = new TableHost(w.scheduler);
    const off = new PokerTablesService(w.uow, w.repo, w.clock, new SequentialIds(), offHost, { raise: vi.fn() } as unknown as AlertsService, { nextHandMs: 2000, robotMs: 500, robots: false, cardWaitMs: 60_000 });
    await offHost.recover();
    expect(off.stateOf(t)!.seats.seats.every((r) => r.leaving) || off.stateOf(t)!.seats.seats.length === 0).toBe(true);
    expect(await w.invariants()).toEqual([]);
    off.onModuleDestroy();
  });
});

describe('PokerTablesService: several instances (issue 13 leases, issue 19 §2 one lease space)', () => {
  it("only the lease holder runs a table; when it dies another instance's ownership pass takes it over from the log (the hand in play is voided)", async () => {
    const w = world();
    const leases = new InMemoryTableLeases(() => w.clock.now());
    const timings = { nextHandMs: 2000, robotMs: 500, robots: true, cardWaitMs: 60_000 };
    const alerts = { raise: vi.fn(async (a: unknown) => a) } as unknown as AlertsService;
    /** one instance: its table host, its poker program and the cluster's ownership pass (no rounds tables here) */
    const instance = (instanceId: string) => {
      const host = new TableHost(w.scheduler);
      const poker = new PokerTablesService(w.uow, w.repo, w.clock, new SequentialIds(), host, alerts, timings);
      const owned = new OwnedTables(instanceId, 'it');
      const rounds = { invalidate: vi.fn() } as unknown as RoundsService;
      const tables = { list: async () => [] } as unknown as TablesService;
      const recovery = { recover: async (tableId?: string) => (await host.recover(tableId), []) } as unknown as RecoveryService;
      const ownership = new TableOwnershipService(leases, { instanceId, leaseTtlMs: 3000 }, tables, rounds, recovery, owned, {} as HttpAdapterHost, null, null, host);
      return { host, poker, owned, ownership };
    };
    const a = instance('A');
    const b = instance('B');
    await a.ownership.tick();
    await b.ownership.tick();
    expect((await a.poker.createTable({ tableId: 't1', name: 'T', dealing: 'rng', config: {}, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 } })).ok).toBe(true);
    // the poker table holds the same kind of lease as a rounds table: its id, no per-kind prefix
    expect(await leases.owner('t1')).toBe('A');
    expect(await leases.owner('poker:t1')).toBeNull();
    expect(a.owned.owns('t1')).toBe(true);
    await b.ownership.tick();
    expect(b.poker.stateOf('t1')).toBeUndefined();
    await seat(w, a.poker, 't1', [1, 2]);
    expect(await b.poker.command('t1', player(1), 'poker.sit-out', { tableId: 't1' })).toMatchObject({ ok: false, violation: { code: 'TABLE_OWNER_UNAVAILABLE' } });
    await a.poker.startNextHand('t1');
    expect(a.poker.stateOf('t1')?.hand?.phase.type).toBe('bet');
    // A dies without giving its lease up: B takes the table when the lease runs out
    a.poker.onModuleDestroy();
    a.host.dispose();
    await b.ownership.tick();
    expect(b.poker.stateOf('t1')).toBeUndefined();
    w.clock.advance(3001);
    await b.ownership.tick();
    expect(b.owned.owns('t1')).toBe(true);
    expect(b.poker.stateOf('t1')?.hand?.phase.type).toBe('void');
    expect(b.poker.stateOf('t1')?.seats.seats.map((r) => r.stackMinor)).toEqual([2000, 2000]);
    expect(await w.invariants()).toEqual([]);
    // a lost lease drops the table here (its timers with it)
    await leases.release('t1', 'B');
    await leases.acquire('t1', 'C', 3000);
    await b.ownership.tick();
    expect(b.owned.owns('t1')).toBe(false);
    expect(b.poker.stateOf('t1')).toBeUndefined();
    b.poker.onModuleDestroy();
    await b.ownership.onApplicationShutdown();
  });
});

describe('PokerTablesService: a draw game (Mörkpoker) over the service', () => {
  it('poker.draw takes the discards as card codes (any case) and the RNG deals the replacements', async () => {
    const w = world();
    expect((await w.service.createTable({ tableId: 'd1', name: 'Draw', dealing: 'rng', config: { variant: 'draw', structure: 'fixed-limit', smallBlindMinor: 50, bigBlindMinor: 100, smallBetMinor: 100, bigBetMinor: 200 }, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: null } })).ok).toBe(true);
    await seat(w, w.service, 'd1', [1, 2]);
    await w.tick(2000);
    const userOf = (): PokerUser => {
      const s = w.service.stateOf('d1')!;
      return player(Number(s.players[s.hand!.seats[s.hand!.toAct!]!.playerId]!.userId.slice(1)));
    };
    const handId = w.service.stateOf('d1')!.hand!.handId;
    expect((await w.service.command('d1', userOf(), 'poker.act', { tableId: 'd1', handId, action: 'call' })).ok).toBe(true);
    expect((await w.service.command('d1', userOf(), 'poker.act', { tableId: 'd1', handId, action: 'check' })).ok).toBe(true);
    const h = w.service.stateOf('d1')!.hand!;
    expect(h.phase.type).toBe('draw');
    const drawer = h.seats[h.toAct!]!;
    const code = (c: number): string => `${'23456789TJQKA'[c >> 2]}${'shdc'[c & 3]}`;
    const discard = drawer.cards.slice(0, 2).map((k) => code(k.card));
    expect(await w.service.command('d1', userOf(), 'poker.draw', { tableId: 'd1', handId, discard: ['zz'] })).toMatchObject({ ok: false, violation: { code: 'POKER_INVALID_DRAW' } });
    expect((await w.service.command('d1', userOf(), 'poker.draw', { tableId: 'd1', handId, discard })).ok).toBe(true);
    const after = w.service.stateOf('d1')!.hand!.seats.find((x) => x.seat === drawer.seat)!;
    expect(after.cards).toHaveLength(5);
    expect(after.cards.map((k) => code(k.card))).not.toContain(discard[0]);
  });
});
