import type { DeviceHealth } from '@felt-studio/client-sdk';
import type { TableDevice } from '@felt-studio/protocol';

export type DeviceState = 'online' | 'offline' | 'fault' | 'unknown';

export interface DeviceRow {
  readonly deviceId: string;
  readonly kind: string;
  readonly state: DeviceState;
  /** Seconds since the device's last event (or status), null when it never reported. */
  readonly agoS: number | null;
}

const ORDER: Readonly<Record<DeviceState, number>> = { fault: 0, offline: 1, unknown: 2, online: 3 };

/**
 * The table's configured devices joined with what the server last heard from them; a device that
 * reports but is not configured is listed too (by its id). Problems first.
 */
export function deviceRows(configured: readonly TableDevice[], health: readonly DeviceHealth[], nowMs: number): DeviceRow[] {
  const byId = new Map(health.map((h) => [h.deviceId, h]));
  const rows: DeviceRow[] = configured.map((d) => row(d.deviceId, d.kind, byId.get(d.deviceId), nowMs));
  for (const h of health) if (!configured.some((d) => d.deviceId === h.deviceId)) rows.push(row(h.deviceId, h.status?.model ?? 'device', h, nowMs));
  return rows.sort((a, b) => ORDER[a.state] - ORDER[b.state] || a.deviceId.localeCompare(b.deviceId));
}

function row(deviceId: string, kind: string, h: DeviceHealth | undefined, nowMs: number): DeviceRow {
  const last = Math.max(h?.lastEventAt ?? 0, h?.status?.at ?? 0);
  return { deviceId, kind, state: h?.status?.state ?? 'unknown', agoS: last > 0 ? Math.max(0, Math.round((nowMs - last) / 1000)) : null };
}
