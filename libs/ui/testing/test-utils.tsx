import { FeltClient, type AuthUser, type RealtimeClient, type RealtimeEventName, type RealtimeEvents, type Table } from '@felt-studio/client-sdk';
import type { Rejection } from '@felt-studio/protocol';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from '../src/data.js';
import { createI18n, type Catalogue, type Language } from '../src/i18n/i18n.js';
import { SessionProvider } from '../src/session.js';

/**
 * Renders UI with every provider, without a server: a FeltClient whose fetch answers from `routes`
 * (path → JSON), no socket. For component tests (Testing Library) of the apps.
 */
export function renderWithFelt(
  ui: ReactElement,
  opts: { catalogues?: Readonly<Record<string, Catalogue>>; lng?: Language; routes?: Readonly<Record<string, unknown>>; user?: AuthUser; realtime?: FakeRealtime } = {},
): ReturnType<typeof render> & { api: FeltClient } {
  const routes = opts.routes ?? {};
  const api = new FeltClient({
    baseUrl: 'http://felt.test',
    token: 'test-token',
    fetch: async (url) => {
      const path = url.replace('http://felt.test', '');
      const hit = Object.entries(routes).find(([k]) => path === k || path.startsWith(`${k}?`));
      return hit ? { status: 200, ok: true, text: async () => JSON.stringify(hit[1]) } : { status: 404, ok: false, text: async () => JSON.stringify({ code: 'NOT_FOUND', ruleId: null, message: path }) };
    },
  });
  if (opts.user) globalThis.sessionStorage?.setItem('felt.test', JSON.stringify({ token: 'test-token', user: opts.user }));
  else globalThis.sessionStorage?.removeItem('felt.test');
  const i18n = createI18n(opts.catalogues ?? {}, opts.lng ?? 'en');
  const qc = createQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <SessionProvider api={api} storageKey="felt.test" realtime={() => (opts.realtime ? (opts.realtime as unknown as RealtimeClient) : null)}>
        <QueryClientProvider client={qc}>{children}</QueryClientProvider>
      </SessionProvider>
    </I18nextProvider>
  );
  return Object.assign(render(ui, { wrapper: Wrapper }), { api });
}

/** A table as `GET /tables/:id` answers it, for the apps' component tests: open, auto cadence; override what the test is about. */
export function tableFixture(over: Partial<Table> & Pick<Table, 'tableId' | 'name' | 'game'>): Table {
  return {
    profileId: 'standard',
    currency: 'EUR',
    limits: { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 },
    betWindowS: 12,
    cadence: { auto: true, pauseS: 4 },
    devices: [],
    status: 'open',
    preOpenCheck: null,
    createdAt: 0,
    updatedAt: 0,
    ...over,
  };
}

/**
 * A socket for component tests (issue 24): the messages a screen sends are recorded (`sent`) and answered by
 * `answer(op, body)` (a result, or a thrown rejection as the server's error ack); `frame(event, payload)`
 * delivers a server frame to the screen's listeners. `table.join` answers an empty snapshot.
 */
export class FakeRealtime {
  readonly sent: { op: string; body: Record<string, unknown> }[] = [];
  readonly connected = true;
  private readonly listeners = new Map<string, Set<(p: unknown) => void>>();
  constructor(private readonly answer: (op: string, body: Record<string, unknown>) => unknown = () => null) {}
  on<E extends RealtimeEventName>(event: E, handler: (payload: RealtimeEvents[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(handler as (p: unknown) => void);
    this.listeners.set(event, set);
    return () => set.delete(handler as (p: unknown) => void);
  }
  frame<E extends RealtimeEventName>(event: E, payload: RealtimeEvents[E]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) l(payload);
  }
  async send(op: string, body: Record<string, unknown>): Promise<{ ok: true; result: unknown } | { ok: false; error: Rejection }> {
    this.sent.push({ op, body });
    try {
      return { ok: true, result: this.answer(op, body) };
    } catch (e) {
      return { ok: false, error: e as Rejection };
    }
  }
  async join(tableId: string): Promise<{ tableId: string; roundId: null; seq: 0; view: null; next: [] }> {
    return { tableId, roundId: null, seq: 0, view: null, next: [] };
  }
  async setPresence(): Promise<null> {
    return null;
  }
  position(): null {
    return null;
  }
  close(): void {
    this.listeners.clear();
  }
}
