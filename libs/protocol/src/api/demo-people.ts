import type { Role } from './responses.js';

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
