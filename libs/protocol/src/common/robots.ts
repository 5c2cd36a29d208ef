/**
 * Demo robot players (issue 20 defect 1): `felt studio`'s demo players bet on their own accounts, never on
 * the human demo accounts (`player1..3`). A robot's user id starts with this prefix, so every staff view
 * (the pit boss's bets, the dealer's seats) can flag it without another lookup.
 */
export const ROBOT_ID_PREFIX = 'bot_';

/** True for a demo robot's user id (`bot_robot1`). */
export function isRobotPlayerId(playerId: string | null | undefined): boolean {
  return typeof playerId === 'string' && playerId.startsWith(ROBOT_ID_PREFIX);
}

/** The robot accounts `felt studio` seeds and plays with (username → user id `bot_<username>`). */
export const DEMO_ROBOT_USERNAMES = ['robot1', 'robot2', 'robot3'] as const;

export function robotUserId(username: string): string {
  return `${ROBOT_ID_PREFIX}${username}`;
}
