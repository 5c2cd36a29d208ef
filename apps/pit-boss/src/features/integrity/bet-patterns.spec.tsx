// @vitest-environment happy-dom
import { integrity } from '@felt-studio/games';
import type { BetPatterns, Table } from '@felt-studio/client-sdk';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pitEn } from '../../i18n/pit.en';
import { pitSv } from '../../i18n/pit.sv';
import { BetPatternsSection } from './BetPatterns';

afterEach(() => cleanup());
const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pitboss1', role: 'pitboss' as const, name: 'Pit Boss One' };
const tables = [
  { tableId: 'table-0', name: 'Roulette 1' },
  { tableId: 'table-1', name: 'Baccarat 1' },
] as unknown as Table[];

/** The server's read over simulated tables (libs/games): 20 fair players at each, and a group of 3 copying one signal when `group`. */
const read = (group: boolean): BetPatterns => {
  const bets = integrity.simulatePatternBets({ tables: 2, rounds: 40, playersPerTable: 20, seed: 9, ...(group ? { group: { size: 3, tables: 2, spreadMs: 200, presence: 0.9 } } : {}) });
  const report = integrity.sharedPatterns(bets);
  const ids = [...new Set([...report.groups.flatMap((g) => g.players), ...report.topPairs.flatMap((p) => p.players)])].sort();
  return { evaluatedAt: 1_800_000_000_000, report, names: ids.map((playerId) => ({ playerId, name: playerId === 'grp1' ? 'Ann Group' : playerId === 'grp3' ? null : `Name ${playerId}` })) };
};

describe('the Integrity view: shared betting patterns (issue 23 §5)', () => {
  it('shows a group with its score, its accounts by name (id and the flag action under each), both tables and the co-bets with their spread', async () => {
    const data = read(true);
    renderWithFelt(<BetPatternsSection tables={tables} />, { catalogues, user, routes: { '/integrity/bet-patterns': data } });
    const card = await screen.findByRole('region', { name: 'Group: Ann Group, Name grp2, grp3' });
    expect(within(card).getByText('Betting together')).toBeTruthy();
    expect(within(card).getByText('Roulette 1, Baccarat 1')).toBeTruthy();
    const members = within(card).getByRole('list', { name: 'Accounts' });
    expect(within(members).getAllByRole('listitem')).toHaveLength(3);
    expect(within(members).getAllByRole('button', { name: /Flag/ })).toHaveLength(3);
    const g = data.report.groups[0]!;
    const evidence = within(card).getByRole('table', { name: `The latest ${g.evidence.length} co-bets (${g.coBets} in all)` });
    expect(within(evidence).getAllByRole('row')).toHaveLength(g.evidence.length + 1);
    expect(within(evidence).getAllByText(`${g.evidence[0]!.gapMs} ms`).length).toBeGreaterThan(0);
    expect(within(card).getByText('< 0.0001')).toBeTruthy();
    expect(screen.queryByText('No group found.')).toBeNull();
  });

  it('fair tables: no group, the closest pairs with their p-values; in Swedish too', async () => {
    const data = read(false);
    expect(data.report.groups).toEqual([]);
    renderWithFelt(<BetPatternsSection tables={tables} />, { catalogues, user, lng: 'sv', routes: { '/integrity/bet-patterns': data } });
    expect(await screen.findByText('Ingen grupp hittad.')).toBeTruthy();
    const closest = screen.getByRole('table', { name: 'De närmaste paren (inget larm)' });
    expect(within(closest).getAllByRole('row').length).toBeGreaterThan(1);
    expect(screen.getByText(/Senaste kontroll: 80 omgångar/)).toBeTruthy();
  });
});
