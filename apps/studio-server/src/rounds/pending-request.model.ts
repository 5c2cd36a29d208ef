import type { KernelCommand } from '../kernels/kernel.types.js';

import type { PendingRequest as PendingRequestShape } from '@felt-studio/protocol';

/**
 * A request waiting for a pit boss: a dealer's void request or a hand-entered game command (S-3) —
 * @felt-studio/protocol's shape (issue 19 §5); for `manual`, the kernel command the dealer entered (e.g. `EnterManualCard`).
 */
export type PendingRequest = Omit<PendingRequestShape, 'command'> & { readonly command?: KernelCommand };
