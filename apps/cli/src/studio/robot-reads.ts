import { gameDefinition } from '@felt-studio/games';

/**
 * When a demo player needs to read a table again after it has bet at the round (the robots poll `GET …/round`:
 * three robots × every table, ~50 reads a second on the browser tier's studio, the largest part of an idle
 * studio's CPU after the table reads).
 *
 * At a game where players only bet (roulette, baccarat, the wheels, Sic Bo, Andar Bahar…) nothing a robot does can
 * happen at that table until the round's betting has closed and the next one opens: its reads until the close are
 * skipped. At a game where a player acts after the close (a command of the game's definition a player may send:
 * blackjack's and banked poker's PlayerAction, Lucky Dice's DeclineThrow) the robot keeps reading as before — a
 * dealer may close betting early (BAC/BJ round control), and its turn must not wait for the original deadline.
 * Returns the time (server clock, epoch ms) before which the table is not read, or null: read as before.
 */
export function quietUntil(game: string, bettingClosesAt: number | null | undefined): number | null {
  if (bettingClosesAt === null || bettingClosesAt === undefined) return null;
  return playersActAfterClose(game) ? null : bettingClosesAt;
}

/** Whether a player may send one of the game's commands (a decision after the close). Unknown games: yes (read as before). */
export function playersActAfterClose(game: string): boolean {
  return gameDefinition(game)?.commands.some((c) => c.roles.includes('player')) ?? true;
}
