import { describe, expect, it } from 'vitest';
import type { Card } from '../cards/card.js';
import { actionEvs, derivedStrategy } from './derive.js';
import { blackjackProfiles, standardProfile } from './profiles.js';
import { basicStrategy } from './strategy.js';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T'] as const;
const UPS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'A'] as const;

describe('basic strategy derived from the profile rules (RTP simulation)', () => {
  it('on the standard table it reproduces the 4–8-deck S17 DAS chart for every two-card hand and up card, except two marginal soft doubles', () => {
    const diffs: string[] = [];
    for (let i = 0; i < RANKS.length; i++) {
      for (let j = i; j < RANKS.length; j++) {
        const cards = [`${RANKS[i]}S`, `${RANKS[j]}H`] as Card[];
        for (const u of UPS) {
          const ctx = { canDouble: true, canSplit: i === j };
          const up = `${u}D` as Card;
          const d = derivedStrategy(standardProfile, cards, up, ctx);
          const c = basicStrategy(standardProfile, cards, up, ctx);
          if (d !== c) diffs.push(`${RANKS[i]}${RANKS[j]} v ${u}: derived ${d}, chart ${c}`);
        }
      }
    }
    // infinite-deck vs 8-deck borderline cells (EV differences < 0.01 unit)
    expect(diffs).toEqual(['A2 v 5: derived hit, chart double', 'A4 v 4: derived hit, chart double']);
  });

  it('hits 16 against a ten rather than standing only by a hair, and never stands on 11 (sanity of the EVs)', () => {
    const evs = actionEvs(standardProfile, ['9S', '7H'], 'TD', { canDouble: false, canSplit: false });
    expect((evs.hit as number) - (evs.stand as number)).toBeGreaterThan(0);
    expect((evs.hit as number) - (evs.stand as number)).toBeLessThan(0.01);
    expect(derivedStrategy(standardProfile, ['5S', '6H'], 'TD', { canDouble: false, canSplit: false })).toBe('hit');
  });

  it('follows RAY version A rules: with the dealer winning ties it hits soft 18 against a 2 where the standard table stands (RAY-8.2)', () => {
    const rayA = blackjackProfiles['ray-a'];
    if (!rayA) throw new Error('ray-a');
    const soft18 = ['AS', '7H'] as Card[];
    const ctx = { canDouble: false, canSplit: false };
    expect(derivedStrategy(standardProfile, soft18, '2D', ctx)).toBe('stand');
    expect(derivedStrategy(rayA, soft18, '2D', ctx)).toBe('hit');
  });

  it('without a peek a late dealer Blackjack takes doubled stakes: 11 against a ten is hit, not doubled (BJ-8a)', () => {
    const ctx = { canDouble: true, canSplit: false };
    expect(derivedStrategy(standardProfile, ['5S', '6H'], 'TD', ctx)).toBe('hit');
    expect(derivedStrategy({ ...standardProfile, peekOnTen: true }, ['5S', '6H'], 'TD', ctx)).toBe('double');
  });
});
