import { describe, expect, it } from 'vitest';
import type { RefereeDecision } from '../kernel/define.js';
import type { Settlement } from '../kernel/kernel.js';
import type { BankedPokerEvent, BankedPokerState } from './banked-poker.game.js';
import { threeCardPokerGame, threeCardPokerKernel as k } from './three-card-poker.game.js';
import { tcpHandEvs, minimumPlayed } from './three-card-poker.rtp.js';
import { threeCardPokerProfiles, threeCardPokerSpec } from './three-card-poker.rules.js';

const settle = (input: unknown, profile = 'standard'): Settlement => {
  const r = threeCardPokerGame.settleOffline(profile, input);
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return r.value;
};
/** Total return per unit staked of each spot for player p1 (stake 100 on each). */
function returns(player: string[], dealer: string[], action: string[] | null, spots = ['ante', 'pair-plus']): Record<string, number> {
  const s = settle({ player, dealer, bets: spots.map((spot) => ({ spot, stakeMinor: 100, playerId: 'p1' })), actions: action ? { p1: action } : {} });
  const out: Record<string, number> = {};
  for (const l of s.lines) out[l.betId.endsWith(':play') ? 'play' : (spots[Number(l.betId.slice(4)) - 1] as string)] = l.returnMinor / 100;
  return out;
}

describe('Three Card Poker golden table (docs/rules TCP; rule IDs in RULES-COVERAGE.md)', () => {
  const cases: [string, string[], string[], string[] | null, Record<string, number>][] = [
    ['TCP-3/4 dealer J-high does not qualify: Ante 1:1, Play pushes; TCP-6 pair pays 1:1', ['8S', '8H', '3D'], ['JS', '9H', '4D'], ['play'], { ante: 2, play: 1, 'pair-plus': 2 }],
    ['TCP-4 dealer qualifies with Q-high, player K-high wins Ante and Play 1:1', ['KS', '7H', '3D'], ['QS', '9H', '4D'], ['play'], { ante: 2, play: 2, 'pair-plus': 0 }],
    ['TCP-4 qualified dealer higher: Ante and Play lose', ['QC', '7H', '3D'], ['QS', '9H', '4D'], ['play'], { ante: 0, play: 0, 'pair-plus': 0 }],
    ['TCP-4 equal hands (suits never rank) push Ante and Play', ['QC', '9S', '4H'], ['QS', '9H', '4D'], ['play'], { ante: 1, play: 1, 'pair-plus': 0 }],
    ['TCP-3 Q-3-2 is the lowest qualifying dealer hand', ['KS', '2H', '4D'], ['QS', '3H', '2D'], ['play'], { ante: 2, play: 2, 'pair-plus': 0 }],
    ['TCP-5 straight loses to trips: Ante lost but Ante Bonus 1:1; TCP-6 straight 6:1', ['4S', '5H', '6D'], ['9S', '9H', '9D'], ['play'], { ante: 1, play: 0, 'pair-plus': 7 }],
    ['TCP-2 a straight beats a flush', ['4S', '5H', '6D'], ['AS', 'JS', '2S'], ['play'], { ante: 3, play: 2, 'pair-plus': 7 }],
    ['TCP-2 A-2-3 is the lowest straight (RAY §7.1): 2-3-4 beats it', ['AS', '2H', '3D'], ['2S', '3H', '4C'], ['play'], { ante: 1, play: 0, 'pair-plus': 7 }],
    ['TCP-5/6 straight flush vs an unqualified dealer: Ante 1:1 + bonus 5, Play push, Pair Plus 40:1', ['TH', 'JH', 'QH'], ['9S', '7D', '2C'], ['play'], { ante: 7, play: 1, 'pair-plus': 41 }],
    ['TCP-5/6 trips: Ante Bonus 4:1, Pair Plus 30:1', ['7S', '7H', '7D'], ['KS', '9H', '4D'], ['play'], { ante: 6, play: 2, 'pair-plus': 31 }],
    ['TCP-2/6 a flush beats a qualified pair; Pair Plus flush 3:1', ['2S', '9S', 'KS'], ['5H', '5D', '9C'], ['play'], { ante: 2, play: 2, 'pair-plus': 4 }],
    ['TCP-4 a pair loses to a flush: Ante and Play lose; Pair Plus pair 1:1', ['5H', '5D', '9C'], ['2S', '9S', 'KS'], ['play'], { ante: 0, play: 0, 'pair-plus': 2 }],
    ['TCP-1 fold: Ante lost, no Ante Bonus; TCP-6 Pair Plus still pays', ['7S', '7H', '7D'], ['KS', '9H', '4D'], ['fold'], { ante: 0, 'pair-plus': 31 }],
    ['TCP-7 no decision in time = fold', ['KS', '7H', '3D'], ['JS', '9H', '4D'], null, { ante: 0, 'pair-plus': 0 }],
  ];
  it.each(cases)('%s', (_name, player, dealer, action, expected) => {
    expect(returns(player, dealer, action)).toEqual(expected);
  });

  it('TCP-6 Pair Plus alone needs no ante and no decision', () => {
    expect(returns(['QS', 'QH', '3D'], ['AS', 'AH', '9D'], null, ['pair-plus'])).toEqual({ 'pair-plus': 2 });
  });

  it("the Ante's paytable carries the Ante's own even money beside its bonus (TCP-4), the figure the settlement pays", () => {
    for (const p of Object.values(threeCardPokerProfiles)) {
      const ante = threeCardPokerSpec.paytables(p).find((t) => t.spots.includes('ante'));
      expect(ante).toMatchObject({ ruleId: 'TCP-5', otherwise: 'push', beside: { ruleId: 'TCP-4' } });
      const [to, per] = ante!.beside!.pays;
      // K-high beats a qualified Q-high, no bonus hand: the Ante returns its stake and `to:per` of it
      const s = settle({ player: ['KS', '7H', '3D'], dealer: ['QS', '9H', '4D'], bets: [{ spot: 'ante', stakeMinor: 100, playerId: 'p1' }], actions: { p1: ['play'] } }, p.id);
      expect(s.lines.find((l) => !l.betId.endsWith(':play'))?.returnMinor).toBe(100 + (100 * to) / per);
    }
  });

  it('the pair-plus-35 profile pays flush 4:1 and straight flush 35:1', () => {
    const s = settle({ player: ['TH', 'JH', 'QH'], dealer: ['9S', '7D', '2C'], bets: [{ spot: 'pair-plus', stakeMinor: 100 }] }, 'pair-plus-35');
    expect(s.lines[0]?.returnMinor).toBe(3600);
  });
});

