// @vitest-environment happy-dom
import { tournament as T } from '@felt-studio/games';
import type { TournamentTablesView, TournamentView } from '@felt-studio/protocol';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { pitEn } from '../../i18n/pit.en';
import { pitSv } from '../../i18n/pit.sv';
import { TournamentDetailScreen } from './TournamentDetailScreen';

afterEach(() => cleanup());
const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pitboss1', role: 'pitboss' as const, name: 'Pit Boss One' };
const T0 = Date.UTC(2026, 0, 1, 12);

/**
 * A real tournament from the pure core: 12 players on two tables, p1 has taken their seat, the first round in play
 * waits on p1's turn — so the screen gets what the server's `GET /tournaments/{id}/tables` would send
 * (`staffTablesView`: the pit boss's view of each hand, down cards hidden while it is in play).
 */
function inPlay(): { readonly s: T.TournamentState; readonly view: TournamentView; readonly tables: TournamentTablesView } {
  const def: T.TournamentDef = {
    tournamentId: 'trn_1', name: 'Friday 12', kind: 'scheduled', currency: 'EUR', buyInMinor: 1_000, feeMinor: 100, startingStack: 1_500, seatsPerTable: 6, minPlayers: 2, maxPlayers: 12,
    startsAt: T0, structure: T.turboStructure(60_000), lateRegistrationLevels: 0, reEntry: null, payoutTable: T.STANDARD_PAYOUTS,
  };
  let s = T.foldEvents([{ type: 'created', def, at: T0 - 1 }]);
  const step = (r: { ok: boolean; value?: readonly T.TournamentEvent[] } | readonly T.TournamentEvent[]): void => {
    const events = 'ok' in r ? (r.value ?? []) : r;
    for (const e of events) s = T.evolve(s, e);
  };
  // p1 and p2 are people (p1 sits in, p2 never does: away, TRN-ABSENT); p3…p12 robot entries
  for (let i = 1; i <= 12; i++) step(T.register(s, { entryId: `ent_${i}`, playerId: `p${i}`, robot: i > 2, at: T0 - 1 }));
  step(T.start(s, T0, 7));
  step(T.sitIn(s, 'p1', true, T0));
  step(T.playRound(s, 7, 1, T0 + 1_000));
  const level = s.def.structure[s.level];
  const view: TournamentView = {
    tournamentId: 'trn_1', name: 'Friday 12', kind: 'scheduled', status: 'running', currency: 'EUR', buyInMinor: 1_000, feeMinor: 100, startingStack: 1_500, maxPlayers: 12,
    startsAt: T0, startedAt: T0, endedAt: null, entries: 12, remaining: 12, poolMinor: 12_000, registrationOpen: false,
    level: { index: 0, type: 'level', smallBlind: level?.type === 'level' ? level.smallBlind : null, bigBlind: level?.type === 'level' ? level.bigBlind : null, ante: 0, endsAt: Date.now() + 125_000, remainingMs: null },
    structure: [], lateRegistrationLevels: 0, reEntry: null, prizes: [], tables: s.tables.map((t) => ({ tableNo: t.tableNo, players: t.seats.filter((x) => x !== null).length })),
    entriesView: s.entries.map((e) => ({ entryId: e.entryId, status: e.status, chips: e.chips, tableNo: e.table, seat: e.seat, playerId: e.playerId, name: `Player ${e.playerId}` })),
    chipCounts: [], handForHand: false, payouts: [], endReason: null,
  };
  // as the server sends them: each seat with its player's display name
  const tables = T.staffTablesView(s).map((t) => ({ ...t, seats: t.seats.map((x) => ({ ...x, name: `Player ${x.playerId}` })) }));
  return { s, view, tables: { tournamentId: 'trn_1', seatsPerTable: 6, tables } };
}

