import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { betDebitPosting, betRefundPosting, checkLedgerInvariants, depositPosting, settlementPosting, type InvariantBet, type Posting } from './ledger.rules.js';

const runs = Number(process.env['PROPERTY_RUNS'] ?? 200);
const sum = (p: Posting): number => p.entries.reduce((a, e) => a + e.amountMinor, 0);
const flat = (...ps: Posting[]) => ps.flatMap((p) => p.entries.map((e) => ({ ...e, postingId: p.postingId })));

describe('posting rules (double entry, keyed by bet / (round, bet))', () => {
  it('a bet debit moves the stake from the player to in-play under bet:<betId>', () => {
    const p = betDebitPosting({ betId: 'bet_1', playerId: 'u1', stakeMinor: 500 });
    expect(p.postingId).toBe('bet:bet_1');
    expect(p.entries.map((e) => [e.account, e.amountMinor, e.currency])).toEqual([
      ['player:u1', -500, 'EUR'],
      ['in-play', 500, 'EUR'],
    ]);
  });

  it('a refund returns the stake from in-play under refund:<betId>', () => {
    const p = betRefundPosting({ betId: 'bet_1', playerId: 'u1', stakeMinor: 500, currency: 'USD' });
    expect(p.postingId).toBe('refund:bet_1');
    expect(p.entries.map((e) => [e.account, e.amountMinor, e.currency])).toEqual([
      ['in-play', -500, 'USD'],
      ['player:u1', 500, 'USD'],
    ]);
  });

  it('a losing bet settles to the house with no zero entry for the player', () => {
    const p = settlementPosting('rnd_1', { betId: 'bet_1', playerId: 'u1', stakeMinor: 500, returnMinor: 0, outcome: 'lose', rules: [] });
    expect(p.postingId).toBe('settle:rnd_1:bet_1');
    expect(p.entries.map((e) => [e.account, e.amountMinor])).toEqual([
      ['in-play', -500],
      ['house', 500],
    ]);
  });

  it('a straight-up roulette win pays 35:1 out of the house (ROU-4)', () => {
    const p = settlementPosting('rnd_1', { betId: 'bet_1', playerId: 'u1', stakeMinor: 100, returnMinor: 3600, outcome: 'win', rules: ['ROU-4'] });
    expect(p.entries.map((e) => [e.account, e.amountMinor])).toEqual([
      ['in-play', -100],
      ['player:u1', 3600],
      ['house', -3500],
    ]);
  });

  it('a push returns the stake and leaves the house untouched', () => {
    const p = settlementPosting('rnd_1', { betId: 'b', playerId: 'u1', stakeMinor: 100, returnMinor: 100, outcome: 'push', rules: [] });
    expect(p.entries.map((e) => e.account)).toEqual(['in-play', 'player:u1']);
  });

  it('refuses non-integer or non-positive amounts (money is integer minor units)', () => {
    expect(() => betDebitPosting({ betId: 'b', playerId: 'u', stakeMinor: 1.5 })).toThrow(/integer/);
    expect(() => betDebitPosting({ betId: 'b', playerId: 'u', stakeMinor: 0 })).toThrow(/positive/);
    expect(() => depositPosting('d', 'u', -5)).toThrow(/positive/);
    expect(() => settlementPosting('r', { betId: 'b', playerId: 'u', stakeMinor: 1, returnMinor: -1, outcome: 'lose', rules: [] })).toThrow(/non-negative/);
  });

  it('every posting sums to zero (property: money is conserved)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 0, max: 1e10 }), (stake, ret) => {
        expect(sum(betDebitPosting({ betId: 'b', playerId: 'u', stakeMinor: stake }))).toBe(0);
        expect(sum(betRefundPosting({ betId: 'b', playerId: 'u', stakeMinor: stake }))).toBe(0);
        expect(sum(depositPosting('d', 'u', stake))).toBe(0);
        expect(sum(settlementPosting('r', { betId: 'b', playerId: 'u', stakeMinor: stake, returnMinor: ret, outcome: 'win', rules: [] }))).toBe(0);
      }),
      { numRuns: runs },
    );
  });
});

