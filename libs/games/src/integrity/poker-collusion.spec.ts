import { describe, expect, it } from 'vitest';
import { handEventsView } from '../poker-table/view.js';
import { chenScore, hypergeometricPmf, pokerHandRecordFromEvents, pokerIntegrity, preflopStrength, stratifiedFisherLowerTail, type PokerHandRecord } from './poker-collusion.js';
import { fairPokerTable, simPokerPlayers, simulatePokerTable } from './simulate-poker.js';
import type { LoggedPokerHand } from './poker-collusion.js';

/** The hands after which `who` is first in an alarming finding of `kind` (evaluated every `every` hands over the last 2 000), or null. */
function firstFlag(hands: readonly PokerHandRecord[], kind: string, who: string, every: number): number | null {
  for (let n = every; n <= hands.length; n += every) {
    const r = pokerIntegrity(hands.slice(Math.max(0, n - 2_000), n));
    if (r.findings.some((f) => f.alarm && f.kind === kind && f.players.includes(who))) return n;
  }
  return null;
}

describe('poker collusion and bots (issue 23 §4)', () => {
  it('Chen scores and strengths: aces best, 7-2 offsuit near the bottom; exact tests by hand', () => {
    expect(chenScore(12, 12, false)).toBe(20);
    expect(chenScore(5, 0, false)).toBe(-1);
    expect(chenScore(12, 11, true)).toBe(12);
    expect(preflopStrength('holdem', [48, 49])).toBeGreaterThan(0.99);
    expect(preflopStrength('holdem', [20, 1])).toBeLessThan(0.05);
    expect(preflopStrength('omaha', [48, 49])).toBeNull();
    // one stratum is Fisher's test: 0 of 5 draws when 5 of 10 are successes
    expect(hypergeometricPmf(10, 5, 5)[0]).toBeCloseTo(1 / 252, 12);
    expect(stratifiedFisherLowerTail([{ a: 0, n: 5, k: 5, N: 10 }])).toBeCloseTo(1 / 252, 12);
    // two strata: the convolution (P(X1 + X2 ≤ 0) = product)
    expect(stratifiedFisherLowerTail([{ a: 0, n: 5, k: 5, N: 10 }, { a: 0, n: 1, k: 1, N: 2 }])).toBeCloseTo(1 / 504, 12);
  });

  it('a fair table (tight, loose, aggressive and quick players who look at their cards): no alarm over 6 seeds × 2 000 hands, evaluated every 100 hands (α = 0.001)', () => {
    const alarms: string[] = [];
    for (let seed = 1; seed <= 6; seed++) {
      const hands = simulatePokerTable(2_000, seed, fairPokerTable());
      for (let n = 100; n <= hands.length; n += 100) {
        const r = pokerIntegrity(hands.slice(0, n));
        if (r.alarm) alarms.push(`seed ${seed} after ${n}: ${r.findings.filter((f) => f.alarm).map((f) => f.detail).join('; ')}`);
      }
    }
    expect(alarms).toEqual([]);
  });

  it('a chip-dumping pair (the dumper raises big and folds to its partner in 20 % of hands) is flagged within 1 000 hands on each of 6 seeds, with the dumped hands and the chip flow as evidence', () => {
    for (let seed = 10; seed < 16; seed++) {
      const hands = simulatePokerTable(1_000, seed, fairPokerTable({ d: simPokerPlayers.dumper('r'), r: simPokerPlayers.receiver('d') }));
      expect(firstFlag(hands, 'chip-dumping', 'd', 100), `seed ${seed}`).not.toBeNull();
      const r = pokerIntegrity(hands);
      const f = r.findings.find((x) => x.kind === 'chip-dumping' && x.alarm)!;
      expect(f.players).toEqual(['d', 'r']);
      const ids = new Set(hands.map((h) => h.handId));
      expect(f.hands.length).toBeGreaterThanOrEqual(3);
      expect(f.hands.every((h) => ids.has(h))).toBe(true);
      // every evidence hand: d lost 8+ big blinds and r took the most of it
      for (const id of f.hands) {
        const h = hands.find((x) => x.handId === id)!;
        const d = h.players.find((p) => p.playerId === 'd')!;
        expect(d.netMinor).toBeLessThanOrEqual(-800);
        expect(h.players.reduce((a, b) => (b.netMinor > a.netMinor ? b : a)).playerId).toBe('r');
      }
      // the chip flow the pit boss sees: d → r with its dumps counted
      expect(r.flows.find((x) => x.from === 'd' && x.to === 'r')).toMatchObject({ dumps: f.hands.length });
      expect(r.suspects).toEqual(expect.arrayContaining(['d', 'r']));
    }
  });

  it('a timing bot (1.2 s ± 150 ms every decision) is flagged within 100 hands on each of 6 seeds; nobody else is', () => {
    for (let seed = 20; seed < 26; seed++) {
      const hands = simulatePokerTable(100, seed, fairPokerTable({ bot: simPokerPlayers.bot() }));
      const r = pokerIntegrity(hands);
      expect(r.findings.filter((f) => f.alarm).map((f) => [f.kind, ...f.players])).toEqual([['timing', 'bot']]);
      const t = r.timing.find((x) => x.playerId === 'bot')!;
      expect(t.logSd).toBeLessThan(0.1);
      expect(t.cv).toBeLessThan(0.1);
    }
  });

  it('a soft-playing pair (never bet or raise heads-up against each other) is flagged within 500 hands on each of 6 seeds', () => {
    for (let seed = 30; seed < 36; seed++) {
      const hands = simulatePokerTable(500, seed, fairPokerTable({ a: simPokerPlayers.soft('b'), b: simPokerPlayers.soft('a') }));
      expect(firstFlag(hands, 'soft-play', 'a', 100), `seed ${seed}`).not.toBeNull();
    }
  });

  it('two players from one address or device are reported with the hands dealt to both', () => {
    const hands = simulatePokerTable(20, 40, fairPokerTable());
    const r = pokerIntegrity(hands, [{ playerId: 'p1', ip: '10.0.0.7', device: 'fp-a' }, { playerId: 'p2', ip: '10.0.0.7', device: 'fp-b' }, { playerId: 'p3', ip: '10.0.0.8' }]);
    const f = r.findings.find((x) => x.kind === 'shared-connection')!;
    expect(f).toMatchObject({ players: ['p1', 'p2'], alarm: true });
    expect(f.hands.length).toBeGreaterThan(0);
    expect(r.alarm).toBe(true);
  });

  it('reads a hand from the pit boss\'s events body (what `felt settle poker-holdem` replays) into the same record as from the log', () => {
    const logs: LoggedPokerHand[] = [];
    const recs = simulatePokerTable(30, 60, fairPokerTable(), 't1', (l) => logs.push(l));
    for (const [i, l] of logs.entries()) {
      const events = handEventsView({ start: { seq: 1, handId: l.handId, config: l.config, seats: l.seats, buttonSeat: l.buttonSeat, at: l.at, deckCommit: null }, commands: l.commands.map((cmd, j) => ({ seq: j + 2, cmd })), ended: { seq: l.commands.length + 2, deck: null, salt: null } }, { role: 'pitboss' });
      if (!events.ok) throw new Error(events.violation.message);
      const body = JSON.parse(JSON.stringify({ handId: l.handId, table: l.config, events: events.value })) as unknown;
      expect(pokerHandRecordFromEvents('t1', body)).toEqual({ ok: true, value: recs[i] });
    }
    expect(pokerHandRecordFromEvents('t1', { handId: 'x', table: { variant: 'bingo' }, events: [] })).toMatchObject({ ok: false, violation: { code: 'POKER_REPLAY_INPUT' } });
  });

  it('judges nobody on too little: 10 hands give no alarm even to a bot', () => {
    const r = pokerIntegrity(simulatePokerTable(3, 50, fairPokerTable({ bot: simPokerPlayers.bot() })));
    expect(r.alarm).toBe(false);
    expect(r.findings.every((f) => !f.alarm)).toBe(true);
  });
});
