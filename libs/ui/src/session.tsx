import { FeltApiError, FeltClient, RealtimeClient, type AuthUser, type Role } from '@felt-studio/client-sdk';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/**
 * The signed-in user's connection to the studio: one FeltClient (REST, JWT) and, once signed in,
 * one RealtimeClient (socket.io, resync by seq). Apps talk to the server only through these.
 * The JWT lives in sessionStorage (per browser tab: several demo users side by side).
 */
export interface Session {
  readonly api: FeltClient;
  /** Null until signed in. */
  readonly rt: RealtimeClient | null;
  readonly user: AuthUser | null;
  /** True while a stored token is being checked at start-up. */
  readonly restoring: boolean;
  /** Socket connected (false while reconnecting). */
  readonly connected: boolean;
  /** Server clock − local clock (ms), measured at sign-in (GET /time). */
  readonly clockOffsetMs: number;
  /** The server's clock now (epoch ms): what deadlines such as `bettingClosesAt` are measured on. */
  serverNow(): number;
  /** `totp`: the authenticator code of a staff account with TOTP on (issue 22 §8). */
  login(username: string, password: string, totp?: string): Promise<AuthUser>;
  logout(): void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside <SessionProvider>');
  return s;
}

interface Stored {
  readonly token: string;
  readonly user: AuthUser;
}

function readStored(key: string): Stored | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(key);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<Stored>;
    return typeof v.token === 'string' && v.user && typeof v.user.userId === 'string' ? (v as Stored) : null;
  } catch (_e) {
    return null; // unreadable or blocked storage: start signed out
  }
}

function writeStored(key: string, v: Stored | null): void {
  try {
    if (v === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, JSON.stringify(v));
  } catch (_e) {
    // storage blocked: the session lasts for this page only
  }
}

export interface SessionProviderProps {
  readonly children: ReactNode;
  /** The studio server; default: this page's origin (the server serves the apps, the dev server proxies). */
  readonly baseUrl?: string;
  /** sessionStorage key (default `felt.session.<app>`). */
  readonly storageKey?: string;
  /** Injected clients (tests). */
  readonly api?: FeltClient;
  readonly realtime?: (token: string) => RealtimeClient | null;
}

