import type { Alert } from '@felt/client-sdk';
import { SEVERITY_RANK } from './floor.model';

/** Codes that mean a device misbehaved (for the faults-over-time chart). */
const DEVICE_CODES = new Set(['WHEEL_POWERED_DOWN', 'SHAKER_ERROR', 'SPIN_REVOLUTIONS_UNKNOWN']);

export function isDeviceFault(a: Pick<Alert, 'code' | 'severity'>): boolean {
  if (a.severity === 'info') return false; // e.g. SHOE_INSERTED: a device reporting, not failing
  return a.code.startsWith('DEVICE_') || a.code.startsWith('SHOE_') || a.code.startsWith('WHEEL_') || DEVICE_CODES.has(a.code);
}

/** Codes that ask the pit boss to act on a request (approval dialogs). */
export const REQUEST_CODES: ReadonlySet<string> = new Set(['VOID_REQUESTED', 'MANUAL_ENTRY_PENDING']);

/** Most urgent first, then newest first. */
export function byPriority(alerts: readonly Alert[]): Alert[] {
  return [...alerts].sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || b.at - a.at || b.alertId.localeCompare(a.alertId));
}

/** Merge a live alert into the list (dedupe by id, newest first, bounded). */
export function mergeAlert(list: readonly Alert[], a: Alert, max = 500): Alert[] {
  if (list.some((x) => x.alertId === a.alertId)) return [...list];
  return [a, ...list].sort((x, y) => y.at - x.at).slice(0, max);
}

/** Alerts nobody has acknowledged yet (the server keeps who acknowledged each one). */
export function openAlerts(alerts: readonly Alert[]): Alert[] {
  return alerts.filter((a) => !a.ack);
}

/** Acknowledged alerts, most recently acknowledged first. */
export function acknowledgedAlerts(alerts: readonly Alert[], max = 10): Alert[] {
  return alerts.filter((a) => a.ack).sort((a, b) => (b.ack?.at ?? 0) - (a.ack?.at ?? 0)).slice(0, max);
}

/** The server's word on an alert's acknowledgement replaces the cached one (the first acknowledgement stays). */
export function applyAck(list: readonly Alert[], stored: Alert): Alert[] {
  return list.map((a) => (a.alertId === stored.alertId ? { ...a, ack: stored.ack ?? null } : a));
}

/** The sound a new alert plays: critical → a repeated high tone, warning → one tone, info → silent. */
export type Chime = 'urgent' | 'notice' | null;
export function chimeFor(a: Pick<Alert, 'severity'>): Chime {
  return a.severity === 'critical' ? 'urgent' : a.severity === 'warning' ? 'notice' : null;
}
