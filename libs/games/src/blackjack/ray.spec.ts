import { describe, expect, it } from 'vitest';
import { blackjackProfiles, standardProfile } from './profiles.js';
import { rejected, table } from './test-table.spec-helper.js';

// RAY 2011 hall blackjack (RAY 2011 (docs/rules) §8). Single-seat deals in a no-hole-card game are
// (seat, dealer up, seat); the dealer's second card comes in dealer play.

describe('RAY version A: European no-hole-card deal (RAY-8.2)', () => {
  it('deals no hole card: players decide against one dealer card, then the dealer draws', () => {
    const t = table('ray-a');
    t.deal('T', '9', '8');
    expect(t.next()).toEqual(['Waiting for seat 1 decision']);
    expect(t.s.dealer.cards).toHaveLength(1);
    t.act(1, 0, 'stand');
    expect(t.next()).toEqual(['Dealer draws']);
    t.deal('8'); // dealer 17
    expect(t.returns()).toEqual({ b1: 200 });
  });
});

describe('ties: version A dealer wins except 21–21 and BJ–BJ; version B pushes (RAY-8.2, RAY-8.3, BJ-16)', () => {
  const eighteenAll = (profileId: string) => {
    const t = table(profileId);
    t.deal('T', '9', '8');
    t.act(1, 0, 'stand');
    t.deal('9'); // dealer 18
    return t.returns();
  };
  it('18 v 18 loses in version A', () => expect(eighteenAll('ray-a')).toEqual({ b1: 0 }));
  it('18 v 18 pushes in version B', () => expect(eighteenAll('ray-b')).toEqual({ b1: 100 }));
  it('18 v 18 pushes on the standard table (BJ-16)', () => {
    const t = table('standard');
    t.deal('T', '9', '8', '9');
    t.act(1, 0, 'stand');
    expect(t.returns()).toEqual({ b1: 100 });
  });
  it('21 v 21 pushes in version A', () => {
    const t = table('ray-a');
    t.deal('T', '9', '5');
    t.act(1, 0, 'hit');
    t.deal('6'); // 21, moves on
    t.deal('2', 'T'); // dealer 9 + 2 + T = 21
    expect(t.returns()).toEqual({ b1: 100 });
  });
  it('Blackjack v Blackjack pushes in version A; the dealer takes its second card only to settle it (BJ-14)', () => {
    const t = table('ray-a');
    t.deal('A', 'A', 'K');
    expect(t.s.seats[0]?.insurance).toBe('not-offered'); // a Blackjack cannot be insured (RAY-8.2)
    expect(t.next()).toEqual(['Dealer draws']);
    t.deal('Q');
    expect(t.returns()).toEqual({ b1: 100 });
  });
  it('a lone Blackjack against a 9 needs no dealer card at all (BJ-14)', () => {
    const t = table('ray-a');
    t.deal('A', '9', 'K');
    expect(t.s.phase).toBe('resolved');
    expect(t.returns()).toEqual({ b1: 250 });
  });
});

describe('Blackjack payout per version (BJ-17, RAY-8.2, RAY-8.3)', () => {
  it.each([
    ['ray-a', 250],
    ['ray-a-2to1', 300],
    ['ray-b', 250],
    ['ray-b-7to5', 240],
    ['ray-b-6to5', 220],
    ['ray-b-1to1', 200],
  ])('%s pays %i on a 100 Blackjack', (profileId, ret) => {
    const t = table(profileId);
    t.deal('A', '9', 'K');
    expect(t.returns()).toEqual({ b1: ret });
  });
});

