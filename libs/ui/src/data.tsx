import { FeltApiError, type RealtimeClient, type Table, type TablePresence } from '@felt-studio/client-sdk';
import type { PokerTableFrame, RoundEventFrame, RoundSnapshotFrame } from '@felt-studio/protocol';
import { QueryClient, QueryClientProvider, notifyManager, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { RevealGate, type VideoReading } from './reveal-gate.js';
import { useSession } from './session.js';

/**
 * Server state lives in one TanStack Query cache (STYLE.md "Web apps"): REST answers through the
 * SDK, and the socket's frames written into the same cache (`['round', tableId]`), so a frame is
 * on screen in the render that follows it. Local UI state stays in components.
 */

// Cache notifications in a microtask, not a 0 ms timer: a frame reaches the screen in the next paint.
notifyManager.setScheduler((cb) => queueMicrotask(cb));

/**
 * For a screen that watches many tables at once (the pit boss's floor): cache notifications wait for the next
 * animation frame (or `fallbackMs`, when frames do not come: a hidden tab), so every socket frame that arrived
 * since the last paint is one render, not one each. Measured on the browser tier's studio (20 tables, ~15 frames/s
 * to the floor): see docs/testing.md "The pit floor's renderer". Returns the undo.
 */
export function notifyOncePerFrame(fallbackMs = 100): () => void {
  let queued: (() => void)[] = [];
  let armed = false;
  const flush = (): void => {
    if (!armed) return;
    armed = false;
    const run = queued;
    queued = [];
    for (const cb of run) cb();
  };
  notifyManager.setScheduler((cb) => {
    queued.push(cb);
    if (armed) return;
    armed = true;
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
    setTimeout(flush, fallbackMs);
  });
  return () => {
    flush();
    notifyManager.setScheduler((cb) => queueMicrotask(cb));
  };
}

export const queryKeys = {
  tables: ['tables'] as const,
  table: (tableId: string) => ['table', tableId] as const,
  round: (tableId: string) => ['round', tableId] as const,
  wallet: ['wallet'] as const,
  myBets: (tableId: string) => ['myBets', tableId] as const,
  presence: ['presence'] as const,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        refetchOnWindowFocus: false,
        // A rule breach or a missing right does not get better by asking again.
        retry: (n, e) => !(e instanceof FeltApiError && e.status >= 400 && e.status < 500) && n < 2,
      },
      mutations: { retry: false },
    },
  });
}

/** The live round of a table as this user may see it (the kernel's view for the audience). */
export interface LiveRound {
  readonly tableId: string;
  readonly roundId: string | null;
  readonly seq: number;
  readonly view: unknown;
  readonly next: readonly { kind: string; message: string; ruleId?: string }[];
  /** Local receive time of the frame that produced this (performance marks, animations). */
  readonly receivedAt: number;
}

export type FrameListener = (f: RoundEventFrame) => void;

