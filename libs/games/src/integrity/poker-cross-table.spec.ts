import { describe, expect, it } from 'vitest';
import { pokerIntegrity, type PokerFinding, type PokerIntegrityReport } from './poker-collusion.js';
import { crossTablePairs, type CrossTableInput } from './poker-cross-table.js';
import { fairPokerTable, simPokerPlayers, simulatePokerTable } from './simulate-poker.js';

/** A simulated table whose keys are mapped to accounts: `acc(key)`, with the named keys on fixed accounts (the pair that moves). */
function table(tableId: string, hands: number, seed: number, extra: Parameters<typeof fairPokerTable>[0], fixed: Record<string, string>, connections: Parameters<typeof pokerIntegrity>[1] = []): CrossTableInput {
  const players = fairPokerTable(extra);
  const report = pokerIntegrity(simulatePokerTable(hands, seed, players, tableId), connections);
  return { tableId, report, accounts: Object.fromEntries(Object.keys(players).map((k) => [k, fixed[k] ?? `${tableId}-${k}`])) };
}

/** A report with just these findings (the cross-table check reads only the findings). */
const reportOf = (findings: PokerFinding[]): PokerIntegrityReport => ({ hands: 100, players: [], pValue: 1, alpha: 0.001, alarm: findings.some((f) => f.alarm), suspects: [], findings, flows: [], timing: [] });

describe('collusion across poker tables (issue 23 §4/§5, shared patterns)', () => {
  it('a chip-dumping pair that moves between three tables is one finding across them, by account (the table keys differ)', () => {
    const pair = { d: 'acc-dana', r: 'acc-rob' };
    const dump = { d: simPokerPlayers.dumper('r'), r: simPokerPlayers.receiver('d') };
    const found = crossTablePairs([table('t1', 1000, 51, dump, pair), table('t2', 1000, 52, dump, pair), table('t3', 1000, 53, dump, pair)]);
    const f = found.find((x) => x.players.join() === 'acc-dana,acc-rob');
    expect(f).toBeDefined();
    expect(f!.alarm).toBe(true);
    expect(f!.tables.map((t) => t.tableId).sort()).toEqual(['t1', 't2', 't3']);
    expect(f!.tables.every((t) => t.kinds.includes('chip-dumping') && t.hands.length > 0)).toBe(true);
    expect(found[0]).toBe(f);
  });

  it('fair tables with the same six accounts at each raise no cross-table alarm', () => {
    const same = { p1: 'a1', p2: 'a2', p3: 'a3', p4: 'a4', p5: 'a5', p6: 'a6' };
    for (let seed = 60; seed < 63; seed++) {
      const found = crossTablePairs([table('t1', 600, seed, {}, same), table('t2', 600, seed + 10, {}, same), table('t3', 600, seed + 20, {}, same)]);
      expect(found.filter((f) => f.alarm), `seed ${seed}`).toEqual([]);
    }
  });

  it('a pair just below the line at each of four tables adds up (Fisher\'s method); at one table it is nothing', () => {
    const near = (tableId: string): CrossTableInput => ({ tableId, accounts: { pk1: 'x', pk2: 'y' }, report: reportOf([{ kind: 'soft-play', players: ['pk1', 'pk2'], pValue: 0.01, alarm: false, detail: '', hands: [`${tableId}-h1`] }]) });
    const four = crossTablePairs(['t1', 't2', 't3', 't4'].map(near));
    expect(four).toHaveLength(1);
    expect(four[0]!.alarm).toBe(true);
    expect(four[0]!.pValue).toBeLessThan(0.001);
    expect(four[0]!.detail).toContain('named together at 4 tables');
    expect(crossTablePairs([near('t1')])).toEqual([]);
    expect(crossTablePairs([near('t1'), near('t2')])[0]!.alarm).toBe(false);
  });

  it('a shared connection at one table and the same pair named at another: reported, as a rule', () => {
    const shared: CrossTableInput = { tableId: 't1', accounts: { pk1: 'x', pk2: 'y' }, report: reportOf([{ kind: 'shared-connection', players: ['pk1', 'pk2'], pValue: 0, alarm: true, detail: '', hands: [] }]) };
    const elsewhere: CrossTableInput = { tableId: 't2', accounts: { pk4: 'y', pk5: 'x' }, report: reportOf([{ kind: 'soft-play', players: ['pk4', 'pk5'], pValue: 0.4, alarm: false, detail: '', hands: ['t2-h9'] }]) };
    const [f] = crossTablePairs([shared, elsewhere]);
    expect(f).toMatchObject({ players: ['x', 'y'], pValue: 0, alarm: true });
    expect(f!.detail).toContain('a shared connection at one table');
  });
});