describe('one tournament for the pit boss (issue 24): standings and the hands at its tables', () => {
  it('the level and time left, every entry in the standings, each table with who plays their seat, who is away and who is a robot; the hand in play shows no down card', async () => {
    const { s, view, tables } = inPlay();
    const p1 = s.entries.find((e) => e.playerId === 'p1');
    expect(s.round).not.toBeNull();
    renderWithFelt(<TournamentDetailScreen tournamentId="trn_1" />, { catalogues, user, routes: { '/tournaments/trn_1': view, '/tournaments/trn_1/tables': tables } });
    expect((await screen.findByRole('heading', { name: 'Friday 12' })).tagName).toBe('H1');
    expect(screen.getByRole('status').textContent).toMatch(/Running · Level 1: 10\/20 · 2:0\d left · 12 of 12 left · Prize pool €120\.00/);
    const standings = screen.getByRole('region', { name: 'Standings' });
    expect(within(standings).getAllByRole('row')).toHaveLength(13);
    expect(within(standings).getByRole('row', { name: /^Player p1 / }).textContent).toContain(`Table ${p1?.table} · seat ${p1?.seat}`);

    const mine = await screen.findByRole('region', { name: `Table ${p1?.table}` });
    expect(mine.textContent).toMatch(/Hand \S+ in play/);
    const row = within(mine).getAllByRole('row').find((r) => r.getAttribute('data-seat') === String(p1?.seat));
    expect(row?.textContent).toContain('Player p1');
    expect(row?.textContent).toContain('← to act'); // the round in play waits on p1
    expect(row?.textContent).not.toContain('robot plays');
    const robotRow = within(mine).getAllByRole('row').find((r) => r.getAttribute('data-seat') !== null && r.getAttribute('data-seat') !== String(p1?.seat) && /Player p([3-9]|1\d)\b/.test(r.textContent ?? ''));
    expect(robotRow?.textContent).toContain('robot plays');
    // TRN-ABSENT: p2, a person who never took their seat, is away — folded on their turns, not left to the robot
    const p2 = s.entries.find((e) => e.playerId === 'p2');
    const p2Table = await screen.findByRole('region', { name: `Table ${p2?.table}` });
    const p2Row = within(p2Table).getAllByRole('row').find((r) => r.getAttribute('data-seat') === String(p2?.seat));
    expect(p2Row?.textContent).toContain('away: folded on their turns (TRN-ABSENT)');
    expect(p2Row?.textContent).not.toContain('robot plays');
    const p2Folds = tables.tables.find((x) => x.tableNo === p2?.table)?.actions.filter((a) => a.seat === p2?.seat) ?? [];
    if (p2Folds.length > 0) expect(within(p2Table).getAllByText(new RegExp(`^Seat ${p2?.seat}: fold \\(away, TRN-ABSENT\\)$`)).length).toBe(p2Folds.length);
    // non-negotiable 4: the hand is in play, so the pit boss sees every down card face down — no card value at all (pre-flop: no board)
    expect(within(mine).queryAllByRole('img').filter((i) => i.getAttribute('aria-label') !== 'Card face down')).toEqual([]);
    expect(within(mine).getAllByRole('img', { name: 'Card face down' }).length).toBeGreaterThanOrEqual(4);
    // the robots' table played its hand at once: over, every card shown to the pit boss
    const other = screen.getAllByRole('region', { name: /^Table \d$/ }).find((r) => r !== mine);
    expect(other?.textContent).toMatch(/Last hand \S+ \(over\)/);
    const results = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('Swedish: the screen speaks Swedish', async () => {
    const { view, tables } = inPlay();
    renderWithFelt(<TournamentDetailScreen tournamentId="trn_1" />, { catalogues, user, lng: 'sv', routes: { '/tournaments/trn_1': view, '/tournaments/trn_1/tables': tables } });
    expect(await screen.findByRole('region', { name: 'Ställning' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Pågår');
    expect(screen.getAllByText('Bord 1').length).toBeGreaterThan(0);
  });
});