/** Round frames → cache. Installed once per RealtimeClient by <FeltQueryProvider>. */
export function attachRealtime(rt: RealtimeClient, qc: QueryClient, listeners: Set<FrameListener>): () => void {
  const fromSnapshot = (s: RoundSnapshotFrame): void => {
    // Issue 21 §3: after a reconnect the missing events come first (no view), then this snapshot with the view they
    // lead to — with the table's video on screen, that view waits for the video like the events would have
    const read = videoClocks.get(s.tableId);
    const pending = gates.get(s.tableId)?.pending();
    if (read !== undefined && s.roundId !== null && pending?.roundId === s.roundId && pending.at !== null) {
      const gate = gates.get(s.tableId)!;
      const frame: RoundEventFrame = { tableId: s.tableId, roundId: s.roundId, seq: s.seq, type: 'RoundSnapshot', at: pending.at, event: null, view: s.view, next: s.next };
      for (const x of gate.push(frame, performance.now(), read())) deliver(x);
      schedule();
      return;
    }
    qc.setQueryData<LiveRound>(queryKeys.round(s.tableId), { tableId: s.tableId, roundId: s.roundId, seq: s.seq, view: s.view, next: s.next, receivedAt: performance.now() });
  };
  const offs = [
    rt.on('round.snapshot', fromSnapshot),
    rt.on('resynced', (r) => fromSnapshot(r.snapshot)),
    // live poker (issue 11): the audience's table frame (the SDK drops stale frames and rejoins on a gap)
    rt.on('poker.table', (f) => qc.setQueryData<PokerTableFrame>(['pokerTable', f.tableId], f)),
    rt.on('table.presence', (p) => qc.setQueryData<TablePresence[]>(queryKeys.presence, (prev) => mergePresence(prev, p))),
    rt.on('round.event', (f) => {
      // Issue 21 §3: with the table's video on screen, what a frame reveals waits for the video to show it.
      const read = videoClocks.get(f.tableId);
      if (read === undefined && !gates.get(f.tableId)?.holding) return deliver(f);
      const gate = gates.get(f.tableId) ?? new RevealGate();
      gates.set(f.tableId, gate);
      for (const x of gate.push(f, performance.now(), read ? read() : null)) deliver(x);
      schedule();
    }),
  ];
  const gates = new Map<string, RevealGate>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const releaseAll = (only?: string): void => {
    for (const [tableId, gate] of gates) {
      if (only !== undefined && tableId !== only) continue;
      const read = videoClocks.get(tableId);
      for (const x of gate.release(performance.now(), read ? read() : null)) deliver(x);
    }
  };
  // held frames are looked at every 20 ms, and at once when the video presents a frame (videoFrameShown)
  const schedule = (): void => {
    if (timer !== null || ![...gates.values()].some((g) => g.holding)) return;
    timer = setTimeout(() => {
      timer = null;
      releaseAll();
      schedule();
    }, 20);
  };
  const onVideoFrame = (tableId: string): void => {
    releaseAll(tableId);
    schedule();
  };
  videoFrameHooks.add(onVideoFrame);
  const deliver = (f: RoundEventFrame): void => {
    if (f.view !== null && f.view !== undefined) {
      const prev = qc.getQueryData<LiveRound>(queryKeys.round(f.tableId));
      // A late frame of a previous round never replaces the current one (the SDK tracks the current round).
      const current = rt.position(f.tableId)?.roundId ?? f.roundId;
      if (f.roundId === current) {
        qc.setQueryData<LiveRound>(queryKeys.round(f.tableId), { tableId: f.tableId, roundId: f.roundId, seq: f.seq, view: f.view, next: f.next ?? prev?.next ?? [], receivedAt: performance.now() });
      }
    }
    if (f.view !== null && f.view !== undefined) measureFrame(f.tableId, f.roundId, f.seq);
    if (f.type === 'RoundSettled' || f.type === 'RoundVoided' || f.type === 'BetAccepted' || f.type === 'BetCancelled') {
      void qc.invalidateQueries({ queryKey: queryKeys.wallet });
    }
    for (const l of [...listeners]) l(f);
  };
  return () => {
    for (const off of offs) off();
    videoFrameHooks.delete(onVideoFrame);
    if (timer !== null) clearTimeout(timer);
  };
}

/** Issue 21 §3: each table's video clock (VideoArea registers it while its video plays). */
const videoClocks = new Map<string, () => VideoReading>();
const videoFrameHooks = new Set<(tableId: string) => void>();

/**
 * While registered, the table's round frames that reveal something wait for `read()`'s studio time to reach them
 * (libs/ui reveal-gate.ts). Returns the unregister function (then nothing more is held; what is held is shown
 * at the next frame or tick).
 */
export function registerVideoClock(tableId: string, read: () => VideoReading): () => void {
  videoClocks.set(tableId, read);
  return () => {
    if (videoClocks.get(tableId) === read) videoClocks.delete(tableId);
    for (const h of [...videoFrameHooks]) h(tableId);
  };
}

/** The table's video just presented a frame: what it reaches is shown now (not at the next tick). */
export function videoFrameShown(tableId: string): void {
  for (const h of [...videoFrameHooks]) h(tableId);
}

const frameListeners = new Set<FrameListener>();

/**
 * Frame-to-screen budget probe (scripts/budgets): when the page defines `__feltFramePerf` (an
 * array), each frame with a view records, in the next animation frame callback (before paint),
 * how long it took and whether the element `[data-live-table=<id>]` already shows its round and seq
 * (or a later seq of that round).
 */
function measureFrame(tableId: string, roundId: string, seq: number): void {
  const perf = (globalThis as { __feltFramePerf?: { seq: number; ms: number; onScreen: boolean; shown: string | null }[] }).__feltFramePerf;
  if (!perf || typeof requestAnimationFrame !== 'function') return;
  const t0 = performance.now();
  requestAnimationFrame(() => {
    const el = document.querySelector(`[data-live-table="${tableId}"]`);
    const shown = el?.getAttribute('data-seq') ?? null;
    // On screen: this frame's seq, or a later frame of the same round that superseded it before the callback.
    const onScreen = el?.getAttribute('data-round') === roundId && Number(shown) >= seq;
    perf.push({ seq, ms: performance.now() - t0, onScreen, shown });
  });
}

