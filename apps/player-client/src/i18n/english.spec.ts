import { keyPaths } from '@felt-studio/ui';
import { describe, expect, it } from 'vitest';
import { withGameStrings } from '../app/games';
import { pokerTableEn } from '../features/poker-table/i18n/poker-table.en';
import { playerEn } from './player.en';
import { playerSv } from './player.sv';

/** Every string of the English player UI, with its key. */
function strings(cat: unknown, path = ''): [string, string][] {
  if (typeof cat === 'string') return [[path, cat]];
  if (typeof cat !== 'object' || cat === null) return [];
  return Object.entries(cat).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
}

describe('the English UI is English (issue 20 defect 12)', () => {
  it('no Swedish words in the English player strings ("N x insatsen", "Straddle (Ö)")', () => {
    const en = withGameStrings({ en: playerEn, sv: playerSv }).en;
    const swedish = [...strings(en), ...strings(pokerTableEn)].filter(([, v]) => /insats|\(Ö\)|[åäö]/i.test(v));
    expect(swedish).toEqual([]);
    expect(keyPaths(en).length).toBeGreaterThan(100);
  });
});
