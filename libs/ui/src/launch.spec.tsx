// @vitest-environment happy-dom
import { FeltClient } from '@felt-studio/client-sdk';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { LoginScreen } from './components/Login.js';
import { createI18n } from './i18n/i18n.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from './session.js';

function Who() {
  const { user, restoring } = useSession();
  return <p>{restoring ? 'restoring' : (user?.userId ?? 'signed out')}</p>;
}

/** Issue 22 §16: an operator's game-launch URL signs the player in once and opens the table. */
describe('a game-launch URL', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    globalThis.sessionStorage?.clear();
    globalThis.history.replaceState(null, '', '/');
  });

  it('redeems the one-time code, removes it from the address bar and goes to the table', async () => {
    globalThis.sessionStorage?.setItem('felt.launch-test', JSON.stringify({ token: 'someone-else', user: { userId: 'player9', role: 'player', name: 'P9' } }));
    globalThis.history.replaceState(null, '', '/play/?launch=abcDEF_123&table=tbl_7&lang=sv');
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: { body?: string }) => {
      calls.push({ url, body: init?.body === undefined ? null : JSON.parse(init.body) });
      return new Response(JSON.stringify({ token: 'jwt-op1', refreshToken: 'r', expiresIn: 900, user: { userId: 'op1-abc', role: 'player', name: 'Ann' }, tableId: 'tbl_7' }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const api = new FeltClient({ baseUrl: 'http://felt.test', fetch: async () => ({ status: 404, ok: false, text: async () => '{}' }) });
    render(
      <SessionProvider api={api} baseUrl="http://felt.test" storageKey="felt.launch-test" realtime={() => null}>
        <Who />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByText('op1-abc')).toBeTruthy());
    expect(calls[0]).toEqual({ url: 'http://felt.test/auth/launch', body: { code: 'abcDEF_123' } });
    expect(globalThis.location.pathname).toBe('/play/table/tbl_7');
    expect(globalThis.location.search).toBe('?lang=sv');
    expect(JSON.parse(globalThis.sessionStorage.getItem('felt.launch-test') ?? '{}')).toMatchObject({ token: 'jwt-op1' });
  });

  it('a used or expired code leaves the visitor signed out (and out of the address bar)', async () => {
    globalThis.history.replaceState(null, '', '/play/?launch=used');
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 'INVALID_LAUNCH_CODE' }), { status: 401 }));
    const api = new FeltClient({ baseUrl: 'http://felt.test', fetch: async () => ({ status: 404, ok: false, text: async () => '{}' }) });
    render(
      <SessionProvider api={api} baseUrl="http://felt.test" storageKey="felt.launch-test2" realtime={() => null}>
        <Who />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByText('signed out')).toBeTruthy());
    expect(globalThis.location.search).toBe('');
  });
});

/** Issue 22 §8: a staff login with TOTP asks for the code after the password. */
describe('staff login with TOTP', () => {
  afterEach(() => {
    cleanup();
    globalThis.sessionStorage?.clear();
  });

  it('TOTP_REQUIRED brings up the code field; the code goes with the second attempt', async () => {
    const bodies: unknown[] = [];
    const api = new FeltClient({
      baseUrl: 'http://felt.test',
      fetch: async (_url, init) => {
        const body = JSON.parse(String(init?.body ?? '{}')) as { totp?: string };
        bodies.push(body);
        if (body.totp === undefined) return { status: 401, ok: false, text: async () => JSON.stringify({ code: 'TOTP_REQUIRED', ruleId: null, message: 'code needed' }) };
        return { status: 200, ok: true, text: async () => JSON.stringify({ token: 't', user: { userId: 'pitboss1', role: 'pitboss', name: 'Pit Boss One' } }) };
      },
    });
    render(
      <I18nextProvider i18n={createI18n({}, 'en')}>
        <SessionProvider api={api} baseUrl="http://felt.test" storageKey="felt.totp-test" realtime={() => null}>
          <LoginScreen appName="Pit boss" roles={['pitboss']} />
          <Who />
        </SessionProvider>
      </I18nextProvider>,
    );
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'pitboss1' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const codeField = await screen.findByLabelText('Code from your authenticator app');
    fireEvent.change(codeField, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('pitboss1')).toBeTruthy());
    expect(bodies.filter((b) => typeof b === 'object' && b !== null && 'username' in b)).toEqual([
      { username: 'pitboss1', password: 'long-password' },
      { username: 'pitboss1', password: 'long-password', totp: '123456' },
    ]);
  });
});