/** QueryClientProvider + the realtime → cache bridge of the session's socket. */
export function FeltQueryProvider({ client, children }: { readonly client: QueryClient; readonly children: ReactNode }): ReactNode {
  const { rt } = useSession();
  useEffect(() => {
    if (!rt) return;
    return attachRealtime(rt, client, frameListeners);
  }, [rt, client]);
  useEffect(() => {
    if (!rt) client.clear(); // signed out: nothing of the previous user stays cached
  }, [rt, client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Every round frame of every joined table (e.g. to show a settlement toast); unsubscribes on unmount. */
export function useRoundFrames(listener: FrameListener): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => {
    const l: FrameListener = (f) => ref.current(f);
    frameListeners.add(l);
    return () => {
      frameListeners.delete(l);
    };
  }, []);
}

export function useTables(opts: { refetchIntervalMs?: number } = {}): UseQueryResult<Table[]> {
  const { api, user } = useSession();
  return useQuery({ queryKey: queryKeys.tables, queryFn: () => api.listTables(), enabled: user !== null, refetchInterval: opts.refetchIntervalMs ?? 15_000 });
}

export function useTable(tableId: string | null): UseQueryResult<Table> {
  const { api, user } = useSession();
  const qc = useQueryClient();
  return useQuery({
    queryKey: queryKeys.table(tableId ?? ''),
    queryFn: () => api.getTable(tableId ?? ''),
    enabled: user !== null && tableId !== null,
    initialData: () => qc.getQueryData<Table[]>(queryKeys.tables)?.find((t) => t.tableId === tableId),
  });
}

/** The player's balance (refreshed on bet and settlement frames). */
export function useWallet(enabled = true): UseQueryResult<{ playerId: string; currency: string; balanceMinor: number }> {
  const { api, user } = useSession();
  return useQuery({ queryKey: queryKeys.wallet, queryFn: () => api.myWallet(), enabled: enabled && user?.role === 'player' });
}

/**
 * Joins the table's realtime channel and returns its live round from the cache. The join's
 * snapshot is the first value; every later frame (and every resync after a reconnect) updates it.
 */
export function useLiveRound(tableId: string | null): UseQueryResult<LiveRound> {
  const { rt } = useSession();
  return useQuery({
    queryKey: queryKeys.round(tableId ?? ''),
    queryFn: async (): Promise<LiveRound> => {
      if (!rt || tableId === null) throw new Error('not connected');
      const s = await rt.join(tableId);
      return { tableId: s.tableId, roundId: s.roundId, seq: s.seq, view: s.view, next: s.next, receivedAt: performance.now() };
    },
    enabled: rt !== null && tableId !== null,
    staleTime: Infinity, // frames keep it fresh
    gcTime: 5 * 60_000,
  });
}

/** Replaces one table's presence in the list (a table with nobody stays, with 0). */
export function mergePresence(list: readonly TablePresence[] | undefined, p: TablePresence): TablePresence[] {
  return [...(list ?? []).filter((x) => x.tableId !== p.tableId), p];
}

/**
 * Who is at each table (issue 7): `GET /presence` once, then every `table.presence` frame (the lobby
 * gets them for every table it watches). Players see counts; staff also the dealer at each console.
 */
export function usePresence(): UseQueryResult<ReadonlyMap<string, TablePresence>> {
  const { api, user } = useSession();
  return useQuery({
    queryKey: queryKeys.presence,
    queryFn: () => api.presence(),
    enabled: user !== null,
    staleTime: 60_000,
    select: (list: readonly TablePresence[]) => new Map(list.map((p) => [p.tableId, p])),
  });
}

/** While mounted, this player is at the table (counted in its presence); the SDK re-announces after a reconnect. */
export function useAtTable(tableId: string | null): void {
  const { rt } = useSession();
  useEffect(() => {
    if (!rt || tableId === null) return;
    rt.setPresence(tableId, true).catch(() => undefined); // the lobby's count, and CHAT-7: only players at the table chat and tip
    return () => {
      rt.setPresence(tableId, false).catch(() => undefined);
    };
  }, [rt, tableId]);
}
