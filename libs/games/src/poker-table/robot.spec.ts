import { describe, expect, it } from 'vitest';
import { createRng, shuffle } from '../common/random.js';
import { applyHandCommand, cardDue, startHand, type HandState } from './hand.js';
import { tableConfig, VARIANT_IDS, VARIANTS } from './profiles.js';
import { robotCommand } from './robot.js';

describe('robot players (issue 11 demo table)', () => {
  it.each(VARIANT_IDS)('%s: robots finish every hand with legal commands only, raising at most to the bound', (variant) => {
    for (let seed = 1; seed <= 40; seed++) {
      const rng = createRng(seed);
      const v = VARIANTS[variant];
      const n = Math.min(v.maxSeats, 6);
      const st = startHand({ handId: 'h', config: tableConfig({ variant, structure: 'no-limit', anteMinor: 10, bringInMinor: 20, smallBetMinor: 50 }), seats: Array.from({ length: n }, (_, i) => ({ seat: i + 1, playerId: `robot${i + 1}`, stackMinor: 5000 })), buttonSeat: 1, at: 0 });
      if (!st.ok) throw new Error(st.violation.message);
      let s: HandState = st.value;
      const deck = shuffle(Array.from({ length: 52 }, (_, i) => i).filter((c) => c >> 2 >= s.lowestRank), rng);
      for (let at = 1; s.phase.type !== 'complete'; at++) {
        const cmd = cardDue(s) ? { type: 'card' as const, card: deck.shift() ?? (s.discards[0] as number), at } : robotCommand(s, rng, at, 1000);
        if (!cmd) throw new Error(`robot stuck in ${s.phase.type}`);
        if (cmd.type === 'act' && cmd.toMinor !== undefined) expect(cmd.toMinor).toBeLessThanOrEqual(1000);
        const r = applyHandCommand(s, cmd);
        if (!r.ok) throw new Error(`${variant} seed ${seed}: ${r.violation.code} ${r.violation.message}`);
        s = r.value;
      }
      expect(s.result).not.toBeNull();
    }
  });
});
