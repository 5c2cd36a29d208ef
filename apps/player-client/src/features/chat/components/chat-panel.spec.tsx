// @vitest-environment happy-dom
import type { ChatHistory, ChatMessage } from '@felt-studio/protocol';
import { FakeRealtime, renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatPanel, tipPresets } from './ChatPanel';

afterEach(() => cleanup());
const user = { userId: 'p1', role: 'player' as const, name: 'Pia' };
const table = tableFixture({ tableId: 'tbl_c', name: 'Roulette 1', game: 'roulette' });
const msg = (messageId: string, text: string, over: Partial<ChatMessage> = {}): ChatMessage => ({ messageId, tableId: 'tbl_c', at: Number(messageId.replace(/\D/g, '')) || 1, kind: 'player', author: { role: 'player', name: 'Olle' }, text, ...over });
const history = (over: Partial<ChatHistory> = {}): ChatHistory => ({ tableId: 'tbl_c', messages: [msg('m1', 'hello table')], canned: [], mine: null, tipLimits: { minMinor: 50, maxMinor: 50_000 }, ...over });

function open(rt: FakeRealtime, h: ChatHistory = history(), lng: 'en' | 'sv' = 'en') {
  const r = renderWithFelt(<ChatPanel table={table} />, { user, realtime: rt, lng, routes: { '/tables/tbl_c/chat': h } });
  fireEvent.click(screen.getByRole('button', { name: lng === 'sv' ? /^Chatt/ : /^Chat/ }));
  return r;
}

describe('player chat panel (issue 24)', () => {
  it('opens from the tool bar as a labelled region; the messages are a live log; a canned answer shows in the player’s language', async () => {
    const rt = new FakeRealtime();
    open(rt, history({ messages: [msg('m1', 'hej'), msg('m2', 'Thank you for the tip!', { kind: 'canned', cannedId: 'thanks-tip', author: { role: 'dealer', name: 'Dana' }, texts: { en: 'Thank you for the tip!', sv: 'Tack för dricksen!' } })] }), 'sv');
    const region = await screen.findByRole('region', { name: 'Bordets chatt' });
    const log = await within(region).findByRole('log', { name: 'Meddelanden vid bordet' });
    expect(await within(log).findByText('Tack för dricksen!')).toBeTruthy();
    expect(within(log).getByText(/Dana/).textContent).toContain('Dealer');
    // the input has focus (keyboard), Escape closes the panel
    expect(document.activeElement).toBe(within(region).getByRole('textbox', { name: 'Meddelande till bordet' }));
    fireEvent.keyDown(globalThis as unknown as Window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bordets chatt' })).toBeNull());
    // …and the focus goes back to the chat button (keyboard users stay where they were)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Chatt/ }));
  });

  it('sends a message with chat.send (a client-made id), shows it, and shows a refusal in the player’s words with the rule once', async () => {
    const rt = new FakeRealtime((op, body) => {
      if (op !== 'chat.send') return null;
      if (String(body['text']).includes('www')) throw { code: 'CHAT_LINK_REFUSED', ruleId: 'CHAT-4', message: 'table chat never carries links' };
      return { message: msg('m9', String(body['text']), { author: { role: 'player', name: 'Pia' } }), duplicate: false };
    });
    open(rt);
    const box = await screen.findByRole('textbox', { name: 'Message to the table' });
    fireEvent.change(box, { target: { value: 'good luck' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(screen.getByRole('log')).findByText('good luck')).toBeTruthy();
    expect(rt.sent.at(-1)).toMatchObject({ op: 'chat.send', body: { tableId: 'tbl_c', text: 'good luck', messageId: expect.stringMatching(/^msg_/) } });
    fireEvent.change(box, { target: { value: 'see www.x.se' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The table chat never carries links or addresses.');
    expect(alert.textContent).toContain('CHAT-4');
  });

  it('a frame adds a message; while closed, the button counts the unread ones', async () => {
    const rt = new FakeRealtime();
    renderWithFelt(<ChatPanel table={table} />, { user, realtime: rt, routes: { '/tables/tbl_c/chat': history() } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Chat, 1 new message' })).toBeTruthy());
    rt.frame('chat.message', msg('m5', 'new one'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Chat, 2 new messages' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /^Chat/ }));
    expect(await within(screen.getByRole('log')).findByText('new one')).toBeTruthy();
  });

  it('a muted player sees why and until when instead of the input', async () => {
    open(new FakeRealtime(), history({ mine: { tableId: 'tbl_c', playerId: 'p1', action: 'mute', until: Date.UTC(2026, 0, 1, 12, 30), reason: 'spam', by: 'pb', at: 1 } }));
    expect((await screen.findByRole('status')).textContent).toMatch(/muted you in this chat until/);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('tips the dealer after a confirmation, with a tip id kept for a retry; the amounts are within the limits', async () => {
    expect(tipPresets({ minMinor: 50, maxMinor: 500 })).toEqual([100, 200, 500]);
    expect(tipPresets({ minMinor: 5_000, maxMinor: 9_000 })).toEqual([5_000]);
    let calls = 0;
    const rt = new FakeRealtime((op, body) => {
      if (op !== 'chat.tip') return null;
      calls++;
      if (calls === 1) throw { code: 'INSUFFICIENT_FUNDS', ruleId: 'GEN-4', message: 'no money' };
      return { tipId: body['tipId'], tableId: 'tbl_c', amountMinor: body['amountMinor'], currency: 'EUR', at: 1, duplicate: false };
    });
    open(rt);
    // issue 20: the tip is one tap away in the panel's head ("Tip"), in place of the input row — the panel stays small
    expect(screen.queryByRole('button', { name: 'Tip €2.00' })).toBeNull();
    const toggle = await screen.findByRole('button', { name: 'Tip the dealer' });
    expect(toggle.textContent).toBe('Tip');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('textbox', { name: 'Message to the table' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Tip €1.00' })));
    fireEvent.click(screen.getByRole('button', { name: 'Tip €2.00' }));
    expect(screen.getByText('Send a tip of €2.00 to the dealer?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send tip' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your balance does not cover this stake.');
    fireEvent.click(screen.getByRole('button', { name: 'Send tip' }));
    expect((await screen.findByText(/Thank you! Your tip of €2.00/)).getAttribute('role')).toBe('status');
    // a sent tip brings the input back (focused), the thanks above it
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message to the table' })));
    expect(screen.getByRole('button', { name: 'Tip the dealer' }).getAttribute('aria-pressed')).toBe('false');
    const tips = rt.sent.filter((s) => s.op === 'chat.tip');
    expect(tips).toHaveLength(2);
    expect(tips[0]?.body).toMatchObject({ amountMinor: 200, tipId: expect.stringMatching(/^tip_/) });
    expect(tips[1]?.body['tipId']).toBe(tips[0]?.body['tipId']); // the retry is the same tip (TIP-1)
    // "Tip" twice: the amounts, then the input again
    fireEvent.click(screen.getByRole('button', { name: 'Tip the dealer' }));
    expect(screen.queryByRole('textbox', { name: 'Message to the table' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tip the dealer' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message to the table' })));
  });
});
