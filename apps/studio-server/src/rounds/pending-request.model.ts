import type { KernelCommand } from '../kernels/kernel.types.js';

/** A request waiting for a pit boss: a dealer's void request or a hand-entered game command (S-3). */
export interface PendingRequest {
  readonly requestId: string;
  readonly kind: 'void' | 'manual';
  readonly tableId: string;
  readonly roundId: string;
  readonly by: string;
  readonly role: string;
  readonly reason: string;
  readonly at: number;
  /** For `manual`: the kernel command the dealer entered (e.g. `EnterManualCard`). */
  readonly command?: KernelCommand;
}
