import { BetPatternsSchema, LateBettorListSchema, PlayerIntegrityListSchema, robotUserId, type LateBettor, type PlayerIntegrity } from '@felt-studio/protocol';
import { describe, expect, it } from 'vitest';
import { integrity } from '@felt-studio/games';
import { InMemoryUsersRepository } from '../auth/users.repository.js';
import { IntegrityController } from './integrity.controller.js';
import type { IntegrityService } from './integrity.service.js';
import { PlayerNames } from '../auth/player-names.js';

const advantage = (playerId: string): PlayerIntegrity => ({
  playerId,
  tables: [{ tableId: 'tbl_bj', game: 'blackjack' }],
  lastAt: 1,
  report: { playerId, bets: 40, shoes: 4, alarm: false, pValue: 0.5, alpha: 0.001, minShoes: 10, correlation: 0.1, minStake: 100, maxStake: 200, tests: [], chart: [] },
});
const late = (playerId: string): LateBettor => ({
  playerId,
  tables: ['tbl_rou'],
  report: { playerId, bets: 10, late: 1, lateShare: 0.1, lateWins: 0, lateExpected: 0.03, earlyWins: 1, earlyExpected: 0.3, pValue: 1, alpha: 0.001, alarm: false, minLate: 30, lateMs: 2000, timing: [] },
});

/** Two accounts betting one straight number 100 ms apart, round after round (issue 23 §5). */
const patterns = integrity.sharedPatterns(
  Array.from({ length: 20 }, (_, r) =>
    ['usr_01a21f9c', 'usr_gone'].map((playerId, i) => ({ playerId, tableId: 'tbl_rou', roundId: `r${r}`, spot: `straight:${r % 37}`, amount: 100, acceptedAt: r * 30_000 + 100 * i + 10 * r, msBeforeClose: 1_000 - 100 * i - 10 * r })),
  ).flat(),
);

async function controller() {
  const users = new InMemoryUsersRepository();
  const user = (userId: string, username: string, name: string) => users.insertIfAbsent({ userId, username, name, role: 'player', passwordHash: 'x', createdAt: 1 });
  await user('usr_01a21f9c', 'player1', 'Pia Player');
  await user(robotUserId('robot1'), 'robot1', 'Robot 1');
  const service = {
    playerReports: () => [advantage('usr_01a21f9c'), advantage(robotUserId('robot1')), advantage('usr_gone')], lateBettors: () => [late(robotUserId('robot1')), late('usr_01a21f9c')],
    betPatterns: () => ({ evaluatedAt: 5, report: patterns }),
  } as unknown as IntegrityService;
  return new IntegrityController(service, new PlayerNames(users));
}

describe('the Integrity reads name the players (issue 20: the pit saw usr_01a21f… and bot_robot1)', () => {
  it('GET /integrity/players: each report carries the account’s display name (null when the account is gone), ids kept', async () => {
    const body = PlayerIntegrityListSchema.parse(await (await controller()).players());
    expect(body.players.map((p) => [p.playerId, p.name])).toEqual([
      ['usr_01a21f9c', 'Pia Player'],
      ['bot_robot1', 'Robot 1'],
      ['usr_gone', null],
    ]);
  });

  it('GET /integrity/late-bettors: the same, in the report’s order', async () => {
    const body = LateBettorListSchema.parse(await (await controller()).lateBettors());
    expect(body.players.map((p) => [p.playerId, p.name])).toEqual([
      ['bot_robot1', 'Robot 1'],
      ['usr_01a21f9c', 'Pia Player'],
    ]);
  });

  it('GET /integrity/bet-patterns: the last evaluation with a name for every account it names (null when gone)', async () => {
    const body = BetPatternsSchema.parse(await (await controller()).betPatterns());
    expect(body.evaluatedAt).toBe(5);
    expect(body.report.groups.map((g) => g.players)).toEqual([['usr_01a21f9c', 'usr_gone']]);
    expect(body.names).toEqual([
      { playerId: 'usr_01a21f9c', name: 'Pia Player' },
      { playerId: 'usr_gone', name: null },
    ]);
  });
});