describe('doubling in version A: two-card 9, 10, 11 only, aces counted as 1 (RAY-8.2)', () => {
  const tryDouble = (profileId: string, a: string, b: string) => {
    const t = table(profileId);
    t.deal(a, '7', b);
    if (t.s.profile?.holeCard) t.deal('8');
    return t.act(1, 0, 'double');
  };
  it.each([
    ['5', '4'],
    ['6', '4'],
    ['9', '2'],
    ['A', '8'],
    ['A', '9'],
  ])('%s+%s may double', (a, b) => expect(tryDouble('ray-a', a, b).ok).toBe(true));
  it.each([
    ['A', '7'],
    ['T', '2'],
    ['4', '4'],
    ['5', '3'],
  ])('%s+%s may not double', (a, b) => expect(rejected(tryDouble('ray-a', a, b))).toEqual({ code: 'DOUBLE_NOT_ALLOWED', ruleId: 'BJ-11' }));
  it('version B and the standard table double on any two cards (BJ-11 default, inherited by B)', () => {
    expect(tryDouble('ray-b', 'A', '7').ok).toBe(true);
    expect(tryDouble('standard', 'T', '2').ok).toBe(true);
  });
  it('the ace of a doubled hand stays 1 after the third card: A+8 doubled + 2 = 11, not 21', () => {
    const t = table('ray-a');
    t.deal('A', '7', '8');
    t.act(1, 0, 'double');
    t.deal('2');
    expect(t.view({ role: 'player', playerId: 'p1' }).seats[0]?.hands[0]).toMatchObject({ total: 11, soft: false, doubled: true });
    t.deal('T'); // dealer 17
    expect(t.returns()).toEqual({ b1: 0, 'b1-double-0': 0 });
  });
});

describe('splitting in version A (RAY-8.2, BJ-12)', () => {
  it('no double after split in version A; allowed on the standard table', () => {
    const a = table('ray-a');
    a.deal('9', '7', '9');
    a.act(1, 0, 'split');
    a.deal('2');
    expect(rejected(a.act(1, 0, 'double'))).toEqual({ code: 'DOUBLE_NOT_ALLOWED', ruleId: 'BJ-11' });
    expect(blackjackProfiles['ray-a']?.doubleAfterSplit).toBe(false);
    expect(standardProfile.doubleAfterSplit).toBe(true);
  });
  it('split aces get one card each', () => {
    const t = table('ray-a');
    t.deal('A', '7', 'A');
    t.act(1, 0, 'split');
    t.deal('5', '6');
    expect(t.s.seats[0]?.hands.map((h) => h.done)).toEqual(['split-aces', 'split-aces']);
    expect(t.next()).toEqual(['Dealer draws']);
  });
  it('a split-hand 21 (A + ten) pays 1:1 and loses to a dealer Blackjack', () => {
    const t = table('ray-a');
    t.deal('T', 'A', 'K');
    t.act(1, 0, 'no-insurance');
    t.act(1, 0, 'split');
    t.deal('A'); // hand 1: K... T + A = 21 on a split hand
    expect(t.s.seats[0]?.hands[0]).toMatchObject({ done: 'twenty-one' });
    t.deal('9');
    t.act(1, 1, 'stand');
    t.deal('Q'); // dealer A + Q = Blackjack, found at the end
    expect(t.returns()).toEqual({ b1: 0, 'b1-split-0': 0 });
  });
});

describe('insurance in version A (RAY-8.2, BJ-7)', () => {
  it('a Blackjack cannot be insured; the other seats can', () => {
    const t = table('ray-a', [[1, 'p1', 100], [2, 'p2', 100]]);
    t.deal('A', 'T', 'A', 'K', '9'); // seat 1 A+K, seat 2 T+9, dealer A
    expect(t.s.seats.map((x) => x.insurance)).toEqual(['not-offered', 'pending']);
    expect(rejected(t.act(1, 0, 'insurance')).code).toBe('INSURANCE_NOT_OFFERED');
    expect(t.act(2, 0, 'insurance').ok).toBe(true);
  });
  it('an insured hand can be neither doubled nor split', () => {
    const d = table('ray-a');
    d.deal('5', 'A', '5');
    d.act(1, 0, 'insurance');
    expect(rejected(d.act(1, 0, 'double'))).toEqual({ code: 'DOUBLE_NOT_ALLOWED', ruleId: 'RAY-8.2' });
    expect(rejected(d.act(1, 0, 'split'))).toEqual({ code: 'SPLIT_NOT_ALLOWED', ruleId: 'RAY-8.2' });
  });
  it('insurance is exactly half the bet and is settled when the dealer card shows Blackjack at the end (2:1)', () => {
    const t = table('ray-a');
    t.deal('T', 'A', '9');
    const d = t.act(1, 0, 'insurance');
    expect(d.ok && d.events[0]).toMatchObject({ bet: { kind: 'insurance', stakeMinor: 50 } });
    t.act(1, 0, 'stand');
    t.deal('K');
    expect(t.returns()).toEqual({ b1: 0, 'b1-insurance-0': 150 });
  });
});
