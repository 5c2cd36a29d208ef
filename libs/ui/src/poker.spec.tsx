// @vitest-environment happy-dom
import { FeltApiError, FeltClient, type RealtimeClient } from '@felt-studio/client-sdk';
import type { PokerTableFrame } from '@felt-studio/protocol';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeltQueryProvider, createQueryClient } from './data.js';
import { holdemScenario } from '../testing/poker-fixtures.js';
import { handSeatAt, usePokerSend, usePokerTable, type PokerSender } from './poker.js';
import { SessionProvider } from './session.js';

/** The poker hooks against a fake realtime client: join → cache, socket frames → cache, leave when unwatched, rejections as notices. */
afterEach(() => cleanup());

function fakeRt(first: PokerTableFrame) {
  const handlers = new Map<string, (f: unknown) => void>();
  const poker = vi.fn(async (message: string): Promise<PokerTableFrame> => {
    if (message === 'poker.act') throw new FeltApiError(409, 'POKER_NOT_YOUR_TURN', 'S1-ROUND-END', 'seat 2 is to act');
    return first;
  });
  const rt = {
    connected: true,
    poker,
    on: (ev: string, cb: (f: unknown) => void) => {
      handlers.set(ev, cb);
      return () => handlers.delete(ev);
    },
    close: () => undefined,
  } as unknown as RealtimeClient;
  return { rt, poker, emit: (ev: string, f: unknown) => handlers.get(ev)?.(f) };
}

function Providers({ rt, children }: { readonly rt: RealtimeClient; readonly children: ReactNode }) {
  const [qc] = useState(createQueryClient);
  globalThis.sessionStorage.setItem('felt.poker-test', JSON.stringify({ token: 't', user: { userId: 'player1', role: 'player', name: 'P1' } }));
  const api = new FeltClient({ baseUrl: 'http://felt.test', fetch: async () => ({ status: 404, ok: false, text: async () => '{}' }) });
  return (
    <SessionProvider api={api} storageKey="felt.poker-test" realtime={() => rt}>
      <FeltQueryProvider client={qc}>{children}</FeltQueryProvider>
    </SessionProvider>
  );
}

function Watch({ tableId }: { readonly tableId: string }) {
  const q = usePokerTable(tableId);
  return <p data-testid="seq">{q.data ? `${q.data.tableId}#${q.data.seq}` : 'none'}</p>;
}

describe('usePokerTable / usePokerSend', () => {
  it('joins the table, takes later socket frames, and leaves once no screen watches it', async () => {
    const frame = holdemScenario().frame({ role: 'player', playerId: 'me' }, { seq: 3 });
    const { rt, poker, emit } = fakeRt(frame);
    const r = render(
      <Providers rt={rt}>
        <Watch tableId="ptb_fixture" />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('seq').textContent).toBe('ptb_fixture#3'));
    expect(poker).toHaveBeenCalledWith('poker.join', { tableId: 'ptb_fixture' });
    act(() => emit('poker.table', { ...frame, seq: 4 }));
    await waitFor(() => expect(screen.getByTestId('seq').textContent).toBe('ptb_fixture#4'));
    r.unmount();
    await waitFor(() => expect(poker).toHaveBeenCalledWith('poker.leave-view', { tableId: 'ptb_fixture' }), { timeout: 3_000 });
  });

  it('a rejection becomes a notice with the server code and rule ID; nothing else changes', async () => {
    const { rt } = fakeRt(holdemScenario().frame({ role: 'player', playerId: 'me' }));
    let sender: PokerSender | null = null;
    function Send() {
      sender = usePokerSend();
      return <p data-testid="errors">{sender.errors.map((e) => `${e.error.code}/${e.error.ruleId ?? ''}`).join(',')}</p>;
    }
    render(
      <Providers rt={rt}>
        <Send />
      </Providers>,
    );
    let ok = true;
    await act(async () => {
      ok = await (sender as unknown as PokerSender).send('poker.act', { tableId: 'ptb_fixture', handId: 'h1', action: 'check' });
    });
    expect(ok).toBe(false);
    expect(screen.getByTestId('errors').textContent).toBe('POKER_NOT_YOUR_TURN/S1-ROUND-END');
  });
});

describe('handSeatAt: a seat shows the hand only while it is that hand\'s player\'s', () => {
  it('in play: the hand\'s seat; over: only while the same player holds it — a newcomer shows nothing of it; without handSeats: as it is', () => {
    const s = holdemScenario({ at: 1_800_000_000_000 }).deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD');
    const live = s.frame({ role: 'pitboss' });
    expect(handSeatAt(live, 1)?.seat).toBe(1);
    const over = s.act(2, 'fold').act(4, 'fold').act(5, 'fold').frame({ role: 'pitboss' });
    expect(handSeatAt(over, 1)?.seat).toBe(1); // Anna still sits there
    const moved = { ...over, handSeats: over.handSeats.map((h) => (h.seat === 1 ? { ...h, stillSeated: false } : h)) };
    expect(handSeatAt(moved, 1)).toBeNull(); // she stood up: the seat's newcomer is not shown her hand
    expect(handSeatAt(moved, 4)?.seat).toBe(4);
    expect(handSeatAt(moved, 3)).toBeNull(); // not in the hand
    expect(handSeatAt({ hand: over.hand }, 1)?.seat).toBe(1); // a source without handSeats
  });
});
