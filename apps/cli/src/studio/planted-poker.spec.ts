import { describe, expect, it } from 'vitest';
import { createRng, integrity, pokerTable } from '@felt-studio/games';
import type { PokerTableFrame } from '@felt-studio/protocol';
import { dumpsIn, PLANTED_POKER, plantedPokerAction, plantedThinkMs, type PlantedRole } from './planted-poker.js';

const config = pokerTable.tableConfig({ variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 20_000 });

/** The frame a seated player gets (its own view of the hand), as much of it as the planted players read. */
function frameFor(s: pokerTable.HandState, key: string): PokerTableFrame {
  const seats = Array.from({ length: 6 }, (_, i) => {
    const x = s.seats.find((y) => y.seat === i + 1);
    return x ? ({ seat: x.seat, me: x.playerId === key, stackMinor: x.stackMinor, pendingTopUpMinor: 0 } as PokerTableFrame['seats'][number]) : null;
  });
  return { tableId: 'holdem-1', seq: 1, config: { bigBlindMinor: 100, minBuyInMinor: 2000, maxBuyInMinor: 10_000, seatCount: 6 }, seats, hand: pokerTable.viewHand(s, { role: 'player', playerId: key }) } as unknown as PokerTableFrame;
}

/**
 * Hold'em 1 as the demo runs it with --plant-anomalies: three house robots (seats 2, 4, 6; `robotCommand`, the
 * same think time every decision — declared robots, so the server's monitor leaves them out of the timing test)
 * and the planted pair (seats 1 and 3) deciding from their own frames.
 */
function demoTable(hands: number, seed: number): integrity.PokerHandRecord[] {
  const rng = createRng(seed);
  const roles: Record<string, PlantedRole> = { dumper: 'dumper', receiver: 'receiver' };
  const seats = [
    { seat: 1, playerId: 'dumper', stackMinor: 10_000 },
    { seat: 2, playerId: 'house1', stackMinor: 10_000 },
    { seat: 3, playerId: 'receiver', stackMinor: 10_000 },
    { seat: 4, playerId: 'house2', stackMinor: 10_000 },
    { seat: 6, playerId: 'house3', stackMinor: 10_000 },
  ];
  const out: integrity.PokerHandRecord[] = [];
  let now = 1_700_000_000_000;
  for (let n = 0; n < hands; n++) {
    const handId = `holdem-1-h${n + 1}`;
    const at = now;
    let s = pokerTable.startHand({ handId, config, seats, buttonSeat: seats[n % seats.length]!.seat, at }).value as pokerTable.HandState;
    const deck = Array.from({ length: 52 }, (_, i) => i);
    for (let i = 51; i > 0; i--) {
      const j = rng.int(i + 1);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    const commands: pokerTable.HandCommand[] = [];
    while (s.result === null) {
      let cmd: pokerTable.HandCommand | null = null;
      if (pokerTable.cardDue(s) !== null) cmd = { type: 'card', card: deck.pop()!, at: now };
      else if (s.toAct !== null) {
        const who = s.seats[s.toAct]!.playerId;
        const role = roles[who];
        if (role) {
          now += plantedThinkMs(role, rng.next(), rng.next());
          const partner = seats.find((x) => x.playerId === (role === 'dumper' ? 'receiver' : 'dumper'))!.seat;
          const a = plantedPokerAction(frameFor(s, who), role, partner, rng.next())!;
          cmd = { type: 'act', seat: s.seats[s.toAct]!.seat, action: a.action, ...(a.toMinor === undefined ? {} : { toMinor: a.toMinor }), at: now };
        } else {
          now += 900;
          cmd = pokerTable.robotCommand(s, rng, now, 400);
        }
      }
      if (cmd === null) break;
      const r = pokerTable.applyHandCommand(s, cmd);
      if (!r.ok) throw new Error(`${handId}: ${r.violation.code} ${r.violation.message}`);
      s = r.value;
      commands.push(cmd);
    }
    const rec = integrity.pokerHandRecord({ tableId: 'holdem-1', handId, config, seats, buttonSeat: seats[n % seats.length]!.seat, at, commands });
    if (!rec.ok) throw new Error(rec.violation.message);
    // the house robots are declared: the server's monitor leaves them out of the timing test
    out.push({ ...rec.value, decisions: rec.value.decisions.map((d) => (d.playerId.startsWith('house') ? { ...d, ms: null } : d)) });
    now += 3_000;
  }
  return out;
}

describe('the planted poker cheats (issue 23 §4, felt studio --plant-anomalies)', () => {
  it('the dumper (half the hands) bets 10 big blinds heads-up with its partner and folds to the partner\'s raise; the receiver raises it; the receiver\'s think time is a script\'s', () => {
    const dumping = Array.from({ length: 400 }, (_, i) => dumpsIn(`h${i}`)).filter(Boolean).length;
    expect(dumping).toBeGreaterThan(400 * PLANTED_POKER.dumpRate - 40);
    expect(dumping).toBeLessThanOrEqual(400 * PLANTED_POKER.dumpRate + 40);
    for (let i = 0; i < 50; i++) {
      const t = plantedThinkMs('receiver', i / 50, 0.3);
      expect(t).toBeGreaterThanOrEqual(1_100);
      expect(t).toBeLessThanOrEqual(1_300);
    }
    const human = Array.from({ length: 200 }, (_, i) => plantedThinkMs('dumper', (i + 0.5) / 200, ((i * 7) % 200) / 200));
    expect(Math.max(...human) / Math.min(...human)).toBeGreaterThan(5);
  });

  it('at Hold\'em 1 beside three house robots, the monitor flags the chip dumping and the timing bot within 400 hands (the bot within 50) on each of 5 seeds, and nobody else', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const hands = demoTable(400, seed);
      let dumpAt: number | null = null;
      let botAt: number | null = null;
      for (let n = 25; n <= hands.length; n += 25) {
        const r = integrity.pokerIntegrity(hands.slice(0, n));
        for (const f of r.findings.filter((x) => x.alarm)) {
          expect(f.players.every((p) => p === 'dumper' || p === 'receiver'), `seed ${seed}: ${f.kind} ${f.players.join()} ${f.detail}`).toBe(true);
          if (f.kind === 'chip-dumping') dumpAt ??= n;
          if (f.kind === 'timing') botAt ??= n;
        }
      }
      expect(dumpAt, `seed ${seed}`).not.toBeNull();
      expect(botAt, `seed ${seed}`).not.toBeNull();
      expect(dumpAt!).toBeLessThanOrEqual(400);
      expect(botAt!).toBeLessThanOrEqual(50);
    }
  });
});