describe('felt settle three-card-poker rejects bad input with a code', () => {
  const bad = (input: unknown): string => {
    const r = threeCardPokerGame.settleOffline('standard', input);
    return r.ok ? 'accepted' : r.violation.code;
  };
  it('impossible hands, cards not in the deck, wrong counts, play placed as a bet, unused actions', () => {
    expect(bad({ player: ['AS', 'KS', 'QS'], dealer: ['AS', '2D', '3C'], bets: [] })).toBe('POKER_CARD_DUPLICATE');
    expect(bad({ player: ['AS', 'KS', 'ZZ'], dealer: ['4S', '2D', '3C'], bets: [] })).toBe('POKER_CARD_INVALID');
    expect(bad({ player: ['AS', 'KS', 'QS', 'JS'], dealer: ['4S', '2D', '3C'], bets: [] })).toBe('POKER_CARD_COUNT');
    expect(bad({ player: ['AS', 'KS'], dealer: ['4S', '2D', '3C'], bets: [] })).toBe('POKER_CARD_COUNT');
    expect(bad({ player: ['AS', 'KS', 'QS'], dealer: ['4S', '2D', '3C'], bets: [{ spot: 'play', stakeMinor: 100 }] })).toBe('SPOT_NOT_OFFERED');
    expect(bad({ player: ['AS', 'KS', 'QS'], dealer: ['4S', '2D', '3C'], bets: [{ spot: 'ante', stakeMinor: 100 }], actions: { player: ['play', 'play'] } })).toBe('UNUSED_ACTIONS');
    expect(bad({ player: ['AS', 'KS', 'QS'], dealer: ['4S', '2D', '3C'], bets: [{ spot: 'ante', stakeMinor: 100 }], actions: { player: ['raise'] } })).toBe('UNKNOWN_ACTION');
    expect(bad({ player: ['AS', 'KS', 'QS'], dealer: ['4S', '2D', '3C'], bets: [], extra: 1 })).toBe('INVALID_INPUT');
  });
});

