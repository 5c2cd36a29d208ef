// @vitest-environment happy-dom
import type { ChatHistory } from '@felt-studio/protocol';
import { FakeRealtime, renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pitEn } from '../../i18n/pit.en';
import { pitSv } from '../../i18n/pit.sv';
import { ChatModerationPanel } from './ChatModerationPanel';

afterEach(() => cleanup());
const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pb1', role: 'pitboss' as const, name: 'Pat' };
const table = tableFixture({ tableId: 'tbl_p', name: 'Roulette 2', game: 'roulette' });
const history: ChatHistory = {
  tableId: 'tbl_p',
  messages: [{ messageId: 'm1', tableId: 'tbl_p', at: 1, kind: 'player', author: { role: 'player', name: 'Olle', userId: 'p_olle' }, text: 'this dealer is slow' }],
  canned: [],
  tips: { tableId: 'tbl_p', currency: 'EUR', since: 0, count: 0, totalMinor: 0 },
  moderation: [{ tableId: 'tbl_p', playerId: 'p_eva', action: 'ban', until: null, reason: 'abuse', by: 'pb2', at: 1 }],
  tipLimits: { minMinor: 50, maxMinor: 50_000 },
};

describe('pit boss: chat moderation (issue 24)', () => {
  it('mutes a player from their message through the reason dialog (a reason is required: audited), sent as chat.moderate', async () => {
    const rt = new FakeRealtime((op, body) => (op === 'chat.moderate' ? { tableId: 'tbl_p', playerId: body['playerId'], action: body['action'], until: 600_001 } : null));
    renderWithFelt(<ChatModerationPanel table={table} />, { catalogues, user, realtime: rt, routes: { '/tables/tbl_p/chat': history } });
    const panel = await screen.findByRole('region', { name: 'Chat moderation' });
    expect(await within(panel).findByText('this dealer is slow')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Mute Olle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mute Olle for 10 minutes' });
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    expect(rt.sent.filter((s) => s.op === 'chat.moderate')).toHaveLength(0); // no reason: nothing sent
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'insulting the dealer' } });
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(rt.sent.find((s) => s.op === 'chat.moderate')?.body).toEqual({ tableId: 'tbl_p', playerId: 'p_olle', action: 'mute', minutes: 10, reason: 'insulting the dealer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists the bans in force with the reason, and lifts one (unban)', async () => {
    const rt = new FakeRealtime((op, body) => (op === 'chat.moderate' ? { tableId: 'tbl_p', playerId: body['playerId'], action: body['action'], until: null } : null));
    renderWithFelt(<ChatModerationPanel table={table} />, { catalogues, user, realtime: rt, routes: { '/tables/tbl_p/chat': history } });
    const item = (await screen.findByText('p_eva')).closest('li') as HTMLElement; // a short id stays whole
    expect(item.textContent).toContain('banned');
    expect(item.textContent).toContain('Reason: abuse');
    fireEvent.click(within(item).getByRole('button', { name: 'Lift for p_eva' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'apologised' } });
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(rt.sent.find((s) => s.op === 'chat.moderate')?.body).toMatchObject({ playerId: 'p_eva', action: 'unban', reason: 'apologised' }));
  });
});
