/**
 * The ONE contract suite every implementation of the persistence ports must pass (STYLE.md, Colyseus
 * model: a small interface, a local and a real implementation, one shared contract test suite).
 * Run by in-memory.uow.spec.ts (fake), typeorm.pglite.spec.ts (PGlite) and typeorm.postgres.int.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyConflict, InsufficientFunds, type BetRow, type RoundRow, type UnitOfWork } from '../../../apps/studio-server/src/shared/ports/persistence.port.js';
import { betDebitPosting, betRefundPosting, depositPosting, settlementPosting } from '../../../apps/studio-server/src/shared/ledger.rules.js';
import { DuplicateKey, type LedgerReader } from '../../../apps/studio-server/src/persistence/persistence.common.js';

export interface ContractSubject {
  readonly uow: UnitOfWork & LedgerReader;
  close(): Promise<void>;
}

let uniq = 0;
/** Ids unique per test so a shared database can be reused across tests. */
const id = (p: string): string => `${p}_${Date.now().toString(36)}${(uniq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const AT = Date.UTC(2026, 0, 1, 12, 0, 0);

function bet(over: Partial<BetRow> & { betId: string; roundId: string; playerId: string }): BetRow {
  return { tableId: 'tbl_1', spot: 'red', kind: 'red', stakeMinor: 100, currency: 'EUR', status: 'accepted', returnMinor: null, placedAt: AT, settledAt: null, ...over };
}

function round(over: Partial<RoundRow> & { roundId: string }): RoundRow {
  return { tableId: 'tbl_1', game: 'roulette', seq: 1, phase: 'betting', state: { phase: 'betting' }, openedAt: AT, updatedAt: AT, ...over };
}

const post = (uow: UnitOfWork, p: { postingId: string; entries: readonly { account: string; currency: string; amountMinor: number; memo: string }[] }): Promise<boolean> =>
  uow.run((tx) => tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at: AT }))));

export function persistenceContract(name: string, make: () => Promise<ContractSubject>): void {
  describe(`persistence contract: ${name}`, () => {
    let subject: ContractSubject;
    let uow: UnitOfWork & LedgerReader;
    beforeAll(async () => {
      subject = await make();
      uow = subject.uow;
    });
    afterAll(async () => {
      await subject?.close();
    });

    describe('round events (append-only, round id + seq unique)', () => {
      it('numbers appended events 1..n and loads them in order, with payloads intact', async () => {
        const r = id('rnd');
        const payload = { bet: { betId: 'bet_1', stakeMinor: 500, spot: 'split:1-2' }, list: [1, 2, 3], flag: true, none: null };
        const stored = await uow.run((tx) =>
          tx.events.append(r, 'tbl_9', 0, [
            { type: 'RoundOpened', at: AT, payload: { roundId: r } },
            { type: 'BetAccepted', at: AT + 1, payload },
          ], 'cmd_1'),
        );
        expect(stored.map((e) => e.seq)).toEqual([1, 2]);
        const more = await uow.run((tx) => tx.events.append(r, 'tbl_9', 2, [{ type: 'BettingClosed', at: AT + 2, payload: {} }], null));
        expect(more[0]?.seq).toBe(3);
        const loaded = await uow.run((tx) => tx.events.load(r));
        expect(loaded.map((e) => [e.seq, e.type, e.at, e.tableId, e.causationId])).toEqual([
          [1, 'RoundOpened', AT, 'tbl_9', 'cmd_1'],
          [2, 'BetAccepted', AT + 1, 'tbl_9', 'cmd_1'],
          [3, 'BettingClosed', AT + 2, 'tbl_9', null],
        ]);
        expect(loaded[1]?.payload).toEqual(payload);
        expect(typeof loaded[0]?.recordedAt).toBe('number');
        expect((await uow.run((tx) => tx.events.load(r, 2))).map((e) => e.seq)).toEqual([3]);
        expect(await uow.run((tx) => tx.events.load(id('rnd')))).toEqual([]);
      });

      it('rejects an append with a stale expected seq (ConcurrencyConflict) and keeps the log unchanged', async () => {
        const r = id('rnd');
        await uow.run((tx) => tx.events.append(r, 'tbl_1', 0, [{ type: 'RoundOpened', at: AT, payload: {} }], null));
        await expect(uow.run((tx) => tx.events.append(r, 'tbl_1', 0, [{ type: 'RoundOpened', at: AT, payload: {} }], null))).rejects.toBeInstanceOf(ConcurrencyConflict);
        await expect(uow.run((tx) => tx.events.append(r, 'tbl_1', 5, [{ type: 'X', at: AT, payload: {} }], null))).rejects.toBeInstanceOf(ConcurrencyConflict);
        expect((await uow.run((tx) => tx.events.load(r))).length).toBe(1);
      });

      it('lets exactly one of two concurrent writers with the same expected seq win', async () => {
        const r = id('rnd');
        const results = await Promise.allSettled(
          [1, 2, 3].map((n) => uow.run((tx) => tx.events.append(r, 'tbl_1', 0, [{ type: 'RoundOpened', at: AT + n, payload: { n } }], null))),
        );
        expect(results.filter((x) => x.status === 'fulfilled').length).toBe(1);
        for (const x of results) if (x.status === 'rejected') expect(x.reason).toBeInstanceOf(ConcurrencyConflict);
        expect((await uow.run((tx) => tx.events.load(r))).length).toBe(1);
      });
    });

    describe('round events of one type at a table (the integrity monitors\' history, issue 23)', () => {
      it('answers the last n events of a type at a table, oldest first, across rounds', async () => {
        const table = id('tbl');
        for (let i = 1; i <= 4; i++) {
          const r = id('rnd');
          await uow.run((tx) => tx.events.append(r, table, 0, [{ type: 'RoundOpened', at: AT + i, payload: {} }, { type: 'SpinResultRecorded', at: AT + i, payload: { number: i } }], `dev:wheel-1:${i}`));
          await new Promise((resolve) => setTimeout(resolve, 2)); // recorded_at is the store's clock: distinct per round
        }
        await uow.run((tx) => tx.events.append(id('rnd'), id('tbl'), 0, [{ type: 'SpinResultRecorded', at: AT, payload: { number: 36 } }], null));
        const last = await uow.run((tx) => tx.events.latestOfType(table, 'SpinResultRecorded', 3));
        expect(last.map((e) => (e.payload as { number: number }).number)).toEqual([2, 3, 4]);
        expect(last.map((e) => e.causationId)).toEqual(['dev:wheel-1:2', 'dev:wheel-1:3', 'dev:wheel-1:4']);
        expect(await uow.run((tx) => tx.events.latestOfType(table, 'Nothing', 3))).toEqual([]);
      });
    });

    describe('round read model', () => {
      it('upserts, reads back and lists unfinished rounds and a table history newest first', async () => {
        const table = id('tbl');
        const [a, b, c] = [id('rnd'), id('rnd'), id('rnd')];
        await uow.run(async (tx) => {
          await tx.rounds.upsert(round({ roundId: a, tableId: table, openedAt: AT, phase: 'settled' }));
          await tx.rounds.upsert(round({ roundId: b, tableId: table, openedAt: AT + 10, phase: 'void' }));
          await tx.rounds.upsert(round({ roundId: c, tableId: table, openedAt: AT + 20, phase: 'betting', state: { nested: { cards: ['AS', 'KD'] } } }));
        });
        await uow.run((tx) => tx.rounds.upsert(round({ roundId: c, tableId: table, openedAt: AT + 20, phase: 'closed', seq: 7, updatedAt: AT + 30, state: { x: 1 } })));
        const got = await uow.run((tx) => tx.rounds.get(c));
        expect(got).toEqual(round({ roundId: c, tableId: table, openedAt: AT + 20, phase: 'closed', seq: 7, updatedAt: AT + 30, state: { x: 1 } }));
        expect(await uow.run((tx) => tx.rounds.get(id('rnd')))).toBeNull();
        const unfinished = (await uow.run((tx) => tx.rounds.listUnfinished())).filter((x) => x.tableId === table);
        expect(unfinished.map((x) => x.roundId)).toEqual([c]);
        expect((await uow.run((tx) => tx.rounds.listByTable(table, 10))).map((x) => x.roundId)).toEqual([c, b, a]);
        expect((await uow.run((tx) => tx.rounds.listByTable(table, 1, AT + 20))).map((x) => x.roundId)).toEqual([b]);
      });
    });

    describe('bets', () => {
      it('stores a bet once: the same bet id twice is refused (DuplicateKey) and nothing else of that tx stays', async () => {
        const r = id('rnd');
        const b = bet({ betId: id('bet'), roundId: r, playerId: id('p') });
        await uow.run((tx) => tx.bets.insert(b));
        expect(await uow.run((tx) => tx.bets.get(b.betId))).toEqual(b);
        await expect(
          uow.run(async (tx) => {
            await tx.rounds.upsert(round({ roundId: r }));
            await tx.bets.insert({ ...b, stakeMinor: 999 });
          }),
        ).rejects.toBeInstanceOf(DuplicateKey);
        expect((await uow.run((tx) => tx.bets.get(b.betId)))?.stakeMinor).toBe(100);
        expect(await uow.run((tx) => tx.rounds.get(r))).toBeNull();
      });

      it('lists bets by round and by player, and transitions status only from the expected state', async () => {
        const r = id('rnd');
        const p = id('p');
        const b1 = bet({ betId: id('bet'), roundId: r, playerId: p, placedAt: AT });
        const b2 = bet({ betId: id('bet'), roundId: r, playerId: p, placedAt: AT + 5, stakeMinor: 250 });
        await uow.run(async (tx) => {
          await tx.bets.insert(b1);
          await tx.bets.insert(b2);
        });
        expect((await uow.run((tx) => tx.bets.listByRound(r))).map((x) => x.betId)).toEqual([b1.betId, b2.betId]);
        expect((await uow.run((tx) => tx.bets.listByPlayer(p, 1))).map((x) => x.betId)).toEqual([b2.betId]);
        expect(await uow.run((tx) => tx.bets.transition(b1.betId, 'accepted', 'settled', 200, AT + 100))).toBe(true);
        expect(await uow.run((tx) => tx.bets.transition(b1.betId, 'accepted', 'settled', 200, AT + 101))).toBe(false);
        expect(await uow.run((tx) => tx.bets.transition(id('bet'), 'accepted', 'settled', 0, AT))).toBe(false);
        expect(await uow.run((tx) => tx.bets.get(b1.betId))).toEqual({ ...b1, status: 'settled', returnMinor: 200, settledAt: AT + 100 });
      });

      it('inserts many bets at once; a reused id (stored or twice in the call) throws DuplicateKey and the transaction keeps none (issue 13)', async () => {
        const r = id('rnd');
        const p = id('p');
        const many = [0, 1, 2].map((k) => bet({ betId: id('bet'), roundId: r, playerId: p, placedAt: AT + k, stakeMinor: 100 + k }));
        await uow.run((tx) => tx.bets.insertMany(many));
        expect(await uow.run((tx) => tx.bets.listByRound(r))).toEqual(many);
        const fresh = bet({ betId: id('bet'), roundId: r, playerId: p });
        await expect(uow.run((tx) => tx.bets.insertMany([fresh, many[1]!]))).rejects.toMatchObject({ key: many[1]!.betId });
        const twice = bet({ betId: id('bet'), roundId: r, playerId: p });
        await expect(uow.run((tx) => tx.bets.insertMany([twice, twice]))).rejects.toBeInstanceOf(DuplicateKey);
        expect(await uow.run((tx) => tx.bets.get(fresh.betId))).toBeNull();
        expect(await uow.run((tx) => tx.bets.get(twice.betId))).toBeNull();
      });

      it('settleRound moves only accepted bets of that round with the line’s player and stake, answering their currency; countAccepted counts the rest (issue 13)', async () => {
        const r = id('rnd');
        const other = id('rnd');
        const p = id('p');
        const a = bet({ betId: id('bet'), roundId: r, playerId: p, stakeMinor: 100, currency: 'USD' });
        const b = bet({ betId: id('bet'), roundId: r, playerId: p, stakeMinor: 200 });
        const c = bet({ betId: id('bet'), roundId: r, playerId: p, stakeMinor: 300 });
        const d = bet({ betId: id('bet'), roundId: other, playerId: p, stakeMinor: 100 });
        await uow.run((tx) => tx.bets.insertMany([a, b, c, d]));
        expect(await uow.run((tx) => tx.bets.countAccepted(r))).toBe(3);
        const moved = await uow.run((tx) =>
          tx.bets.settleRound(
            r,
            [
              { betId: a.betId, playerId: p, stakeMinor: 100, to: 'settled', returnMinor: 200 },
              { betId: b.betId, playerId: p, stakeMinor: 999, to: 'settled', returnMinor: 0 }, // wrong stake
              { betId: c.betId, playerId: id('p'), stakeMinor: 300, to: 'settled', returnMinor: 0 }, // wrong player
              { betId: d.betId, playerId: p, stakeMinor: 100, to: 'refunded', returnMinor: 100 }, // another round
              { betId: id('bet'), playerId: p, stakeMinor: 100, to: 'settled', returnMinor: 0 }, // unknown
            ],
            AT + 50,
          ),
        );
        expect(moved).toEqual([{ betId: a.betId, currency: 'USD' }]);
        expect(await uow.run((tx) => tx.bets.get(a.betId))).toEqual({ ...a, status: 'settled', returnMinor: 200, settledAt: AT + 50 });
        expect((await uow.run((tx) => tx.bets.get(d.betId)))?.status).toBe('accepted');
        expect(await uow.run((tx) => tx.bets.countAccepted(r))).toBe(2);
        // Already moved: a second settlement moves nothing.
        expect(await uow.run((tx) => tx.bets.settleRound(r, [{ betId: a.betId, playerId: p, stakeMinor: 100, to: 'settled', returnMinor: 200 }], AT + 60))).toEqual([]);
      });

      it('settleRound of a big round (PostgreSQL: COPY into bet_outcome + one check) moves every bet once; a retry, a duplicate or a mismatching line moves only what matches (issue 13)', async () => {
        const r = id('rnd');
        const p = id('p');
        const many = Array.from({ length: 300 }, (_, k) => bet({ betId: id('bet'), roundId: r, playerId: p, placedAt: AT + k, stakeMinor: 100 }));
        await uow.run((tx) => tx.bets.insertMany(many));
        const lines = many.map((b, k) => ({ betId: b.betId, playerId: p, stakeMinor: 100, to: (k % 7 === 0 ? 'refunded' : 'settled') as 'settled' | 'refunded', returnMinor: k % 7 === 0 ? 100 : k % 2 === 0 ? 200 : 0 }));
        // One line wrong (stake): nothing of it moves, the others do — and the transaction can still commit.
        const wrong = lines.map((l, k) => (k === 5 ? { ...l, stakeMinor: 999 } : l));
        const moved = await uow.run((tx) => tx.bets.settleRound(r, wrong, AT + 50));
        expect(moved.length).toBe(299);
        expect(await uow.run((tx) => tx.bets.countAccepted(r))).toBe(1);
        // The retry (outcomes already there) moves only the one left; a duplicated line counts once.
        const again = await uow.run((tx) => tx.bets.settleRound(r, [...lines, lines[5]!], AT + 60));
        expect(again).toEqual([{ betId: many[5]!.betId, currency: 'EUR' }]);
        expect(await uow.run((tx) => tx.bets.countAccepted(r))).toBe(0);
        const stored = await uow.run((tx) => tx.bets.listByRound(r));
        expect(stored.map((b) => [b.status, b.returnMinor])).toEqual(lines.map((l) => [l.to, l.returnMinor]));
        expect(stored[0]!.settledAt).toBe(AT + 50);
        expect(stored[5]!.settledAt).toBe(AT + 60);
        // A fresh big round settled in one go: every line moved, answered with its currency.
        const r2 = id('rnd');
        const many2 = Array.from({ length: 250 }, (_, k) => bet({ betId: id('bet'), roundId: r2, playerId: p, placedAt: AT + k, stakeMinor: 100 }));
        await uow.run((tx) => tx.bets.insertMany(many2));
        const all = await uow.run((tx) => tx.bets.settleRound(r2, many2.map((b) => ({ betId: b.betId, playerId: p, stakeMinor: 100, to: 'settled', returnMinor: 0 })), AT + 70));
        expect(all).toEqual(many2.map((b) => ({ betId: b.betId, currency: 'EUR' })));
        expect(await uow.run((tx) => tx.bets.transition(many2[0]!.betId, 'accepted', 'cancelled', null, AT + 80))).toBe(false);
        expect((await uow.run((tx) => tx.bets.get(many2[0]!.betId)))?.status).toBe('settled');
      });
    });

    describe('ledger (double entry, idempotent postings)', () => {
      it('posts a deposit and a bet debit; balances follow; all entries sum to zero', async () => {
        const p = id('p');
        expect(await post(uow, depositPosting(id('dep'), p, 1000))).toBe(true);
        const b = id('bet');
        expect(await post(uow, betDebitPosting({ betId: b, playerId: p, stakeMinor: 300 }))).toBe(true);
        expect(await uow.run((tx) => tx.ledger.balance(`player:${p}`, 'EUR'))).toBe(700);
        const entries = await uow.run((tx) => tx.ledger.entries(`bet:${b}`));
        expect(entries.map((e) => [e.account, e.amountMinor]).sort()).toEqual([[`player:${p}`, -300], ['in-play', 300]].sort());
        expect(entries.every((e) => e.at === AT && e.currency === 'EUR')).toBe(true);
        const totals = await uow.run((tx) => tx.ledger.totals());
        expect(totals['EUR']).toBe(0);
      });

      it('treats the posting id as idempotency key: a replayed settlement changes nothing', async () => {
        const p = id('p');
        const r = id('rnd');
        const b = id('bet');
        await post(uow, depositPosting(id('dep'), p, 1000));
        await post(uow, betDebitPosting({ betId: b, playerId: p, stakeMinor: 100 }));
        const s = settlementPosting(r, { betId: b, playerId: p, stakeMinor: 100, returnMinor: 3600, outcome: 'win', rules: ['ROU-4'] });
        const houseBefore = await uow.run((tx) => tx.ledger.balance('house', 'EUR'));
        expect(await post(uow, s)).toBe(true);
        expect(await post(uow, s)).toBe(false);
        expect(await uow.run((tx) => tx.ledger.balance(`player:${p}`, 'EUR'))).toBe(900 + 3600);
        // the house may go negative (it paid 35:1)
        expect((await uow.run((tx) => tx.ledger.balance('house', 'EUR'))) - houseBefore).toBe(-3500);
        expect((await uow.run((tx) => tx.ledger.entries(s.postingId))).length).toBe(3);
      });

      it('postMany of a few hundred postings (COPY on PostgreSQL) keeps every field exactly, awkward memos included, and skips ids already posted (issue 13)', async () => {
        const p = id('p');
        const r = id('rnd');
        await post(uow, depositPosting(id('dep'), p, 1_000_000));
        const memos = ['tab\there', 'line\nbreak', 'back\\slash \\N', 'cr\rx', 'plain'];
        const postings = Array.from({ length: 260 }, (_, i) => ({
          postingId: `${r}:${i}`,
          entries: [
            { account: `player:${p}`, currency: 'EUR', amountMinor: -(i + 1), at: AT + i, memo: memos[i % memos.length]! },
            { account: 'in-play', currency: 'EUR', amountMinor: i + 1, at: AT + i, memo: memos[i % memos.length]! },
          ],
        }));
        expect(await post(uow, postings[7]!)).toBe(true);
        expect(await uow.run((tx) => tx.ledger.postMany(postings))).toBe(259);
        expect(await uow.run((tx) => tx.ledger.balance(`player:${p}`, 'EUR'))).toBe(1_000_000 - (260 * 261) / 2);
        for (const k of [0, 1, 2, 3, 4, 259]) {
          const got = await uow.run((tx) => tx.ledger.entries(`${r}:${k}`));
          expect(got.map((e) => [e.account, e.amountMinor, e.at, e.memo]).sort()).toEqual(postings[k]!.entries.map((e) => [e.account, e.amountMinor, e.at, e.memo]).sort());
        }
        expect(await uow.run((tx) => tx.ledger.postMany(postings))).toBe(0);
        expect(Object.values(await uow.run((tx) => tx.ledger.totals())).every((t) => t === 0)).toBe(true);
      });

      it('posts a settlement batch (postMany + transitionMany): ids already posted are skipped, balances match one-by-one posting, a replay changes nothing', async () => {
        const r = id('rnd');
        const ps = [id('p'), id('p'), id('p')];
        const bets = ps.flatMap((p, i) => [0, 1].map((k) => ({ betId: `${r}_${i}_${k}`, playerId: p, stakeMinor: 100 * (k + 1) })));
        for (const p of ps) await post(uow, depositPosting(id('dep'), p, 1_000));
        await uow.run(async (tx) => {
          for (const b of bets) {
            await tx.bets.insert(bet({ betId: b.betId, roundId: r, playerId: b.playerId, stakeMinor: b.stakeMinor }));
            const d = betDebitPosting(b);
            await tx.ledger.post(d.postingId, d.entries.map((e) => ({ ...e, at: AT })));
          }
        });
        const lines = bets.map((b, i) => ({ ...b, returnMinor: i % 2 === 0 ? b.stakeMinor * 2 : 0, outcome: i % 2 === 0 ? ('win' as const) : ('lose' as const), rules: [] }));
        const postings = lines.map((l) => settlementPosting(r, l)).map((p) => ({ postingId: p.postingId, entries: p.entries.map((e) => ({ ...e, at: AT })) }));
        // One of them was posted on its own already (a settlement that crashed half-way).
        expect(await post(uow, settlementPosting(r, lines[0]!))).toBe(true);
        const houseBefore = await uow.run((tx) => tx.ledger.balance('house', 'EUR'));
        const n = await uow.run(async (tx) => {
          const posted = await tx.ledger.postMany([...postings, postings[1]!]);
          const moved = await tx.bets.transitionMany('accepted', lines.map((l) => ({ betId: l.betId, to: 'settled', returnMinor: l.returnMinor })), AT + 5);
          return { posted, moved };
        });
        expect(n).toEqual({ posted: 5, moved: 6 });
        expect(await uow.run((tx) => tx.ledger.balance(`player:${ps[0]}`, 'EUR'))).toBe(1_000 - 300 + 200);
        expect(await uow.run((tx) => tx.ledger.balance(`player:${ps[1]}`, 'EUR'))).toBe(1_000 - 300 + 200);
        expect((await uow.run((tx) => tx.ledger.balance('house', 'EUR'))) - houseBefore).toBe(200 - 100 + 200 - 100 + 200); // lines 2..6 (line 1 was posted before)
        expect((await uow.run((tx) => tx.bets.listByRound(r))).map((b) => [b.status, b.returnMinor, b.settledAt])).toEqual(lines.map((l) => ['settled', l.returnMinor, AT + 5]));
        const replay = await uow.run(async (tx) => ({ posted: await tx.ledger.postMany(postings), moved: await tx.bets.transitionMany('accepted', lines.map((l) => ({ betId: l.betId, to: 'settled', returnMinor: 1 })), AT + 9) }));
        expect(replay).toEqual({ posted: 0, moved: 0 });
        expect(Object.values(await uow.run((tx) => tx.ledger.totals())).every((t) => t === 0)).toBe(true);
      });

      it('refuses a settlement batch that would take in-play below zero, and writes none of it', async () => {
        const r = id('rnd');
        const p = id('p');
        const before = await uow.run((tx) => tx.ledger.balance('in-play', 'EUR'));
        const ok = settlementPosting(r, { betId: id('b'), playerId: p, stakeMinor: 1, returnMinor: 0, outcome: 'lose', rules: [] });
        const bad = settlementPosting(r, { betId: id('b'), playerId: p, stakeMinor: before + 1_000_000, returnMinor: 0, outcome: 'lose', rules: [] });
        const batch = [ok, bad].map((x) => ({ postingId: x.postingId, entries: x.entries.map((e) => ({ ...e, at: AT })) }));
        await expect(uow.run((tx) => tx.ledger.postMany(batch))).rejects.toBeInstanceOf(InsufficientFunds);
        expect(await uow.run((tx) => tx.ledger.entries(ok.postingId))).toEqual([]);
        expect(await uow.run((tx) => tx.ledger.balance('in-play', 'EUR'))).toBe(before);
      });

      it('refuses an unbalanced posting (money cannot be created)', async () => {
        const p = id('p');
        await expect(uow.run((tx) => tx.ledger.post(id('bad'), [{ account: `player:${p}`, currency: 'EUR', amountMinor: 100, at: AT, memo: 'free money' }]))).rejects.toThrow(/unbalanced/);
        expect(await uow.run((tx) => tx.ledger.balance(`player:${p}`, 'EUR'))).toBe(0);
      });

      it('refuses to take a player below zero (InsufficientFunds) and rolls back the whole transaction', async () => {
        const p = id('p');
        const r = id('rnd');
        await post(uow, depositPosting(id('dep'), p, 50));
        const b = bet({ betId: id('bet'), roundId: r, playerId: p, stakeMinor: 100 });
        const err = await uow
          .run(async (tx) => {
            await tx.events.append(r, 'tbl_1', 0, [{ type: 'BetAccepted', at: AT, payload: {} }], null);
            await tx.bets.insert(b);
            await tx.ledger.post(...debitArgs(b));
            return null;
          })
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(InsufficientFunds);
        expect((err as InsufficientFunds).account).toBe(`player:${p}`);
        expect((err as InsufficientFunds).balanceMinor).toBe(50);
        expect((err as InsufficientFunds).neededMinor).toBe(100);
        expect(await uow.run((tx) => tx.bets.get(b.betId))).toBeNull();
        expect(await uow.run((tx) => tx.events.load(r))).toEqual([]);
        expect(await uow.run((tx) => tx.ledger.entries(`bet:${b.betId}`))).toEqual([]);
        expect(await uow.run((tx) => tx.ledger.balance(`player:${p}`, 'EUR'))).toBe(50);
      });

      it('refuses to take in-play below zero (a refund of a stake that was never held)', async () => {
        const fresh = id('cur').slice(0, 12);
        await expect(post(uow, betRefundPosting({ betId: id('bet'), playerId: id('p'), stakeMinor: 10, currency: fresh }))).rejects.toBeInstanceOf(InsufficientFunds);
      });

      it('rolls back postings, bets and events when the callback throws after writing', async () => {
        const p = id('p');
        const r = id('rnd');
        const depId = id('dep');
        await expect(
          uow.run(async (tx) => {
            const d = depositPosting(depId, p, 500);
            await tx.ledger.post(d.postingId, d.entries.map((e) => ({ ...e, at: AT })));
            await tx.rounds.upsert(round({ roundId: r }));
            await tx.events.append(r, 'tbl_1', 0, [{ type: 'RoundOpened', at: AT, payload: {} }], null);
            throw new Error('boom after writes');
          }),
        ).rejects.toThrow('boom after writes');
        expect(await uow.run((tx) => tx.ledger.balance(`player:${p}`, 'EUR'))).toBe(0);
        expect(await uow.run((tx) => tx.ledger.entries(`deposit:${depId}`))).toEqual([]);
        expect(await uow.run((tx) => tx.rounds.get(r))).toBeNull();
        // the same posting id is usable afterwards: the rolled-back one left no trace
        expect(await post(uow, depositPosting(depId, p, 500))).toBe(true);
      });

      it('never overdraws under 50 concurrent bets from one player (exactly the affordable ones are accepted)', async () => {
        const p = id('p');
        await post(uow, depositPosting(id('dep'), p, 2000));
        const r = id('rnd');
        const bets = Array.from({ length: 50 }, () => bet({ betId: id('bet'), roundId: r, playerId: p, stakeMinor: 100 }));
        const results = await Promise.allSettled(
          bets.map((b) =>
            uow.run(async (tx) => {
              await tx.bets.insert(b);
              return tx.ledger.post(...debitArgs(b));
            }),
          ),
        );
        const ok = results.filter((x) => x.status === 'fulfilled').length;
        for (const x of results) if (x.status === 'rejected') expect(x.reason).toBeInstanceOf(InsufficientFunds);
        expect(ok).toBe(20);
        expect(await uow.run((tx) => tx.ledger.balance(`player:${p}`, 'EUR'))).toBe(0);
        expect((await uow.run((tx) => tx.bets.listByRound(r))).length).toBe(20);
      });

      it('exposes a consistent snapshot for the invariant checker', async () => {
        const p = id('p');
        const r = id('rnd');
        const b = bet({ betId: id('bet'), roundId: r, playerId: p });
        await post(uow, depositPosting(id('dep'), p, 100));
        await uow.run(async (tx) => {
          await tx.rounds.upsert(round({ roundId: r, phase: 'settled' }));
          await tx.bets.insert(b);
          await tx.ledger.post(...debitArgs(b));
        });
        const snap = await uow.snapshot();
        expect(snap.finishedRoundIds.has(r)).toBe(true);
        expect(snap.bets.some((x) => x.betId === b.betId)).toBe(true);
        expect(snap.entries.filter((e) => e.postingId === `bet:${b.betId}`).length).toBe(2);
        expect(snap.entries.reduce((a, e) => (e.currency === 'EUR' ? a + e.amountMinor : a), 0)).toBe(0);
      });
    });
  });
}

function debitArgs(b: BetRow): [string, { account: string; currency: string; amountMinor: number; at: number; memo: string }[]] {
  const d = betDebitPosting(b);
  return [d.postingId, d.entries.map((e) => ({ ...e, at: AT }))];
}
