// @vitest-environment happy-dom
import { integrity } from '@felt-studio/games';
import type { PokerTableIntegrity } from '@felt-studio/client-sdk';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pitEn } from '../../i18n/pit.en';
import { pitSv } from '../../i18n/pit.sv';
import { IntegrityAction } from './IntegrityActions';
import { PokerIntegritySection } from './PokerIntegrity';

afterEach(() => cleanup());
const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pitboss1', role: 'pitboss' as const, name: 'Pit Boss One' };

const tableOf = (tableId: string, name: string, extra: Record<string, integrity.SimPokerPlayer>, hands: number, seed: number): PokerTableIntegrity => {
  const players = integrity.fairPokerTable(extra);
  const report = integrity.pokerIntegrity(integrity.simulatePokerTable(hands, seed, players, tableId));
  return { tableId, name, variant: 'holdem', currency: 'EUR', lastAt: 1, players: Object.keys(players).map((key, i) => ({ key, name: `Player ${i + 1}`, robot: false, playerId: `usr_${key}` })), report };
};

describe('the Integrity view: live poker (issue 23 §4)', () => {
  it('shows a flagged table first with its findings, their hands (replayable with felt settle), the chip flow and the decision times; a fair table found nothing', async () => {
    const flagged = tableOf('holdem-1', "Hold'em 1", { d: integrity.simPokerPlayers.dumper('r'), r: integrity.simPokerPlayers.receiver('d'), bot: integrity.simPokerPlayers.bot() }, 800, 4);
    const fair = tableOf('holdem-2', "Hold'em 2", {}, 200, 5);
    renderWithFelt(<PokerIntegritySection />, { catalogues, user, routes: { '/integrity/poker': { tables: [flagged, fair] } } });
    const a = await screen.findByRole('region', { name: "Poker: Hold'em 1" });
    expect(within(a).getByText('Suspected collusion or bot')).toBeTruthy();
    const findings = within(a).getByRole('list', { name: 'Findings' });
    expect(within(findings).getByText('Chip dumping')).toBeTruthy();
    expect(within(findings).getByText('Timing too regular')).toBeTruthy();
    expect(within(findings).getAllByText(/felt settle poker-holdem/).length).toBeGreaterThan(0);
    const dumped = flagged.report.findings.find((f) => f.kind === 'chip-dumping')!;
    expect(within(findings).getAllByText(new RegExp(dumped.hands[dumped.hands.length - 1]!)).length).toBeGreaterThan(0);
    // flagged: the evidence is open — the chip flow names the players (with their table key) and the decision times show the bot
    const flow = within(a).getByRole('table', { name: /Chip flow between players/ });
    expect(within(flow).getAllByRole('rowheader', { name: /\(d\)$/ }).length).toBeGreaterThan(0);
    const times = within(a).getByRole('table', { name: /Decision times/ });
    expect(within(times).getByRole('rowheader', { name: /\(bot\)$/ })).toBeTruthy();
    const b = screen.getByRole('region', { name: "Poker: Hold'em 2" });
    expect(within(b).getByText('Nothing found so far')).toBeTruthy();
    expect(within(b).queryByRole('table', { name: /Chip flow/ })).toBeNull();
    fireEvent.click(within(b).getByText('Evidence'));
    expect(await within(b).findByRole('table', { name: /Chip flow/ })).toBeTruthy();
  });

  it('says so when no poker hand has finished', async () => {
    renderWithFelt(<PokerIntegritySection />, { catalogues, user, routes: { '/integrity/poker': { tables: [] } } });
    expect(await screen.findByText('No poker hand has finished yet.')).toBeTruthy();
  });
});

describe('the Integrity view\'s actions (issue 23), audited with a reason', () => {
  it('takes a wheel out of service (its table to maintenance) and requires a shoe change (its table paused), the subject named in the reason', async () => {
    const { api } = renderWithFelt(
      <>
        <IntegrityAction kind="wheel" subject="wheel-1" tableId="tbl_r" tableName="Roulette 1" />
        <IntegrityAction kind="shoe" subject="shoe-7" tableId="tbl_b" tableName="Baccarat 1" />
      </>,
      { catalogues, user },
    );
    const setStatus = vi.spyOn(api, 'setTableStatus').mockResolvedValue({} as never);
    fireEvent.click(screen.getByRole('button', { name: 'Take the wheel out of service: wheel-1' }));
    let dialog = screen.getByRole('dialog', { name: 'Take wheel wheel-1 at Roulette 1 out of service' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(setStatus).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason (recorded in the audit log)'), { target: { value: 'pocket 17 biased' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(setStatus).toHaveBeenCalledWith('tbl_r', 'maintenance', 'pocket 17 biased (wheel wheel-1 out of service, Integrity view)'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Require a shoe change: shoe-7' }));
    dialog = screen.getByRole('dialog', { name: 'Require a new shoe instead of shoe-7 at Baccarat 1' });
    fireEvent.change(within(dialog).getByLabelText('Reason (recorded in the audit log)'), { target: { value: 'short of tens' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(setStatus).toHaveBeenCalledWith('tbl_b', 'paused', 'short of tens (shoe change required for shoe-7, Integrity view)'));
  });
});
