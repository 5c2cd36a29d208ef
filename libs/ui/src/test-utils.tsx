import { FeltClient, type AuthUser, type Table } from '@felt/client-sdk';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from './data.js';
import { createI18n, type Catalogue, type Language } from './i18n/i18n.js';
import { SessionProvider } from './session.js';

/**
 * Renders UI with every provider, without a server: a FeltClient whose fetch answers from `routes`
 * (path → JSON), no socket. For component tests (Testing Library) of the apps.
 */
export function renderWithFelt(
  ui: ReactElement,
  opts: { catalogues?: Readonly<Record<string, Catalogue>>; lng?: Language; routes?: Readonly<Record<string, unknown>>; user?: AuthUser } = {},
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
      <SessionProvider api={api} storageKey="felt.test" realtime={() => null}>
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