describe('Three Card Poker exact return (felt rtp)', () => {
  it('optimal strategy is "play Q-6-4 or better"; ante edge 3.37 % (1-4-5 Ante Bonus), Pair Plus 7.28 % (1-3-6-30-40)', () => {
    const evs = tcpHandEvs(threeCardPokerProfiles['standard'] as never);
    expect(minimumPlayed(evs)).toBe('Q-6-4');
    const r = threeCardPokerGame.rtp('standard');
    if (!r.ok) throw new Error(r.violation.message);
    const [ante, pp] = r.value.rows;
    expect(ante?.houseEdge).toBeCloseTo(0.0337, 4);
    expect(pp?.houseEdge).toBeCloseTo(0.0728, 4);
    expect(pp?.exact).toBe('5123/5525');
  });
});

// ── the kernel: decisions, timer, redaction ──
const T0 = 1_000_000;
const CLOSES = T0 + 10_000;
type Cmd = { type: string; at: number; [k: string]: unknown };
function run(cmds: Cmd[], from: BankedPokerState = k.initial()): { s: BankedPokerState; evs: BankedPokerEvent[]; last: RefereeDecision<BankedPokerEvent> } {
  let s = from;
  const evs: BankedPokerEvent[] = [];
  let last: RefereeDecision<BankedPokerEvent> = { ok: true, events: [] };
  for (const c of cmds) {
    last = k.decide(s, c as never) as RefereeDecision<BankedPokerEvent>;
    if (!last.ok) continue;
    for (const e of last.events) {
      s = k.evolve(s, e);
      evs.push(e);
    }
  }
  return { s, evs, last };
}
const limits = { spots: {}, tableMinMinor: 100, tableMaxMinor: 1_000_000 };
const opening: Cmd[] = [
  { type: 'OpenRound', at: T0, roundId: 'r1', tableId: 't1', profileId: 'standard', bettingClosesAt: CLOSES, limits },
  { type: 'PlaceBet', at: T0 + 1, bet: { betId: 'a1', playerId: 'p1', spot: 'ante', stakeMinor: 500 } },
  { type: 'PlaceBet', at: T0 + 2, bet: { betId: 'a2', playerId: 'p2', spot: 'ante', stakeMinor: 200 } },
  { type: 'PlaceBet', at: T0 + 3, bet: { betId: 'pp3', playerId: 'p3', spot: 'pair-plus', stakeMinor: 100 } },
];
const deal = ['KS', '7H', '3D', 'QS', '9H', '4D'].map((card, i) => ({ type: 'RecordCard', at: CLOSES + 1 + i, card }));