describe('checkLedgerInvariants (issue §5: sums to zero, no negative balance, settled or refunded exactly once)', () => {
  const settledBet = (betId: string, status = 'settled'): InvariantBet => ({ betId, roundId: 'rnd_1', status, roundFinished: true });
  const line = (betId: string, returnMinor: number) => ({ betId, playerId: 'u1', stakeMinor: 100, returnMinor, outcome: 'win' as const, rules: [] });

  it('accepts a sound round: deposit, two bets, one win one loss', () => {
    const entries = flat(
      depositPosting('d1', 'u1', 1000),
      betDebitPosting({ betId: 'b1', playerId: 'u1', stakeMinor: 100 }),
      betDebitPosting({ betId: 'b2', playerId: 'u1', stakeMinor: 100 }),
      settlementPosting('rnd_1', line('b1', 200)),
      settlementPosting('rnd_1', line('b2', 0)),
    );
    expect(checkLedgerInvariants(entries, [settledBet('b1'), settledBet('b2')])).toEqual([]);
  });

  it('flags money created out of nothing', () => {
    const entries = [...flat(depositPosting('d1', 'u1', 1000)), { postingId: 'x', account: 'player:u1', currency: 'EUR', amountMinor: 5 }];
    expect(checkLedgerInvariants(entries, []).map((v) => v.code).sort()).toEqual(['UNBALANCED_CURRENCY', 'UNBALANCED_POSTING']);
  });

  it('flags a negative player balance', () => {
    const entries = flat(betDebitPosting({ betId: 'b1', playerId: 'u1', stakeMinor: 100 }));
    const v = checkLedgerInvariants(entries, [{ betId: 'b1', roundId: 'rnd_1', status: 'accepted', roundFinished: false }]);
    expect(v.map((x) => x.code)).toEqual(['NEGATIVE_BALANCE']);
    expect(v[0]?.message).toContain('player:u1');
  });

  it('flags a bet of a finished round that was never settled or refunded', () => {
    const entries = flat(depositPosting('d1', 'u1', 1000), betDebitPosting({ betId: 'b1', playerId: 'u1', stakeMinor: 100 }));
    expect(checkLedgerInvariants(entries, [settledBet('b1', 'accepted')]).map((x) => x.code)).toEqual(['BET_NOT_SETTLED']);
  });

  it('flags a bet that was both refunded and settled (paid twice)', () => {
    const entries = flat(
      depositPosting('d1', 'u1', 1000),
      betDebitPosting({ betId: 'b1', playerId: 'u1', stakeMinor: 100 }),
      depositPosting('d2', 'u1', 100), // keep in-play non-negative so only the double payout shows
      settlementPosting('rnd_1', line('b1', 100)),
      betRefundPosting({ betId: 'b1', playerId: 'u1', stakeMinor: 100 }),
    );
    const codes = checkLedgerInvariants(entries, [settledBet('b1')]).map((x) => x.code);
    expect(codes).toContain('BET_SETTLED_TWICE');
  });

  it('flags an accepted bet without its debit and a settled-status bet without a posting', () => {
    const codes = checkLedgerInvariants([], [
      { betId: 'b1', roundId: 'rnd_1', status: 'accepted', roundFinished: false },
      { betId: 'b2', roundId: 'rnd_1', status: 'refunded', roundFinished: true },
    ]).map((x) => x.code);
    expect(codes).toEqual(['BET_NOT_DEBITED', 'BET_NOT_DEBITED', 'BET_NOT_SETTLED']);
  });

  it('accepts a voided round refunded through settle lines and a cancelled bet refunded once', () => {
    const entries = flat(
      depositPosting('d1', 'u1', 1000),
      betDebitPosting({ betId: 'b1', playerId: 'u1', stakeMinor: 100 }),
      betDebitPosting({ betId: 'b2', playerId: 'u1', stakeMinor: 100 }),
      settlementPosting('rnd_1', { ...line('b1', 100), outcome: 'refund' }),
      betRefundPosting({ betId: 'b2', playerId: 'u1', stakeMinor: 100 }),
    );
    expect(checkLedgerInvariants(entries, [settledBet('b1', 'refunded'), { betId: 'b2', roundId: 'rnd_1', status: 'cancelled', roundFinished: true }])).toEqual([]);
  });

  it('holds for any random sequence of bets settled by the posting rules (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ stake: fc.integer({ min: 1, max: 10_000 }), ret: fc.integer({ min: 0, max: 400_000 }), refund: fc.boolean() }), { maxLength: 30 }), (bets) => {
        const postings: Posting[] = [depositPosting('d', 'u1', 10_000 * 30)];
        const rows: InvariantBet[] = [];
        bets.forEach((b, i) => {
          postings.push(betDebitPosting({ betId: `b${i}`, playerId: 'u1', stakeMinor: b.stake }));
          postings.push(b.refund ? betRefundPosting({ betId: `b${i}`, playerId: 'u1', stakeMinor: b.stake }) : settlementPosting('rnd_1', { betId: `b${i}`, playerId: 'u1', stakeMinor: b.stake, returnMinor: b.ret, outcome: 'win', rules: [] }));
          rows.push({ betId: `b${i}`, roundId: 'rnd_1', status: b.refund ? 'refunded' : 'settled', roundFinished: true });
        });
        expect(checkLedgerInvariants(flat(...postings), rows)).toEqual([]);
      }),
      { numRuns: runs },
    );
  });
});
