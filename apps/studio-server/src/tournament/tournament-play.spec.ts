import { tournament as T } from '@felt-studio/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { createSitAndGo } from '../../../../test/support/studio-server/tournaments.js';
import type { Clock } from '../shared/clock.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { TournamentModule } from './tournament.module.js';
import { TournamentService } from './tournament.service.js';

class TestClock implements Clock {
  t = Date.UTC(2026, 10, 28, 18, 0, 0);
  now(): number {
    return this.t;
  }
}

interface Frame {
  tournament: { seat: number | null; sittingIn: boolean; status: string; myActions: { action: string; by: string }[] };
  seats: ({ seat: number; me: boolean; displayName: string; stackMinor: number } | null)[];
  hand: null | {
    handId: string;
    phase: string;
    toAct: number | null;
    deadlineAt: number | null;
    legal: null | { canCheck: boolean; callMinor: number; raise: { minToMinor: number } | null };
    seats: { seat: number; playerId: string; stackMinor: number; totalMinor: number; cards: ({ card: string } | { hidden: true })[] }[];
  };
}

const DEPOSIT = 5_000;
const ACTION_MS = 15_000;

/**
 * TRN-PLAY (issue 24, docs/tournaments.md): registered people play their own seats in a tournament hand over REST —
 * their turn comes, a valid action is accepted, an invalid one and one out of turn are refused with the hand core's
 * codes, a turn times out (S1-TIMEOUT: check when free, else fold; the seat sat out and folded on its turns until the
 * player sits in again, TRN-ABSENT), and the tournament runs to its end with money conserved and the log replaying. Every raw
 * frame each person receives is inspected: never another player's hole card before the showdown.
 */
