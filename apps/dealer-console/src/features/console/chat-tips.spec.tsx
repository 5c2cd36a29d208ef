// @vitest-environment happy-dom
import type { ChatHistory } from '@felt-studio/protocol';
import { FakeRealtime, renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dealerEn } from '../../i18n/dealer.en';
import { dealerSv } from '../../i18n/dealer.sv';
import { ChatTipsPanel } from './components/ChatTipsPanel';

afterEach(() => cleanup());
const catalogues = { dealer: { en: dealerEn, sv: dealerSv } };
const user = { userId: 'd1', role: 'dealer' as const, name: 'Dana' };
const table = tableFixture({ tableId: 'tbl_d', name: 'Baccarat 1', game: 'baccarat' });
const since = Date.UTC(2026, 10, 27, 18, 0);
const history: ChatHistory = {
  tableId: 'tbl_d',
  messages: [{ messageId: 'm1', tableId: 'tbl_d', at: since + 1, kind: 'player', author: { role: 'player', name: 'Olle' }, text: 'hello dealer' }],
  canned: [
    { id: 'thanks-tip', texts: { en: 'Thank you for the tip!', sv: 'Tack för dricksen!' } },
    { id: 'good-luck', texts: { en: 'Good luck everyone!', sv: 'Lycka till allihop!' } },
  ],
  tips: { tableId: 'tbl_d', currency: 'EUR', since, count: 2, totalMinor: 700 },
  tipLimits: { minMinor: 50, maxMinor: 50_000 },
};

describe('dealer console: chat and tips (issue 24)', () => {
  it('shows the shift’s tips total (not who tipped) and adds each tip frame of the shift; an older tip is not this shift’s', async () => {
    const rt = new FakeRealtime();
    renderWithFelt(<ChatTipsPanel table={table} />, { catalogues, user, realtime: rt, routes: { '/tables/tbl_d/chat': history } });
    const tips = await screen.findByRole('region', { name: 'Tips this shift' });
    await waitFor(() => expect(within(tips).getByText('€7.00')).toBeTruthy());
    expect(within(tips).getByText(/2 tips/)).toBeTruthy();
    expect(within(tips).getByText(/Who tipped is not shown/)).toBeTruthy();
    rt.frame('chat.tip', { tableId: 'tbl_d', amountMinor: 500, currency: 'EUR', at: since + 60_000 });
    await waitFor(() => expect(within(tips).getByText('€12.00')).toBeTruthy());
    rt.frame('chat.tip', { tableId: 'tbl_d', amountMinor: 900, currency: 'EUR', at: since - 1 });
    rt.frame('chat.tip', { tableId: 'tbl_other', amountMinor: 900, currency: 'EUR', at: since + 1 });
    await new Promise((r) => setTimeout(r, 20));
    expect(within(tips).getByText('€12.00')).toBeTruthy();
    expect(within(tips).getByText(/3 tips/)).toBeTruthy();
  });

  it('the wide console’s two columns (the chat, the tips) count each tip once', async () => {
    const rt = new FakeRealtime();
    renderWithFelt(
      <>
        <ChatTipsPanel table={table} part="chat" />
        <ChatTipsPanel table={table} part="tips" />
      </>,
      { catalogues, user, realtime: rt, routes: { '/tables/tbl_d/chat': history } },
    );
    const tips = await screen.findByRole('region', { name: 'Tips this shift' });
    await waitFor(() => expect(within(tips).getByText('€7.00')).toBeTruthy());
    rt.frame('chat.tip', { tableId: 'tbl_d', amountMinor: 200, currency: 'EUR', at: since + 60_000 });
    await waitFor(() => expect(within(tips).getByText('€9.00')).toBeTruthy());
    await new Promise((r) => setTimeout(r, 20));
    expect(within(tips).getByText(/3 tips/)).toBeTruthy();
  });

  it('reads the players’ messages and answers with a canned message in the console’s language (chat.canned with the id)', async () => {
    const rt = new FakeRealtime((op, body) => (op === 'chat.canned' ? { message: { messageId: body['messageId'], tableId: 'tbl_d', at: since + 5, kind: 'canned', author: { role: 'dealer', name: 'Dana' }, text: 'Good luck everyone!', cannedId: 'good-luck', texts: { en: 'Good luck everyone!', sv: 'Lycka till allihop!' } }, duplicate: false } : null));
    renderWithFelt(<ChatTipsPanel table={table} />, { catalogues, user, realtime: rt, lng: 'sv', routes: { '/tables/tbl_d/chat': history } });
    const chat = await screen.findByRole('region', { name: 'Bordets chatt' });
    expect(await within(chat).findByText('hello dealer')).toBeTruthy();
    rt.frame('chat.message', { messageId: 'm2', tableId: 'tbl_d', at: since + 2, kind: 'player', author: { role: 'player', name: 'Eva' }, text: 'nice hand' });
    expect(await within(chat).findByText('nice hand')).toBeTruthy();
    fireEvent.click(within(chat).getByRole('button', { name: 'Skicka ”Lycka till allihop!”' }));
    await waitFor(() => expect(rt.sent.find((s) => s.op === 'chat.canned')?.body).toMatchObject({ tableId: 'tbl_d', cannedId: 'good-luck', messageId: expect.stringMatching(/^msg_/) }));
    expect(await within(within(chat).getByRole('log')).findByText('Lycka till allihop!')).toBeTruthy();
  });
});
