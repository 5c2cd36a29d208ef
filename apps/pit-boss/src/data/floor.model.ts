import { viewTotals } from '@felt-studio/ui';
import type { Alert, AlertSeverity, DealerAtTable, DeviceStatusFrame, PendingRequest, Table, TableDay } from '@felt-studio/client-sdk';

/** What a pit boss reads off one kernel view (every game's staff view shares these fields). */
export interface RoundGlance {
  readonly roundId: string | null;
  readonly phase: string | null;
  readonly bettingClosesAt: number | null;
  readonly bets: number;
  readonly players: number;
  readonly stakeMinor: number;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Reads phase, deadline and this round's stakes out of a staff view (bets as an array or a record). */
export function glance(view: unknown, roundId: string | null): RoundGlance {
  if (!isObj(view)) return { roundId, phase: null, bettingClosesAt: null, bets: 0, players: 0, stakeMinor: 0 };
  const { bets, players, stakeMinor } = viewTotals(view);
  return {
    roundId,
    phase: typeof view['phase'] === 'string' ? view['phase'] : null,
    bettingClosesAt: typeof view['bettingClosesAt'] === 'number' ? view['bettingClosesAt'] : null,
    bets,
    players,
    stakeMinor,
  };
}

/** Phases in which a round can no longer stall: nothing is owed by a device. */
const NOT_PLAYING: ReadonlySet<string> = new Set(['idle', 'betting', 'resolved', 'settled', 'void']);

/**
 * The current round is stalled in play (issue 9 §5): an open `PLAY_STALLED` alert names it and it is
 * still in a playing phase. The pit boss then resumes play or voids the round.
 */
export function isStalled(openAlerts: readonly Alert[], round: RoundGlance): boolean {
  if (round.roundId === null || round.phase === null || NOT_PLAYING.has(round.phase)) return false;
  return openAlerts.some((a) => a.code === 'PLAY_STALLED' && a.roundId === round.roundId);
}

export type DeviceState = 'online' | 'offline' | 'fault' | 'unknown';

export interface DeviceGlance {
  readonly deviceId: string;
  readonly kind: string;
  readonly state: DeviceState;
  readonly model: string | null;
  readonly lastEventAt: number | null;
}

/** The table's configured devices joined with their last reported health (no report yet: unknown). */
export function devicesOf(table: Pick<Table, 'devices'>, health: readonly DeviceStatusFrame[]): DeviceGlance[] {
  return table.devices.map((d) => {
    const h = health.find((x) => x.deviceId === d.deviceId);
    return { deviceId: d.deviceId, kind: d.kind, state: h?.status?.state ?? 'unknown', model: h?.status?.model ?? null, lastEventAt: h?.lastEventAt ?? null };
  });
}

/** Worst device state first: a fault outranks offline, offline outranks unknown. */
export function worstDevice(devices: readonly DeviceGlance[]): DeviceState {
  const order: readonly DeviceState[] = ['fault', 'offline', 'unknown', 'online'];
  for (const s of order) if (devices.some((d) => d.state === s)) return s;
  return 'online';
}

export const SEVERITY_RANK: Readonly<Record<AlertSeverity, number>> = { critical: 3, warning: 2, info: 1 };

/** The level a tile is drawn at: the most urgent thing on it. */
export type Attention = 'critical' | 'warning' | 'calm';

export interface TileModel {
  readonly table: Table;
  readonly round: RoundGlance;
  readonly devices: readonly DeviceGlance[];
  readonly day: TableDay | null;
  readonly openAlerts: readonly Alert[];
  readonly pending: readonly PendingRequest[];
  readonly attention: Attention;
  /** Who is signed in at the table's dealer console now (from the server's presence). */
  readonly dealers: readonly DealerAtTable[];
}

export function attentionOf(openAlerts: readonly Alert[], pending: readonly PendingRequest[], devices: readonly DeviceGlance[], status: Table['status']): Attention {
  const top = openAlerts.reduce((m, a) => Math.max(m, SEVERITY_RANK[a.severity]), 0);
  const dev = worstDevice(devices);
  if (top >= 3 || (dev === 'fault' && status === 'open')) return 'critical';
  if (top === 2 || pending.length > 0 || (dev === 'offline' && status === 'open')) return 'warning';
  // Info alerts (a shoe inserted) stay in the alert list; they do not colour the table.
  return 'calm';
}

export function tileOf(table: Table, view: unknown, roundId: string | null, health: readonly DeviceStatusFrame[], day: TableDay | null, openAlerts: readonly Alert[], pending: readonly PendingRequest[], dealers: readonly DealerAtTable[] = []): TileModel {
  const devices = devicesOf(table, health);
  const mine = openAlerts.filter((a) => a.tableId === table.tableId);
  const own = pending.filter((p) => p.tableId === table.tableId);
  return { table, round: glance(view, roundId), devices, day, openAlerts: mine, pending: own, attention: attentionOf(mine, own, devices, table.status), dealers };
}

const ATTENTION_RANK: Readonly<Record<Attention, number>> = { critical: 2, warning: 1, calm: 0 };

/** Tiles needing attention first, then open before paused/closed, then by name (stable across frames). */
export function sortTiles(tiles: readonly TileModel[]): TileModel[] {
  const statusRank = (s: Table['status']): number => (s === 'open' ? 0 : s === 'paused' ? 1 : s === 'maintenance' ? 2 : 3);
  return [...tiles].sort((a, b) => ATTENTION_RANK[b.attention] - ATTENTION_RANK[a.attention] || statusRank(a.table.status) - statusRank(b.table.status) || a.table.name.localeCompare(b.table.name));
}
