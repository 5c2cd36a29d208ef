import { isRobotPlayerId, robotUserId } from '@felt-studio/protocol';
import { describe, expect, it } from 'vitest';
import { DEMO_ROBOTS } from './demo-tables.js';

describe('felt studio demo players (issue 20 defect 1)', () => {
  it('bet on robot accounts of their own, never on the human demo accounts player1..3', () => {
    const names = DEMO_ROBOTS.map((r) => r.username);
    expect(names).toEqual(['robot1', 'robot2', 'robot3']);
    expect(names.filter((n) => /^player\d$/.test(n))).toEqual([]);
    expect(names.map((n) => isRobotPlayerId(robotUserId(n)))).toEqual([true, true, true]);
    expect(['player1', 'player2', 'player3'].map(isRobotPlayerId)).toEqual([false, false, false]);
  });

  it('sit at distinct blackjack seats 5..7, leaving seats 1..4 to people (BJ: 7 seats)', () => {
    const seats = DEMO_ROBOTS.map((r) => r.blackjackSeat);
    expect(new Set(seats).size).toBe(seats.length);
    expect(seats.every((s) => s >= 5 && s <= 7)).toBe(true);
  });
});
