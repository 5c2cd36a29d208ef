import type { Role } from '../api/responses.js';

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

/**
 * The demo studio's people (password "demo"; seeded only in the embedded demo mode): the studio-server's demo
 * seeder creates them, the apps' sign-in screens offer the ones of their roles, the browser tests sign in as them.
 * One list, so a new demo account is one line.
 */
export const DEMO_PEOPLE: readonly { readonly username: string; readonly name: string; readonly role: Role }[] = [
  { username: 'player1', name: 'Player One', role: 'player' },
  { username: 'player2', name: 'Player Two', role: 'player' },
  { username: 'player3', name: 'Player Three', role: 'player' },
  { username: 'dealer1', name: 'Dealer One', role: 'dealer' },
  { username: 'pitboss1', name: 'Pit Boss One', role: 'pitboss' },
  { username: 'admin1', name: 'Admin One', role: 'admin' },
];
