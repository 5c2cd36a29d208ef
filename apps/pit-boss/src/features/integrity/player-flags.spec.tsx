// @vitest-environment happy-dom
import { integrity } from '@felt-studio/games';
import type { PlayerFlag, PokerTableIntegrity } from '@felt-studio/client-sdk';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pitEn } from '../../i18n/pit.en';
import { pitSv } from '../../i18n/pit.sv';
import { PlayerId } from '../../components/PlayerId';
import { FlagAction, FlaggedPlayersSection } from './PlayerFlags';
import { PokerIntegritySection } from './PokerIntegrity';

afterEach(() => cleanup());
const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pitboss1', role: 'pitboss' as const, name: 'Pit Boss One' };
const flag = (playerId: string, name: string, reason: string): PlayerFlag => ({ flagId: `flg_${playerId}`, playerId, name, reason, by: 'pitboss2', byName: 'Pit Boss Two', at: Date.UTC(2026, 10, 27, 20), lifted: null });

describe('flag a player (issue 23): the Integrity view\'s action, the list of flags and the badge beside a name', () => {
  it('flags a player through the reason dialog (no reason, no call) and the flag then shows beside the name', async () => {
    const flags: PlayerFlag[] = [];
    const { api } = renderWithFelt(
      <>
        <PlayerId playerId="usr_ann" />
        <FlagAction playerId="usr_ann" name="Ann" />
      </>,
      { catalogues, user },
    );
    vi.spyOn(api, 'playerFlags').mockImplementation(async () => [...flags]);
    const flagPlayer = vi.spyOn(api, 'flagPlayer').mockImplementation(async (playerId, reason) => {
      const f = flag(playerId, 'Ann', reason);
      flags.push(f);
      return f;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Flag the player: Ann' }));
    const dialog = screen.getByRole('dialog', { name: 'Flag Ann' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(flagPlayer).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason (recorded in the audit log)'), { target: { value: 'chip dumping with pk3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(flagPlayer).toHaveBeenCalledWith('usr_ann', 'chip dumping with pk3'));
    expect(await screen.findByText('Flagged')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Lift the flag: Ann' })).toBeTruthy();
  });

  it('lists the standing flags with who, why and when, and lifts one with a reason', async () => {
    const { api } = renderWithFelt(<FlaggedPlayersSection />, { catalogues, user, routes: { '/integrity/flags': { flags: [flag('usr_bo', 'Bo', 'soft play with Cy')] } } });
    const list = await screen.findByRole('list', { name: 'Flagged players' });
    expect(within(list).getByText('Bo')).toBeTruthy();
    expect(within(list).getByText(/soft play with Cy/)).toBeTruthy();
    expect(within(list).getByText(/Flagged by Pit Boss Two/)).toBeTruthy();
    const lift = vi.spyOn(api, 'liftPlayerFlag').mockResolvedValue({} as never);
    fireEvent.click(within(list).getByRole('button', { name: 'Lift the flag: Bo' }));
    const dialog = screen.getByRole('dialog', { name: 'Lift the flag on Bo' });
    expect(within(dialog).getByText(/Flagged by Pit Boss Two: soft play with Cy/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (recorded in the audit log)'), { target: { value: 'brothers in one flat' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(lift).toHaveBeenCalledWith('usr_bo', 'brothers in one flat'));
  });

  it('says so when nobody is flagged', async () => {
    renderWithFelt(<FlaggedPlayersSection />, { catalogues, user, routes: { '/integrity/flags': { flags: [] } } });
    expect(await screen.findByText('No player is flagged.')).toBeTruthy();
  });

  it('a poker finding names its players with the flag badge and offers to flag each person (not the house robots)', async () => {
    const players = integrity.fairPokerTable({ d: integrity.simPokerPlayers.dumper('r'), r: integrity.simPokerPlayers.receiver('d') });
    const report = integrity.pokerIntegrity(integrity.simulatePokerTable(800, 4, players, 'holdem-1'));
    const table: PokerTableIntegrity = { tableId: 'holdem-1', name: "Hold'em 1", variant: 'holdem', currency: 'EUR', lastAt: 1, players: Object.keys(players).map((key, i) => ({ key, name: key === 'd' ? 'Dana' : key === 'r' ? 'Rob' : `Player ${i + 1}`, robot: false, playerId: `usr_${key}` })), report };
    renderWithFelt(<PokerIntegritySection />, { catalogues, user, routes: { '/integrity/poker': { tables: [table] }, '/integrity/flags': { flags: [flag('usr_d', 'Dana', 'chip dumping')] } } });
    const card = await screen.findByRole('region', { name: "Poker: Hold'em 1" });
    const findings = within(card).getByRole('list', { name: 'Findings' });
    const dumping = within(findings).getByText('Chip dumping').closest('li') as HTMLElement;
    expect(await within(dumping).findByText('Flagged')).toBeTruthy();
    expect(within(dumping).getByRole('button', { name: 'Lift the flag: Dana' })).toBeTruthy();
    expect(within(dumping).getByRole('button', { name: 'Flag the player: Rob' })).toBeTruthy();
  });

  it('the pairs of accounts seen together across poker tables: names, tables, what was found, and the flag action for each', async () => {
    const cross = [{ players: [{ playerId: 'usr_d', name: 'Dana' }, { playerId: 'usr_r', name: 'Rob' }], tables: [{ tableId: 'pk-1', name: "Hold'em 1", kinds: ['chip-dumping'], pValue: 1e-6, alarm: true, hands: ['h1'] }, { tableId: 'pk-2', name: "Hold'em 2", kinds: ['soft-play'], pValue: 0.01, alarm: false, hands: ['h2'] }], pValue: 1e-7, alarm: true, detail: '' }];
    renderWithFelt(<PokerIntegritySection />, { catalogues, user, routes: { '/integrity/poker': { tables: [], crossTable: cross }, '/integrity/flags': { flags: [] } } });
    const list = await screen.findByRole('list', { name: 'Across tables' });
    expect(within(list).getByText(/Dana/)).toBeTruthy();
    expect(within(list).getByText(/Hold'em 1: Chip dumping \(alarm\)/)).toBeTruthy();
    expect(within(list).getByText(/Hold'em 2: Soft play/)).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Flag the player: Rob' })).toBeTruthy();
  });
});
