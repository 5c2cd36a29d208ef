import { describe, expect, it } from 'vitest';
import type { PokerTableIntegrity } from '@felt-studio/protocol';
import { crossTable } from './poker-integrity.controller.js';

const report = (findings: PokerTableIntegrity['report']['findings']): PokerTableIntegrity['report'] => ({ hands: 300, players: [], pValue: 1, alpha: 0.001, alarm: true, suspects: [], findings, flows: [], timing: [] });
const dumping = (a: string, b: string, hand: string) => ({ kind: 'chip-dumping' as const, players: [a, b], pValue: 1e-6, alarm: true, detail: '', hands: [hand] });

describe('GET /integrity/poker across tables (issue 23): the read names the accounts, their names and the tables', () => {
  it('one pair flagged together at two tables under different keys is one finding; the house robots are left out', () => {
    const tables: PokerTableIntegrity[] = [
      { tableId: 'pk-1', name: "Hold'em 1", variant: 'holdem', currency: 'EUR', lastAt: 1, players: [{ key: 'pk1', name: 'Dana', robot: false, playerId: 'usr_d' }, { key: 'pk2', name: 'Rob', robot: false, playerId: 'usr_r' }, { key: 'pk3', name: 'Robot 1', robot: true, playerId: 'bot_robot1' }], report: report([dumping('pk1', 'pk2', 'pk-1-h4'), dumping('pk3', 'pk1', 'pk-1-h9')]) },
      { tableId: 'pk-2', name: "Hold'em 2", variant: 'holdem', currency: 'EUR', lastAt: 1, players: [{ key: 'pk4', name: 'Rob', robot: false, playerId: 'usr_r' }, { key: 'pk5', name: 'Dana', robot: false, playerId: 'usr_d' }, { key: 'pk6', name: 'Robot 1', robot: true, playerId: 'bot_robot1' }], report: report([dumping('pk5', 'pk4', 'pk-2-h2'), dumping('pk6', 'pk5', 'pk-2-h3')]) },
    ];
    const found = crossTable(tables);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ players: [{ playerId: 'usr_d', name: 'Dana' }, { playerId: 'usr_r', name: 'Rob' }], alarm: true });
    expect(found[0]!.tables.map((t) => [t.name, t.kinds, t.hands])).toEqual([
      ["Hold'em 1", ['chip-dumping'], ['pk-1-h4']],
      ["Hold'em 2", ['chip-dumping'], ['pk-2-h2']],
    ]);
  });
});
