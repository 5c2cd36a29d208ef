import type { Logger } from '@nestjs/common';
import { definitionOf, type AnyKernel, type KernelCommand } from '../kernels/kernel.registry.js';
import type { LoadedRound } from './round.model.js';

/**
 * What carries over between rounds (one job; S-1 for the shoe): the game's definition says what
 * (`carry.next` — the command that attaches the previous round's shoe, or null when the cut card came
 * out); the server adds the one device fact a definition cannot see: a new shoe was inserted (S-4).
 */
export class ShoeCarry {
  private readonly newShoe = new Set<string>();

  constructor(private readonly log: Pick<Logger, 'warn'>) {}

  /** A new shoe was inserted (shoe.inserted, S-4): the next round tracks a full shoe again. */
  markNewShoe(tableId: string): void {
    this.newShoe.add(tableId);
  }

  /** The command that carries the shoe into the round `open` opens, or null; consumes a new-shoe mark. */
  take(tableId: string, prev: LoadedRound | null, kernel: AnyKernel, open: KernelCommand): KernelCommand | null {
    const carry = this.carry(tableId, prev, kernel, open);
    this.newShoe.delete(tableId);
    return carry;
  }

  private carry(tableId: string, prev: LoadedRound | null, kernel: AnyKernel, open: KernelCommand): KernelCommand | null {
    if (!prev || prev.kernel !== kernel || this.newShoe.has(tableId)) return null;
    const carry = definitionOf(kernel)?.carry;
    if (!carry) return null;
    try {
      return (carry.next(prev.state as never, open.at) as KernelCommand | null) ?? null;
    } catch (e) {
      this.log.warn(`shoe carry for ${tableId} skipped: ${(e as Error).message}`);
      return null;
    }
  }
}