describe('people play their own tournament seats (TRN-PLAY)', () => {
  let h: RoundsApp;
  const clock = new TestClock();
  const uow = (): UnitOfWork => h.get<UnitOfWork>(UNIT_OF_WORK);

  beforeAll(async () => {
    h = await bootRoundsApp({ clock, imports: [TournamentModule], config: { settings: { tournamentRoundMs: 0, tournamentActionMs: ACTION_MS } } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('a person acts on their turn (valid accepted, invalid and out of turn refused with codes), times out once, and the sit-and-go runs to its end; no frame shows another hole card', async () => {
    const pit = h.token('pb1', 'pitboss');
    const tid = await createSitAndGo(h, pit, { name: 'People SNG', buyInMinor: 1_000, feeMinor: 100, seatsPerTable: 9, minPlayers: 2, maxPlayers: 4, levelMs: 60_000 });
    const people = ['pa', 'pb'];
    const players = [...people, 'bot_rc', 'bot_rd']; // robot accounts (`bot_…`): their entries are robots' (TRN-ABSENT)
    for (const p of players) await h.deposit(p, DEPOSIT);
    const tok = (p: string): string => h.token(p, 'player');
    // not registered: no seat to take
    expect((await h.http('POST', `/tournaments/${tid}/seat`, tok('pa'), { sitting: true })).body).toMatchObject({ code: 'TOURNAMENT_NOT_PLAYING', ruleId: 'TRN-PLAY' });
    for (const p of players) expect((await h.http('POST', `/tournaments/${tid}/entries`, tok(p), { entryId: `ent_${p}` })).status).toBe(201);
    const svc = h.get(TournamentService);
    expect(svc.stateOf(tid)?.status).toBe('running'); // the sit-and-go started when full
    for (const p of people) {
      const r = await h.http('POST', `/tournaments/${tid}/seat`, tok(p), { sitting: true });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject({ tournament: { sittingIn: true }, currency: 'XXX', dealing: 'rng' });
    }
    // no hand yet: an action is refused with its code
    expect((await h.http('POST', `/tournaments/${tid}/actions`, tok('pa'), { action: 'check' })).body).toMatchObject({ code: 'TOURNAMENT_NO_HAND', ruleId: 'TRN-PLAY' });
    // the body is checked at the edge
    expect((await h.http('POST', `/tournaments/${tid}/actions`, tok('pa'), { action: 'shove' })).body).toMatchObject({ code: 'INVALID_INPUT' });

    const raw: Record<string, string[]> = { pa: [], pb: [] };
    const frame = async (p: string): Promise<Frame> => {
      const r = await h.http('GET', `/tournaments/${tid}/table`, tok(p));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      raw[p]?.push(JSON.stringify(r.body));
      return r.body as unknown as Frame;
    };
    /** the down cards this person sees as theirs, and every other raw frame must not hold them before the hand is over. */
    let compared = 0;
    const checkRedaction = (mine: Frame, other: string, ownerSeat: number | null): void => {
      const h0 = mine.hand;
      if (!h0 || h0.phase === 'complete') return;
      const own = h0.seats.find((x) => x.seat === ownerSeat)?.cards.flatMap((c) => ('card' in c ? [c.card] : [])) ?? [];
      const last = raw[other]?.at(-1) ?? '';
      if (!last.includes(`"handId":"${h0.handId}"`)) return; // the other sees another hand (their last one): its cards are another deck's
      compared += own.length;
      for (const c of own) expect(last.includes(`"${c}"`), `${other} received ${c}`).toBe(false);
    };

    let acted = 0;
    let refusedOutOfTurn = 0;
    let refusedInvalid = 0;
    let timedOut = false;
    let sawPersonTurn = 0;
    for (let round = 0; svc.stateOf(tid)?.status === 'running' && round < 3_000; round++) {
      clock.t += 5_000;
      await svc.step(tid);
      for (let k = 0; svc.stateOf(tid)?.round && k < 60; k++) {
        const fa = await frame('pa');
        const fb = await frame('pb');
        checkRedaction(fa, 'pb', fa.tournament.seat);
        checkRedaction(fb, 'pa', fb.tournament.seat);
        for (const f of [fa, fb]) for (const x of f.hand?.seats ?? []) expect(['you', `seat-${x.seat}`]).toContain(x.playerId); // no ids of others
        // a seat's stack is the live tables' (the stack at the deal while the hand is in play: the screen takes what is committed off it)
        for (const f of [fa, fb]) {
          if (!f.hand || f.hand.phase === 'complete') continue;
          for (const x of f.hand.seats) expect(f.seats.find((y) => y?.seat === x.seat)?.stackMinor).toBe(x.stackMinor + x.totalMinor);
        }
        const turn = [['pa', fa] as const, ['pb', fb] as const].find(([, f]) => f.hand && f.hand.phase !== 'complete' && f.hand.toAct === f.tournament.seat && f.hand.legal);
        if (!turn) {
          // a person's hand waits on another table's person or the round closes at the next step
          clock.t += 1_000;
          await svc.step(tid);
          continue;
        }
        const [who, f] = turn;
        const hand = f.hand as NonNullable<Frame['hand']>;
        const la = hand.legal as NonNullable<NonNullable<Frame['hand']>['legal']>;
        sawPersonTurn += 1;
        if (sawPersonTurn === 1) {
          // a restart in the middle of a person's turn: the hand in play is the fold of the log — the same hand, the same turn and clock
          await svc.restart();
          const again = await frame(who);
          expect(again.hand).toMatchObject({ handId: hand.handId, toAct: hand.toAct, deadlineAt: hand.deadlineAt });
          // TRN-DECK: the hand is dealt from a deck the server drew (node:crypto), logged with the round so it replays
          // (the restart above dealt it again from it); the pit's log read shows its SHA-256 while the round is in play
          const stored = await uow().run((tx) => tx.events.load(`tournament:${tid}`));
          const started = stored.map((e) => e.payload as T.TournamentEvent).filter((e) => e.type === 'round-started').at(-1);
          const dealt = started?.type === 'round-started' ? started.hands.filter((x) => x.interactive) : [];
          expect(dealt.length).toBeGreaterThan(0);
          for (const x of dealt) expect([...(x.deck ?? [])].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
          const read = await h.http('GET', `/tournaments/${tid}/log`, pit);
          const shown = (read.body['events'] as { type: string; hands?: { interactive: boolean; deck?: unknown; deckSha256?: string }[] }[]).filter((e) => e.type === 'round-started').at(-1);
          for (const x of (shown?.hands ?? []).filter((y) => y.interactive)) {
            expect(x.deck, 'no deck of a hand in play in the log read').toBeUndefined();
            expect(x.deckSha256).toMatch(/^[0-9a-f]{64}$/);
          }
          expect(JSON.stringify(read.body)).not.toContain(JSON.stringify(dealt[0]?.deck));
          // the pit boss's tables: this hand in play, live, on this turn — and no down card's value while it is in play
          const pt = await h.http('GET', `/tournaments/${tid}/tables`, pit);
          expect(pt.status, JSON.stringify(pt.body)).toBe(200);
          const tables = pt.body['tables'] as { live: boolean; hand: { handId: string; toAct: number | null } | null; seats: { playerId: string; chips: number }[] }[];
          expect(tables.flatMap((x) => x.seats).reduce((a, x) => a + x.chips, 0)).toBe(4 * 1_500);
          const here = tables.find((x) => x.hand?.handId === hand.handId);
          expect(here).toMatchObject({ live: true, hand: { toAct: hand.toAct } });
          expect(here?.seats.map((x) => x.playerId)).toContain(who);
          const own = hand.seats.find((x) => x.seat === f.tournament.seat)?.cards.flatMap((c) => ('card' in c ? [c.card] : [])) ?? [];
          expect(own).toHaveLength(2);
          for (const c of own) expect(JSON.stringify(pt.body), `the pit read ${c} during the hand`).not.toContain(`"${c}"`);
          expect((await h.http('GET', `/tournaments/${tid}/tables`, tok(who))).status).toBe(403);
        }
        const other = who === 'pa' ? 'pb' : 'pa';
        const ob = await h.http('POST', `/tournaments/${tid}/actions`, tok(other), { action: 'fold' });
        if (ob.body['code'] === 'POKER_NOT_YOUR_TURN') refusedOutOfTurn += 1;
        expect(ob.status).not.toBe(201);
        if (!timedOut && acted >= 2 && who === 'pb') {
          // pb does not act: the clock runs out, the timeout checks or folds, pb is sat out (folded on their turns, TRN-ABSENT)
          clock.t = (hand.deadlineAt ?? clock.t) + 1;
          expect((await h.http('POST', `/tournaments/${tid}/actions`, tok('pb'), { action: 'fold', handId: hand.handId })).body).toMatchObject({ code: 'POKER_CLOCK_EXPIRED', ruleId: 'S1-TIMEOUT' });
          await svc.step(tid);
          timedOut = true;
          expect((await frame('pb')).tournament.sittingIn).toBe(false);
          expect((await h.http('POST', `/tournaments/${tid}/seat`, tok('pb'), { sitting: true })).body).toMatchObject({ tournament: { sittingIn: true } });
          continue;
        }
        const bad = await h.http('POST', `/tournaments/${tid}/actions`, tok(who), { action: la.canCheck ? 'call' : 'check', handId: hand.handId });
        expect(bad.status).toBe(422);
        expect(String(bad.body['code'])).toMatch(/^POKER_/);
        expect(bad.body['ruleId']).toBeTruthy();
        refusedInvalid += 1;
        const wrongHand = await h.http('POST', `/tournaments/${tid}/actions`, tok(who), { action: 'fold', handId: 'no-such-hand' });
        expect(wrongHand.body).toMatchObject({ code: 'POKER_WRONG_HAND' });
        const action = la.canCheck ? 'check' : la.callMinor > 150 ? 'fold' : 'call'; // people stay in the game: the test wants many turns
        const r = await h.http('POST', `/tournaments/${tid}/actions`, tok(who), { action, handId: hand.handId });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        acted += 1;
      }
    }
    const s = svc.stateOf(tid) as T.TournamentState;
    expect(s.status).toBe('finished');
    expect(compared).toBeGreaterThan(100); // hole cards of one person looked for in the other's raw frames of the same hand
    expect(sawPersonTurn).toBeGreaterThan(2);
    expect(acted).toBeGreaterThan(2);
    expect(refusedOutOfTurn).toBeGreaterThan(0);
    expect(refusedInvalid).toBeGreaterThan(0);
    expect(timedOut).toBe(true);
    // money conserved: the pool paid by the table, the fees kept, the ledger balanced
    expect(await uow().run((tx) => tx.ledger.balance(`tournament:${tid}`, 'EUR'))).toBe(0);
    const held = (await Promise.all(players.map((p) => h.balance(p)))).reduce((a, b) => a + b, 0);
    expect(held).toBe(players.length * (DEPOSIT - 100));
    expect(await h.invariants()).toEqual([]);
    // the log replays (felt tournament): people's actions logged like the robots', each hand's chips from its actions
    const log = await h.http('GET', `/tournaments/${tid}/log`, pit);
    const rep = T.replayTournament(log.body);
    expect(rep.ok).toBe(true);
    if (rep.ok) {
      expect(rep.value.mismatches).toEqual([]);
      expect(rep.value.actions.player).toBe(acted);
      expect(rep.value.actions.timeout).toBeGreaterThanOrEqual(1);
      expect(rep.value.actions.robot).toBeGreaterThan(0);
    }
    expect(raw['pa']?.length).toBeGreaterThan(5);
  });

  it('TRN-ABSENT: a person who never takes their seat posts the blinds and sees their hand folded by their absence, not played by a robot; the pit boss reads the same', async () => {
    const pit = h.token('pb1', 'pitboss');
    const created = await h.http('POST', '/tournaments', pit, {
      name: 'Away SNG', kind: 'sit-and-go', currency: 'EUR', buyInMinor: 1_000, feeMinor: 100, startingStack: 1_500, seatsPerTable: 9, minPlayers: 2, maxPlayers: 3,
      startsAt: null, structure: T.turboStructure(60_000), lateRegistrationLevels: 0, reEntry: null,
    });
    const tid = String(created.body['tournamentId']);
    const players = ['away', 'bot_ra', 'bot_rb'];
    for (const p of players) await h.deposit(p, DEPOSIT);
    for (const p of players) expect((await h.http('POST', `/tournaments/${tid}/entries`, h.token(p, 'player'), { entryId: `ent_${p}` })).status).toBe(201);
    const svc = h.get(TournamentService);
    expect(svc.stateOf(tid)?.entries.map((e) => [e.playerId, e.robot])).toEqual([['away', false], ['bot_ra', true], ['bot_rb', true]]);
    // nobody sits in: each step deals a round and plays it to its end at once, the person's seat folded on its turns
    let folded: Frame | null = null;
    for (let i = 0; i < 12 && folded === null; i++) {
      clock.t += 5_000;
      await svc.step(tid);
      expect(svc.stateOf(tid)?.round).toBeNull();
      const f = (await h.http('GET', `/tournaments/${tid}/table`, h.token('away', 'player'))).body as unknown as Frame;
      expect(f.tournament.sittingIn).toBe(false);
      if (f.tournament.myActions.length > 0) folded = f;
    }
    expect(folded, 'the away player saw a hand of theirs folded').not.toBeNull();
    const f = folded as Frame;
    // their own hand: dealt in (two cards), folded, by the absence (TRN-ABSENT), never a robot's action
    expect(f.tournament.myActions).toEqual([expect.objectContaining({ action: 'fold', by: 'absent' })]);
    const mine = f.hand?.seats.find((x) => x.playerId === 'you');
    expect(mine?.cards).toHaveLength(2);
    expect(f.hand?.phase).toBe('complete');
    // the log: every action of the person's seat a fold by the absence; the robots' seats by the robot; the blinds posted
    const log = await h.http('GET', `/tournaments/${tid}/log`, pit);
    const acts = (log.body['events'] as { type: string; entryId?: string; by?: string; action?: string }[]).filter((e) => e.type === 'hand-action');
    expect(acts.filter((a) => a.entryId === 'ent_away').map((a) => `${a.action} by ${a.by}`)).toEqual(expect.arrayContaining(['fold by absent']));
    expect(new Set(acts.filter((a) => a.entryId === 'ent_away').map((a) => a.by))).toEqual(new Set(['absent']));
    expect(new Set(acts.filter((a) => a.entryId !== 'ent_away').map((a) => a.by))).toEqual(new Set(['robot']));
    const rep = T.replayTournament(log.body);
    expect(rep.ok && rep.value.mismatches).toEqual([]);
    expect(mine?.totalMinor).toBeLessThanOrEqual(20); // only what was forced (level 1: blinds 10/20, no ante): never a robot's bet
    // the pit boss's tables: the person's seat is not a robot's, not sitting in; the hand's actions by the absence
    const pt = await h.http('GET', `/tournaments/${tid}/tables`, pit);
    const tables = pt.body['tables'] as { seats: { playerId: string; sittingIn: boolean; robot: boolean }[]; actions: { seat: number; by: string }[] }[];
    // (the deals are random — the start's seed, a crypto deck: a robot may already have busted out and left its seat)
    const seats = tables.flatMap((t) => t.seats).map((x) => [x.playerId, x.robot, x.sittingIn]);
    expect(seats).toContainEqual(['away', false, false]);
    expect(seats.filter(([id]) => id !== 'away').length).toBeGreaterThan(0);
    for (const seat of seats.filter(([id]) => id !== 'away')) expect(seat).toEqual([expect.stringMatching(/^bot_r[ab]$/), true, false]);
    expect(tables.flatMap((t) => t.actions).some((a) => a.by === 'absent')).toBe(true);
    expect(tables.flatMap((t) => t.actions).some((a) => a.by === 'robot' && a.seat === f.tournament.seat)).toBe(false);
    await h.http('POST', `/tournaments/${tid}/control`, pit, { action: 'cancel', reason: 'test done' });
  });

  it('S1-TIMEBANK: a tournament that publishes a bank — the player presses it on their turn over REST, the countdown moves by it, a second press is refused; a tournament without one refuses the press', async () => {
    const pit = h.token('pb1', 'pitboss');
    const turnOf = async (tid: string, p: string): Promise<Frame & { config: { timeBankMs: number } }> => {
      const svc = h.get(TournamentService);
      for (let k = 0; k < 200; k++) {
        const f = (await h.http('GET', `/tournaments/${tid}/table`, h.token(p, 'player'))).body as unknown as Frame & { config: { timeBankMs: number } };
        if (f.hand && f.hand.phase !== 'complete' && f.hand.toAct === f.tournament.seat && f.hand.legal) return f;
        clock.t += 5_000;
        await svc.step(tid);
      }
      throw new Error(`${p} never got a turn`);
    };
    const play = async (name: string, person: string, bot: string, timeBankMs?: number): Promise<string> => {
      const tid = await createSitAndGo(h, pit, { name, buyInMinor: 1_000, feeMinor: 100, seatsPerTable: 9, minPlayers: 2, maxPlayers: 2, levelMs: 60_000, ...(timeBankMs !== undefined ? { timeBankMs } : {}) });
      for (const p of [person, bot]) {
        await h.deposit(p, DEPOSIT);
        expect((await h.http('POST', `/tournaments/${tid}/entries`, h.token(p, 'player'), { entryId: `ent_${p}` })).status).toBe(201);
      }
      expect((await h.http('POST', `/tournaments/${tid}/seat`, h.token(person, 'player'), { sitting: true })).status).toBe(201);
      return tid;
    };
    const banked = await play('Bank SNG', 'tb_a', 'bot_tb', 20_000);
    const f = await turnOf(banked, 'tb_a');
    expect(f.config.timeBankMs).toBe(20_000); // the live table's button shows (ActionPanel: config.timeBankMs > 0)
    const pressed = await h.http('POST', `/tournaments/${banked}/actions`, h.token('tb_a', 'player'), { handId: f.hand?.handId, action: 'time-bank' });
    expect(pressed.status, JSON.stringify(pressed.body)).toBe(201);
    const after = pressed.body as unknown as Frame & { hand: { bankInUse: boolean } };
    expect([after.hand?.deadlineAt, after.hand?.bankInUse]).toEqual([(f.hand?.deadlineAt ?? 0) + 20_000, true]);
    expect(after.tournament.myActions.at(-1)).toMatchObject({ action: 'time-bank', by: 'player' });
    expect((await h.http('POST', `/tournaments/${banked}/actions`, h.token('tb_a', 'player'), { action: 'time-bank' })).body).toMatchObject({ code: 'POKER_NO_TIME_BANK', ruleId: 'S1-TIMEBANK' });
    expect((await h.http('POST', `/tournaments/${banked}/actions`, h.token('tb_a', 'player'), { action: 'time-bank', toMinor: 5 })).body).toMatchObject({ code: 'POKER_INVALID_AMOUNT' });
    // the pit boss reads the press in the hand's actions
    const tables = (await h.http('GET', `/tournaments/${banked}/tables`, pit)).body['tables'] as { hand: { handId: string } | null; actions?: { action: string; by: string }[] }[];
    expect(tables.flatMap((x) => x.actions ?? []).some((a) => a.action === 'time-bank' && a.by === 'player')).toBe(true);
    const plain = await play('No bank SNG', 'tb_b', 'bot_tc');
    const g = await turnOf(plain, 'tb_b');
    expect(g.config.timeBankMs).toBe(0);
    expect((await h.http('POST', `/tournaments/${plain}/actions`, h.token('tb_b', 'player'), { action: 'time-bank' })).body).toMatchObject({ code: 'POKER_NO_TIME_BANK', ruleId: 'S1-TIMEBANK' });
    // the terms are checked at the edge and by TRN-DEF
    const bad = await h.http('POST', '/tournaments', pit, { name: 'x', kind: 'sit-and-go', currency: 'EUR', buyInMinor: 1, feeMinor: 0, startingStack: 100, seatsPerTable: 2, minPlayers: 2, maxPlayers: 2, startsAt: null, structure: T.turboStructure(60_000), lateRegistrationLevels: 0, reEntry: null, timeBankMs: 600_001 });
    expect(bad.body).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('TRN-AWAY: a field of people who all stay away is blinded for one level, then pauses itself and tells the pit boss; the first player to take their seat resumes it', async () => {
    const pit = h.token('pb1', 'pitboss');
    const tid = await createSitAndGo(h, pit, { name: 'Empty chairs', buyInMinor: 1_000, feeMinor: 100, seatsPerTable: 9, minPlayers: 3, maxPlayers: 3, levelMs: 60_000 });
    const people = ['aw1', 'aw2', 'aw3'];
    for (const p of people) await h.deposit(p, DEPOSIT);
    for (const p of people) expect((await h.http('POST', `/tournaments/${tid}/entries`, h.token(p, 'player'), { entryId: `ent_${p}` })).status).toBe(201);
    const svc = h.get(TournamentService);
    expect(svc.stateOf(tid)?.status).toBe('running'); // full: started; nobody sits in
    const startedAt = clock.t;
    for (let i = 0; i < 30 && svc.stateOf(tid)?.status === 'running'; i++) {
      clock.t += 5_000;
      await svc.step(tid);
    }
    // a whole level (60 s) of blinds and folds by the absence, then the rule's own pause
    const view = await h.http('GET', `/tournaments/${tid}`, pit);
    expect(view.body).toMatchObject({ status: 'paused' });
    const log = await h.http('GET', `/tournaments/${tid}/log`, pit);
    const events = log.body['events'] as { type: string; by?: string; reason?: string; at: number }[];
    expect(events.find((e) => e.type === 'paused')).toMatchObject({ by: 'system', reason: T.AWAY_REASON, at: startedAt + 60_000 });
    expect(events.filter((e) => e.type === 'hand-action').every((e) => e.by === 'absent')).toBe(true);
    // the pit boss is told (an open warning, this tournament)
    const alerts = (await h.http('GET', '/alerts', pit)).body as unknown as { code: string; tableId: string | null; severity: string }[];
    expect(alerts).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'TOURNAMENT_ALL_AWAY', tableId: tid, severity: 'warning' })]));
    // paused: no hand is dealt, the level clock stands still
    const hands = svc.stateOf(tid)?.handsPlayed;
    clock.t += 120_000;
    await svc.step(tid);
    expect(svc.stateOf(tid)?.handsPlayed).toBe(hands);
    // aw2 comes back: their seat taken, the tournament runs again
    const back = await h.http('POST', `/tournaments/${tid}/seat`, h.token('aw2', 'player'), { sitting: true });
    expect(back.body).toMatchObject({ tournament: { sittingIn: true, status: 'running' } });
    expect((await h.http('GET', `/tournaments/${tid}`, pit)).body).toMatchObject({ status: 'running' });
    const after = (await h.http('GET', `/tournaments/${tid}/log`, pit)).body;
    expect((after['events'] as { type: string; by?: string; reason?: string }[]).at(-1)).toMatchObject({ type: 'resumed', by: 'system', reason: T.BACK_REASON });
    const rep = T.replayTournament(after);
    expect(rep.ok && rep.value.mismatches).toEqual([]);
    await h.http('POST', `/tournaments/${tid}/control`, pit, { action: 'cancel', reason: 'test done' });
    expect(await h.invariants()).toEqual([]);
  });
});
