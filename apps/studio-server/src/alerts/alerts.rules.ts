/**
 * The pit's alert model as pure rules (issue 20 defect 8; docs/alerts.md):
 * - **activity, not alerts**: `info` (a shoe inserted, the cadence resumed) is something that happened,
 *   kept for the activity feed, never an open alert to acknowledge;
 * - **grouped**: the same code at the same table, raised again while the first is open and within the
 *   grouping window of its last occurrence, is one alert with a count (and the latest message);
 * - **self-resolving**: a condition that clears (a device back online) resolves the alerts it caused;
 * - **escalating**: a warning nobody acknowledged within the escalation time becomes critical, once.
 */

export type Severity = 'info' | 'warning' | 'critical';

export interface AlertPolicy {
  /** Same code + table within this time of the last occurrence → one alert with a count. */
  readonly groupWindowMs: number;
  /** A warning not acknowledged for this long is escalated to critical. */
  readonly escalateAfterMs: number;
}

export const DEFAULT_ALERT_POLICY: AlertPolicy = { groupWindowMs: 5 * 60_000, escalateAfterMs: 2 * 60_000 };

/** `info` is activity (the feed), not an alert someone must act on. */
export const isActivity = (severity: Severity): boolean => severity === 'info';

/** What an alert needs for the rules: its state, not its text. */
export interface AlertState {
  readonly tableId: string | null;
  readonly code: string;
  readonly severity: Severity;
  readonly at: number;
  readonly lastAt?: number;
  readonly acked: boolean;
  readonly resolvedAt?: number | null;
  readonly escalatedAt?: number | null;
}

/** Open: not acknowledged and not resolved. */
export const isOpen = (a: Pick<AlertState, 'acked' | 'resolvedAt'>): boolean => !a.acked && (a.resolvedAt ?? null) === null;

/** A new raise of `code` at `tableId` joins `a` (one alert with a count) instead of opening another. */
export function joins(a: AlertState, raise: { readonly tableId: string | null; readonly code: string; readonly severity: Severity }, now: number, p: AlertPolicy): boolean {
  if (isActivity(raise.severity) || isActivity(a.severity)) return false;
  return a.code === raise.code && a.tableId === raise.tableId && isOpen(a) && now - (a.lastAt ?? a.at) <= p.groupWindowMs;
}

/** An open warning, never escalated, unacknowledged for the escalation time. */
export function dueForEscalation(a: AlertState, now: number, p: AlertPolicy): boolean {
  return a.severity === 'warning' && isOpen(a) && (a.escalatedAt ?? null) === null && now - a.at >= p.escalateAfterMs;
}

/**
 * Conditions that clear alerts by themselves: the condition → the alert codes it resolves at its table.
 * A device reporting `online` again resolves its table's offline and fault alerts.
 */
export const CLEARS = {
  DEVICE_ONLINE: ['DEVICE_OFFLINE', 'DEVICE_FAULT'],
} as const satisfies Readonly<Record<string, readonly string[]>>;
export type ClearingCondition = keyof typeof CLEARS;
