import type { Alert } from '@felt-studio/client-sdk';
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

/**
 * Merge a live alert into the list (one per id, newest first, bounded). The server pushes an alert again
 * under its id when it changes (grouped: count + 1; resolved; escalated, issue 20 defect 8): the new copy
 * replaces the old, keeping an acknowledgement the cache already has.
 */
export function mergeAlert(list: readonly Alert[], a: Alert, max = 500): Alert[] {
  const old = list.find((x) => x.alertId === a.alertId);
  if (old) return list.map((x) => (x.alertId === a.alertId ? { ...a, ack: a.ack ?? old.ack ?? null } : x));
  return [a, ...list].sort((x, y) => y.at - x.at).slice(0, max);
}

/** Information (severity info: a shoe inserted, the cadence resumed) is activity, never an open alert (issue 20 defect 8). */
export const isActivity = (a: Pick<Alert, 'severity'>): boolean => a.severity === 'info';

/** Alerts someone must act on: not information, not acknowledged, not resolved by themselves. */
export function openAlerts(alerts: readonly Alert[]): Alert[] {
  return alerts.filter((a) => !isActivity(a) && !a.ack && (a.resolvedAt ?? null) === null);
}

/** The activity feed: information events, newest first (bounded). */
export function activityFeed(alerts: readonly Alert[], max = 30): Alert[] {
  return alerts.filter(isActivity).sort((a, b) => b.at - a.at || b.alertId.localeCompare(a.alertId)).slice(0, max);
}

/** Closed alerts (acknowledged, or resolved by themselves), most recently closed first. */
export function acknowledgedAlerts(alerts: readonly Alert[], max = 10): Alert[] {
  const closedAt = (a: Alert): number => Math.max(a.ack?.at ?? 0, a.resolvedAt ?? 0);
  return alerts.filter((a) => !isActivity(a) && (a.ack || (a.resolvedAt ?? null) !== null)).sort((a, b) => closedAt(b) - closedAt(a)).slice(0, max);
}

/**
 * A fetched alert list merged with the cache it replaces: an acknowledgement the cache already holds (an
 * `alert.ack` frame, or this pit boss's own acknowledgement) is kept when the fetched copy has none. A
 * fetch that left before the acknowledgement was stored answers with the alert still open; without this,
 * that answer put an acknowledged alert back in the open list (and out of "Acknowledged") until the next
 * fetch 30 s later — the race behind the once-flaky browser test of issue 19. Acknowledgements never go
 * away on the server (the first one stays), so a cached one is never older than the truth.
 */
export function keepKnownAcks(fetched: readonly Alert[], cached: readonly Alert[] | undefined): Alert[] {
  if (!cached || cached.length === 0) return [...fetched];
  const acks = new Map(cached.filter((a) => a.ack).map((a) => [a.alertId, a.ack]));
  return fetched.map((a) => (a.ack || !acks.has(a.alertId) ? a : { ...a, ack: acks.get(a.alertId) ?? null }));
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
