import type { AlertInput } from '../shared/ports/rounds.ports.js';

/**
 * Kernel codes that mean "a device reported something the round is not in the phase for" (the
 * referee's `move-out-of-phase` row of its lifecycle table, and its coded device-result refusal):
 * a result during betting, after the result, in a void or halted round.
 */
export const OUT_OF_PHASE_CODES: ReadonlySet<string> = new Set(['DEVICE_RESULT_OUT_OF_PHASE', 'COMMAND_NOT_EXPECTED', 'ROUND_NOT_OPEN', 'ROUND_HALTED', 'ROUND_RESOLVED', 'ROUND_VOID']);

interface Refused {
  readonly tableId: string;
  readonly deviceId: string;
  readonly type: string;
  readonly seq: number;
}

/**
 * Which alert a refused device event raises (issue 9 findings 2/5): a device result the kernel refuses
 * as out of phase is a pit-boss alert `DEVICE_RESULT_OUT_OF_PHASE` once per round (a wheel that keeps
 * reporting does not flood the floor; later ones are still logged and counted); any other refusal is
 * `DEVICE_EVENT_REJECTED` every time.
 */
export class RefusalAlerts {
  /** Per table: the round the out-of-phase alert was raised for. */
  private readonly raised = new Map<string, string>();

  /** The alert to raise, or null when this round already had its out-of-phase alert. */
  alertFor(ev: Refused, v: { readonly code: string; readonly ruleId: string | null; readonly message: string }, roundId: string | null): AlertInput | null {
    const why = `${ev.deviceId} ${ev.type} (seq ${ev.seq}) was not applied: ${v.code}${v.ruleId ? ` (${v.ruleId})` : ''} ${v.message}`;
    if (!OUT_OF_PHASE_CODES.has(v.code)) return { tableId: ev.tableId, severity: 'warning', code: 'DEVICE_EVENT_REJECTED', message: why };
    const key = roundId ?? '(no round)';
    if (this.raised.get(ev.tableId) === key) return null;
    this.raised.set(ev.tableId, key);
    return { tableId: ev.tableId, ...(roundId !== null ? { roundId } : {}), severity: 'warning', code: 'DEVICE_RESULT_OUT_OF_PHASE', message: `A device reported out of phase — check the table: ${why}` };
  }
}
