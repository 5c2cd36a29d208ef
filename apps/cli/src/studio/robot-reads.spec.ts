import { describe, expect, it } from 'vitest';
import { playersActAfterClose, quietUntil } from './robot-reads.js';

describe('demo players read a table only when they may have something to do there', () => {
  it('after a bet at a bet-only game, not before the round’s betting closed', () => {
    for (const g of ['roulette', 'baccarat', 'sicbo', 'money-wheel', 'andar-bahar', 'dragon-tiger', 'football-studio']) {
      expect(playersActAfterClose(g), g).toBe(false);
      expect(quietUntil(g, 1_000_000), g).toBe(1_000_000);
    }
  });

  it('at a game where a player acts after the close (a player command in its definition), as before: every pass', () => {
    for (const g of ['blackjack', 'infinite-blackjack', 'lucky-dice', 'casino-holdem', 'three-card-poker', 'triple-bet-poker', 'riverside-poker']) {
      expect(playersActAfterClose(g), g).toBe(true);
      expect(quietUntil(g, 1_000_000), g).toBeNull();
    }
  });

  it('no deadline, or a game this build does not know: as before', () => {
    expect(quietUntil('roulette', null)).toBeNull();
    expect(quietUntil('roulette', undefined)).toBeNull();
    expect(quietUntil('pachinko', 1_000_000)).toBeNull();
  });
});
