import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baccaratProfiles } from '../baccarat/baccarat.profiles.js';
import { DRAGON_TIGER, DT_SUITED_TIE } from '../dragon-tiger/dragon-tiger.rules.js';
import { FOOTBALL_STUDIO, FS_STANDARD } from '../football-studio/football-studio.rules.js';
import { europeanProfile } from '../roulette/profiles.js';
import { checkRestriction, SICBO_SPOTS } from '../sicbo/sicbo.rules.js';
import { baccaratRestrictions, blockedSpots, duelRestrictions, rouletteRestrictions, sicboRestrictions } from './restrictions.js';

const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);

describe('bet restrictions as data, asked from each game’s own rules', () => {
  it('RES-3 sic bo: big/small and odd/even', () => {
    expect(sicboRestrictions()).toEqual({ type: 'exclusive-pairs', game: 'sicbo', ruleId: 'RES-3', code: 'RESTRICTED_COMBINATION', pairs: [['small', 'big'], ['odd', 'even']] });
  });

  it('RES-4 dragon tiger: dragon/tiger (the suited tie is free)', () => {
    expect(duelRestrictions(DRAGON_TIGER, DT_SUITED_TIE)).toEqual({ type: 'exclusive-pairs', game: 'dragon-tiger', ruleId: 'RES-4', code: 'RESTRICTED_COMBINATION', pairs: [['dragon', 'tiger']] });
  });

  it('RES-5 football studio: home/away', () => {
    expect(duelRestrictions(FOOTBALL_STUDIO, FS_STANDARD)).toMatchObject({ game: 'football-studio', ruleId: 'RES-5', pairs: [['home', 'away']] });
  });

  it('RES-2 baccarat: player/banker, pairs side bets free', () => {
    for (const p of Object.values(baccaratProfiles)) {
      expect(baccaratRestrictions(p)).toEqual({ type: 'exclusive-pairs', game: 'baccarat', ruleId: 'RES-2', code: 'OPPOSITE_BETS', pairs: [['player', 'banker']] });
    }
  });

  it('RES-1 roulette: the profile’s coverage limit (34 of 37)', () => {
    expect(rouletteRestrictions(europeanProfile)).toEqual({ type: 'coverage', game: 'roulette', ruleId: 'RES-1', code: 'COVERAGE_LIMIT', maxCoveredPockets: 34, pockets: 37 });
  });

  it('blocked spots name the held spot they conflict with', () => {
    const r = sicboRestrictions();
    expect(blockedSpots(r, ['big', 'total:9'])).toEqual({ small: 'big' });
    expect(blockedSpots(r, ['big', 'odd'])).toEqual({ small: 'big', even: 'odd' });
    expect(blockedSpots(r, [])).toEqual({});
  });

  it('property: a spot is blocked exactly when the game’s own check would reject it (RES-3)', () => {
    const r = sicboRestrictions();
    fc.assert(
      fc.property(fc.subarray(SICBO_SPOTS.slice()), (held) => {
        const blocked = blockedSpots(r, held);
        for (const s of SICBO_SPOTS) {
          if (held.includes(s)) continue;
          const v = checkRestriction(held, s);
          expect(s in blocked).toBe(v !== null);
          if (v) expect(blocked[s]).toBe(v.details?.['conflictsWith']);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
