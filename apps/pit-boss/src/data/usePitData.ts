import type { Alert, DeviceStatusFrame, PendingRequest, Table, TableDay } from '@felt-studio/client-sdk';
import { queryKeys, usePresence, useRoundFrames, useSession, type LiveRound } from '@felt-studio/ui';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { chimeFor, keepKnownAcks, mergeAlert, REQUEST_CODES } from './alerts.model';
import { playChime } from './chime';
import { tileOf, sortTiles, type TileModel } from './floor.model';

export const pitKeys = {
  day: ['pit', 'day'] as const,
  alerts: ['pit', 'alerts'] as const,
  audit: ['pit', 'audit'] as const,
  pending: (tableId: string) => ['pit', 'pending', tableId] as const,
  devices: (tableId: string) => ['pit', 'devices', tableId] as const,
  history: (tableId: string) => ['pit', 'history', tableId] as const,
} as const;

export function useTables() {
  const { api } = useSession();
  return useQuery({ queryKey: queryKeys.tables, queryFn: () => api.listTables(), refetchInterval: 15_000 });
}

/** Joins every table's realtime channel (staff view); the SDK re-joins after a reconnect. */
export function useJoinTables(tables: readonly Table[] | undefined): void {
  const { rt } = useSession();
  const ids = (tables ?? []).map((t) => t.tableId).join(',');
  useEffect(() => {
    if (!rt || ids === '') return;
    for (const id of ids.split(',')) rt.join(id).catch(() => undefined);
  }, [rt, ids]);
}

/** The day per table; refreshed on every settled or voided round (at most every 2 s) and every 30 s. */
export function useDay() {
  const { api } = useSession();
  const qc = useQueryClient();
  const last = useRef(0);
  useRoundFrames((f) => {
    if (f.type !== 'RoundSettled' && f.type !== 'RoundVoided') return;
    const now = Date.now();
    if (now - last.current < 2_000) return;
    last.current = now;
    void qc.invalidateQueries({ queryKey: pitKeys.day });
  });
  return useQuery({ queryKey: pitKeys.day, queryFn: () => api.day(), refetchInterval: 30_000 });
}

/** Alerts: the last 200 from REST, then every live `alert` frame (with its chime unless muted). */
export function useAlertsFeed(soundOn: boolean) {
  const { api, rt } = useSession();
  const qc = useQueryClient();
  const sound = useRef(soundOn);
  sound.current = soundOn;
  useEffect(() => {
    if (!rt) return;
    // A (re)connection may have missed alerts raised while the socket was not yet in the pit room:
    // the list is fetched again then.
    const offConnected = rt.on('connected', () => void qc.invalidateQueries({ queryKey: pitKeys.alerts }));
    const offAlert = rt.on('alert', (a: Alert) => {
      // A fetch still in flight may answer with the list from before this alert and overwrite it:
      // fetch again (the alert is stored before it is broadcast).
      const stale = qc.isFetching({ queryKey: pitKeys.alerts }) > 0;
      qc.setQueryData<Alert[]>(pitKeys.alerts, (prev) => mergeAlert(prev ?? [], a));
      if (stale) void qc.invalidateQueries({ queryKey: pitKeys.alerts });
      if (REQUEST_CODES.has(a.code) && a.tableId !== null) void qc.invalidateQueries({ queryKey: pitKeys.pending(a.tableId) });
      const chime = chimeFor(a);
      if (sound.current && chime) playChime(chime);
    });
    return () => {
      offConnected();
      offAlert();
    };
  }, [rt, qc]);
  // The live frames keep the list current; a slow refetch is the safety net for anything missed.
  // A fetch answers with the list as it was when it left: acknowledgements that arrived meanwhile are kept.
  return useQuery({ queryKey: pitKeys.alerts, queryFn: async () => keepKnownAcks(await api.alerts({ limit: 200 }), qc.getQueryData<Alert[]>(pitKeys.alerts)), staleTime: 60_000, refetchInterval: 30_000 });
}

/** Device health per table: REST once, then `device.status` frames. */
function useDeviceFrames(): void {
  const { rt } = useSession();
  const qc = useQueryClient();
  useEffect(() => {
    if (!rt) return;
    return rt.on('device.status', (d: DeviceStatusFrame) => {
      qc.setQueryData<DeviceStatusFrame[]>(pitKeys.devices(d.tableId), (prev) => [...(prev ?? []).filter((x) => x.deviceId !== d.deviceId), d]);
    });
  }, [rt, qc]);
}

export interface Floor {
  readonly tiles: readonly TileModel[];
  readonly tables: readonly Table[];
  readonly alerts: readonly Alert[];
  readonly loading: boolean;
  readonly error: unknown;
}

/** Everything the floor shows, live: tables, their rounds, devices, the day, alerts, pending requests. */
export function useFloor(openAlerts: readonly Alert[]): Floor {
  const { api } = useSession();
  const tablesQ = useTables();
  const tables = useMemo(() => tablesQ.data ?? [], [tablesQ.data]);
  useJoinTables(tablesQ.data);
  useDeviceFrames();
  const dayQ = useDay();
  const presence = usePresence();
  const rounds = useQueries({
    queries: tables.map((t) => ({
      queryKey: queryKeys.round(t.tableId),
      queryFn: async (): Promise<LiveRound> => {
        const r = await api.currentRound(t.tableId);
        return { tableId: t.tableId, roundId: r.roundId, seq: r.seq, view: r.view, next: r.next, receivedAt: performance.now() };
      },
      staleTime: Infinity,
    })),
  });
  const devices = useQueries({ queries: tables.map((t) => ({ queryKey: pitKeys.devices(t.tableId), queryFn: () => api.tableDevices(t.tableId), staleTime: 60_000 })) });
  const pending = useQueries({ queries: tables.map((t) => ({ queryKey: pitKeys.pending(t.tableId), queryFn: () => api.pendingRequests(t.tableId), refetchInterval: 10_000 })) });
  const allPending: PendingRequest[] = pending.flatMap((p) => p.data ?? []);
  const days: readonly TableDay[] = dayQ.data ?? [];
  const tiles = sortTiles(
    tables.map((t, i) => {
      const r = rounds[i]?.data;
      return tileOf(t, r?.view ?? null, r?.roundId ?? null, devices[i]?.data ?? [], days.find((d) => d.tableId === t.tableId) ?? null, openAlerts, allPending, presence.data?.get(t.tableId)?.dealers ?? []);
    }),
  );
  return { tiles, tables, alerts: openAlerts, loading: tablesQ.isLoading, error: tablesQ.error };
}
