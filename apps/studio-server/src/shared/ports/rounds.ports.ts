/**
 * Narrow ports the rounds side needs from the platform side (settlement queue, alerts, audit,
 * metrics). RoundsModule binds them to the platform services with `useExisting`; unit tests bind
 * in-memory fakes. Keeping them narrow lets every rounds service be tested without the platform.
 */
import type { AlertSeverity } from '@felt-studio/protocol';

export type { AlertSeverity };

/** An alert to raise (the alerts service stores it, groups it and pushes it to the pit). */
export interface AlertInput {
  readonly tableId?: string;
  readonly roundId?: string;
  readonly severity: AlertSeverity;
  readonly code: string;
  readonly message: string;
  /** What the alert is about within its table (a device id): grouping and self-resolution keep to it. */
  readonly subject?: string;
}

export interface AlertsPort {
  raise(alert: AlertInput): Promise<unknown> | unknown;
  /** A condition cleared (a device back online): its open alerts resolve themselves (issue 20 defect 8). */
  resolve?(tableId: string, condition: 'DEVICE_ONLINE', detail: string, subject?: string): Promise<unknown> | unknown;
}

import type { AuditRecord } from '@felt-studio/protocol';

/** An audit record before it is stored (@felt-studio/protocol's `AuditRecord` without its id, issue 19 §5). */
export type AuditInput = Omit<AuditRecord, 'auditId'>;

export interface AuditPort {
  record(entry: AuditInput): Promise<unknown> | unknown;
}

export interface SettlementQueuePort {
  enqueue(roundId: string): Promise<unknown>;
  /** Post the bets the round settled early (a `BetsSettled` event was committed); idempotent. Optional for fakes. */
  settleEarly?(roundId: string): Promise<unknown>;
}

interface Counter<L extends string> {
  inc(labels: Partial<Record<L, string>>, value?: number): void;
}

/** The subset of the platform's MetricsService the rounds side increments. */
export interface RoundsMetricsPort {
  readonly betsAccepted: { inc(value?: number): void };
  readonly betsRejected: Counter<'code'>;
  readonly roundsTotal: Counter<'game' | 'outcome'>;
  readonly deviceFaults: Counter<'code'>;
  /** The WebSocket command path (issue 22 §15). */
  readonly wsMessageDuration?: { startTimer(labels?: Partial<Record<'message' | 'result', string>>): (labels?: Partial<Record<'message' | 'result', string>>) => number };
  readonly socketsConnected?: { inc(): void; dec(): void };
  /** Issue 25 §1: the close barrier's drain. */
  readonly closeDrain?: { observe(labels: Partial<Record<'outcome', string>>, value: number): void };
}

export const ROUNDS_ALERTS = Symbol('ROUNDS_ALERTS');
export const ROUNDS_AUDIT = Symbol('ROUNDS_AUDIT');
export const ROUNDS_SETTLEMENT_QUEUE = Symbol('ROUNDS_SETTLEMENT_QUEUE');
export const ROUNDS_METRICS = Symbol('ROUNDS_METRICS');