export function SessionProvider(props: SessionProviderProps): ReactNode {
  const baseUrl = props.baseUrl ?? globalThis.location?.origin ?? 'http://127.0.0.1:3000';
  const storageKey = props.storageKey ?? 'felt.session';
  const api = useMemo(() => props.api ?? new FeltClient({ baseUrl }), [props.api, baseUrl]);
  // A launch URL replaces whatever session this tab had (it is redeemed below).
  const launching = useMemo(() => new URLSearchParams(globalThis.location?.search ?? '').has('launch'), []);
  const initial = useMemo(() => (launching ? null : readStored(storageKey)), [launching, storageKey]);
  const [user, setUser] = useState<AuthUser | null>(initial?.user ?? null);
  const [token, setToken] = useState<string | null>(initial?.token ?? null);
  // A stored session renders at once (checked in the background; a 401 signs out): no round trip before the first paint.
  const [restoring, setRestoring] = useState(false);
  const [connected, setConnected] = useState(false);
  const [clockOffsetMs, setOffset] = useState(0);
  const offsetRef = useRef(0);
  const makeRt = props.realtime;

  if (token !== null && api.token !== token) api.setToken(token);

  const measure = useCallback(async () => {
    try {
      // Best of three round trips: the shortest one bounds the error best.
      let best: { offsetMs: number; rttMs: number } | null = null;
      for (let i = 0; i < 3; i++) {
        const m = await api.measureClockOffset();
        if (best === null || m.rttMs < best.rttMs) best = m;
      }
      if (best) {
        offsetRef.current = best.offsetMs;
        setOffset(best.offsetMs);
      }
    } catch (_e) {
      // no /time: count down on the local clock (offset 0)
    }
  }, [api]);

  // Issue 22 §16: an operator's game-launch URL (`?launch=<one-time code>[&table=<id>][&lang=sv]`) signs the
  // player in once: the code is redeemed (POST /auth/launch), removed from the address bar (a reload never
  // reuses it), and the page goes to the table the operator asked for.
  const launched = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(globalThis.location?.search ?? '');
    const code = params.get('launch');
    if (code === null || launched.current) return;
    launched.current = true;
    setRestoring(true);
    const table = params.get('table');
    params.delete('launch');
    params.delete('table');
    const base = (globalThis.location?.pathname ?? '/').replace(/\/$/, '');
    const rest = params.toString();
    globalThis.history?.replaceState(null, '', `${table !== null && /^[A-Za-z0-9_-]{1,64}$/.test(table) ? `${base}/table/${table}` : base || '/'}${rest ? `?${rest}` : ''}`);
    void (async () => {
      try {
        const res = await fetch(`${baseUrl}/auth/launch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
        if (!res.ok) throw new Error(`launch ${res.status}`);
        const r = (await res.json()) as { token: string; user: AuthUser; refreshToken?: string };
        writeStored(storageKey, { token: r.token, user: r.user });
        api.setToken(r.token);
        await measure();
        setToken(r.token);
        setUser(r.user);
      } catch (_refused) {
        // used, expired or forged: the login screen says nothing more than an unauthenticated visitor sees
      } finally {
        setRestoring(false);
      }
    })();
  }, [api, baseUrl, measure, storageKey]);

  // A stored token is checked once at start-up (an expired one signs out).
  useEffect(() => {
    if (!initial) return;
    let live = true;
    api.me().then(
      (me) => {
        if (!live) return;
        setUser(me);
        setRestoring(false);
      },
      (e: unknown) => {
        if (!live) return;
        if (e instanceof FeltApiError && (e.status === 401 || e.status === 403)) {
          writeStored(storageKey, null);
          setToken(null);
          setUser(null);
          api.setToken(null);
        }
        setRestoring(false);
      },
    );
    void measure();
    return () => {
      live = false;
    };
  }, [api, initial, measure, storageKey]);

  const rt = useMemo(() => {
    if (token === null) return null;
    return makeRt ? makeRt(token) : new RealtimeClient({ baseUrl, token, reconnectionDelayMs: 500, reconnectionDelayMaxMs: 3000 });
  }, [token, baseUrl, makeRt]);

  useEffect(() => {
    if (!rt) return;
    setConnected(rt.connected);
    const offs = [rt.on('connected', () => setConnected(true)), rt.on('disconnected', () => setConnected(false))];
    return () => {
      for (const off of offs) off();
      rt.close();
    };
  }, [rt]);

  const login = useCallback(
    async (username: string, password: string, totp?: string) => {
      const r = await api.login(username, password, totp);
      writeStored(storageKey, { token: r.token, user: r.user });
      await measure();
      setToken(r.token);
      setUser(r.user);
      setRestoring(false);
      return r.user;
    },
    [api, measure, storageKey],
  );

  const logout = useCallback(() => {
    api.logout();
    writeStored(storageKey, null);
    setToken(null);
    setUser(null);
  }, [api, storageKey]);

  const serverNow = useCallback(() => Date.now() + offsetRef.current, []);

  const value = useMemo<Session>(
    () => ({ api, rt, user: token === null ? null : user, restoring, connected, clockOffsetMs, serverNow, login, logout }),
    [api, rt, user, token, restoring, connected, clockOffsetMs, serverNow, login, logout],
  );
  return <SessionContext.Provider value={value}>{props.children}</SessionContext.Provider>;
}

/** Whether the user may use an app made for `roles`. */
export function hasRole(user: AuthUser | null, roles: readonly Role[]): boolean {
  return user !== null && roles.includes(user.role);
}