describe('Three Card Poker kernel', () => {
  it('the first card closes betting; dealer cards reach players as hidden until the reveal (redaction)', () => {
    const { s, evs } = run([...opening, ...deal]);
    const firstCard = evs.findIndex((e) => e.type === 'CardRecorded');
    expect(evs[firstCard - 1]).toMatchObject({ type: 'BettingClosed', reason: 'device' });
    const p1 = { role: 'player' as const, playerId: 'p1' };
    const dealerCards = evs.filter((e) => e.type === 'CardRecorded' && e.slot === 'dealer');
    expect(dealerCards).toHaveLength(3);
    for (const e of dealerCards) expect(k.redact(e, p1)).toMatchObject({ card: null });
    expect(k.redact(dealerCards[0] as BankedPokerEvent, { role: 'pitboss' })).toMatchObject({ card: 'QS' });
    const view = k.view(s, p1);
    expect(view.dealer).toEqual([null, null, null]);
    expect(JSON.stringify(view)).not.toMatch(/QS|9H|4D/);
    expect(view.player).toEqual(['KS', '7H', '3D']);
    expect(view.decision).toMatchObject({ options: ['play', 'fold'], closesAt: CLOSES + 6 + 15_000 });
    expect(k.view(s, { role: 'player', playerId: 'p3' }).decision?.options).toEqual([]);
  });

  it('no card is due while players decide; a seventh card never is (S-2)', () => {
    const { s } = run([...opening, ...deal]);
    const d = k.decide(s, { type: 'RecordCard', at: CLOSES + 20, card: '2C' });
    expect(d.ok ? d : d.violation).toMatchObject({ code: 'NO_CARD_DUE', ruleId: 'S-2' });
  });

  it('Play adds a stake equal to the ante as a child bet; a retry is a duplicate; a second different decision is refused', () => {
    const { s, evs } = run([...opening, ...deal, { type: 'PlayerAction', at: CLOSES + 100, playerId: 'p1', action: 'play' }]);
    const play = evs.find((e) => e.type === 'BetAccepted' && e.bet.spot === 'play');
    expect(play).toMatchObject({ bet: { betId: 'a1:play', playerId: 'p1', stakeMinor: 500, parentBetId: 'a1', kind: 'play' } });
    expect(k.decide(s, { type: 'PlayerAction', at: CLOSES + 101, playerId: 'p1', action: 'play' } as never)).toMatchObject({ ok: true, events: [], duplicate: true });
    const again = k.decide(s, { type: 'PlayerAction', at: CLOSES + 101, playerId: 'p1', action: 'fold' } as never);
    expect(again.ok ? again : again.violation.code).toBe('DECISION_NOT_PENDING');
    expect(k.redact(evs.find((e) => e.type === 'DecisionMade') as BankedPokerEvent, { role: 'player', playerId: 'p2' })).toBeNull();
    const noAnte = k.decide(s, { type: 'PlayerAction', at: CLOSES + 101, playerId: 'p3', action: 'play' } as never);
    expect(noAnte.ok ? noAnte : noAnte.violation.code).toBe('NO_SUCH_SEAT');
  });

  it('the decision timer: an early deadline close is refused; at the deadline undecided hands fold (TCP-7) and the dealer is revealed', () => {
    const base = run([...opening, ...deal, { type: 'PlayerAction', at: CLOSES + 100, playerId: 'p1', action: 'play' }]).s;
    const dl = k.deadlines(base);
    expect(dl).toEqual([{ at: CLOSES + 6 + 15_000, command: { type: 'CloseDecisions', at: CLOSES + 6 + 15_000, reason: 'deadline' } }]);
    const early = k.decide(base, { type: 'CloseDecisions', at: CLOSES + 50, reason: 'deadline' } as never);
    expect(early.ok ? early : early.violation.code).toBe('DECISION_TIME_NOT_OVER');
    const late = k.decide(base, { type: 'PlayerAction', at: CLOSES + 6 + 15_000, playerId: 'p2', action: 'play' } as never);
    expect(late.ok ? late : late.violation.code).toBe('DECISION_NOT_PENDING');
    const { s, evs } = run([dl[0]?.command as Cmd], base);
    expect(evs.map((e) => e.type)).toEqual(['DecisionMade', 'DecisionsClosed', 'DealerRevealed']);
    expect(evs[0]).toMatchObject({ playerId: 'p2', action: 'fold', by: 'timeout' });
    expect(s.phase).toBe('resolved');
    expect(k.view(s, { role: 'player', playerId: 'p1' }).dealer).toEqual(['QS', '9H', '4D']);
    const st = k.settle(s);
    if (!st.ok) throw new Error(st.violation.message);
    // p1: K-high beats qualified Q-high: ante 500 → 1000, play 500 → 1000; p2 folded: 0; p3 pair plus K-high: 0
    expect(Object.fromEntries(st.value.lines.map((l) => [l.betId, l.returnMinor]))).toEqual({ a1: 1000, 'a1:play': 1000, a2: 0, pp3: 0 });
  });

  it('when every hand has decided the window closes at once and the round resolves', () => {
    const { s, evs } = run([...opening, ...deal, { type: 'PlayerAction', at: CLOSES + 100, playerId: 'p1', action: 'fold' }, { type: 'PlayerAction', at: CLOSES + 101, playerId: 'p2', action: 'play' }]);
    expect(evs.slice(-2).map((e) => e.type)).toEqual(['DecisionsClosed', 'DealerRevealed']);
    expect(s.phase).toBe('resolved');
    expect(k.next(s)).toEqual([{ kind: 'settle', message: 'Settle the round.', ruleId: 'GEN-5' }]);
  });

  it('a round with no ante deals all six cards and resolves without a decision window', () => {
    const { s } = run([opening[0] as Cmd, opening[3] as Cmd, ...deal]);
    expect(s.phase).toBe('resolved');
  });

  it('play is not a betting spot; a card dealt twice is refused (S-1); next() says which card is due', () => {
    const { s } = run(opening);
    const d = k.decide(s, { type: 'PlaceBet', at: T0 + 5, bet: { betId: 'x', playerId: 'p1', spot: 'play', stakeMinor: 100 } });
    expect(d.ok ? d : d.violation.code).toBe('SPOT_NOT_OFFERED');
    const two = run([...opening, ...deal.slice(0, 1)]).s;
    expect(k.next(two)).toEqual([{ kind: 'deal', message: 'Deal one card to the player hand (card 2, face up).', ruleId: 'TCP-1' }]);
    const dup = k.decide(two, { type: 'RecordCard', at: CLOSES + 9, card: 'KS' });
    expect(dup.ok ? dup : dup.violation.code).toBe('IMPOSSIBLE_CARD');
  });
});
