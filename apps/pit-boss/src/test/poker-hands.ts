import { holdemScenario, type PokerScenario } from '@felt-studio/ui/poker-fixtures';

/**
 * The pit boss specs' Hold'em hands, from the pure core (@felt-studio/ui/poker-fixtures).
 * `dealtHand`: button 4 → SB 5, BB 1; hole cards: seat 5 2♣ 3♣, seat 1 A♠ A♦, seat 2 7♦ 8♦, seat 4 K♥ K♦.
 */
export const dealtHand = (): PokerScenario => holdemScenario({ at: 1_000 }).deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD');

/**
 * `dealtHand` played to the river and checked down: seats 2 and 5 fold, 4 raises and 1 calls; on the flop 1 checks,
 * 4 uses its time bank (S1-TIMEBANK) and bets, 1 calls; turn and river checked by both.
 */
export const playedHand = (): PokerScenario =>
  dealtHand()
    .act(2, 'fold')
    .act(4, 'raise', 300)
    .act(5, 'fold')
    .act(1, 'call')
    .deal('9S', '5H', '2D')
    .act(1, 'check')
    .timeBank(4)
    .act(4, 'bet', 500)
    .act(1, 'call')
    .deal('JC')
    .act(1, 'check')
    .act(4, 'check')
    .deal('4S')
    .act(1, 'check')
    .act(4, 'check');
