import type { Arrival, IntakeBarrier } from '../shared/host/intake-barrier.js';

/** The table commands a close must wait for: the player's bets and cancels (issue 25 §1). */
export const isBetCommand = (op: string): boolean => op.startsWith('bet.');

/**
 * A WS table command as the socket reads it: a bet is stamped on the server clock and tracked by the
 * close barrier until its ack (the table from the raw message; an invalid one is refused later, and its
 * entry only ends a close's wait sooner). Other commands: no stamp (their handler stamps on its clock).
 */
export function arrivalOf(intake: IntakeBarrier | null, op: string, raw: unknown): Arrival | null {
  if (intake === null || !isBetCommand(op)) return null;
  const tableId = typeof raw === 'object' && raw !== null ? (raw as { tableId?: unknown }).tableId : undefined;
  return intake.arrive(typeof tableId === 'string' ? tableId : undefined);
}
