import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Settlement, SettlementLine } from '@felt-studio/games';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { RoundsService } from './rounds.service.js';
import { TABLE_ROUTER, type TableRouterPort } from '../shared/ports/cluster.port.js';

/**
 * SETTLEMENT_SOURCE (contract with the platform's settlement processor): the lines of a resolved or
 * void round come from `kernel.settle` on the state rebuilt from its events; `markSettled` appends
 * the kernel's RoundSettled through the one write path. Both are idempotent.
 */
@Injectable()
export class RoundsSettlementSource {
  constructor(
    private readonly rounds: RoundsService,
    /** Several instances (issue 13): the postings are made by any worker, the round's RoundSettled by its table's owner. */
    @Optional() @Inject(TABLE_ROUTER) private readonly router: TableRouterPort | null = null,
  ) {}

  /**
   * The round's fold: the cached one when the event log holds nothing after its seq (one indexed read
   * that returns no rows), else rebuilt from the stored events. The money follows what was committed;
   * a 100 000-bet round is no longer replayed twice per settlement (issue 13).
   */
  private async committed(roundId: string): Promise<Awaited<ReturnType<RoundsService['round']>>> {
    const cached = await this.rounds.round(roundId);
    if (cached && (await this.rounds.loadEvents(roundId, cached.state.seq)).length === 0) return cached;
    return this.rounds.round(roundId, { fresh: true });
  }

  async linesFor(roundId: string): Promise<Settlement> {
    const r = await this.committed(roundId);
    if (!r) throw new Error(`settlement: no round ${roundId}`);
    const s = r.kernel.settle(r.state);
    // Throwing makes the job retry, then dead-letter with an alert (STYLE.md "Errors").
    if (!s.ok) throw new Error(`settlement: round ${roundId} cannot be settled: ${s.violation.code} ${s.violation.message}`);
    return s.value;
  }

  async earlyLinesFor(roundId: string): Promise<readonly SettlementLine[]> {
    const r = await this.committed(roundId);
    if (!r) throw new Error(`settlement: no round ${roundId}`);
    return (r.state as { early?: readonly SettlementLine[] }).early ?? [];
  }

  async markSettled(roundId: string, at: number): Promise<void> {
    if (this.router === null) return this.markSettledHere(roundId, at);
    const r = await this.committed(roundId);
    if (!r) throw new Error(`settlement: no round ${roundId}`);
    if (r.state.phase === 'settled') return; // replayed settlement
    // The worker that posted may not own the table: the owner appends RoundSettled (one writer per round log).
    const res = await this.router.run(r.tableId, SYSTEM_ACTOR, { op: 'round.mark-settled', input: { roundId, at } });
    // Throwing retries the job (the postings are already there; the retry posts nothing and marks again).
    if (!res.ok) throw new Error(`settlement: mark ${roundId} settled: ${res.violation.code} ${res.violation.message}`);
  }

  /** Append RoundSettled on THIS instance (the table's owner, or the only instance). */
  async markSettledHere(roundId: string, at: number): Promise<void> {
    const r = await this.committed(roundId);
    if (!r) throw new Error(`settlement: no round ${roundId}`);
    if (r.state.phase === 'settled') return; // replayed settlement
    const res = await this.rounds.execute(r.tableId, { type: 'MarkSettled', at }, SYSTEM_ACTOR, { roundId });
    if (res.ok) return;
    // Kernels without RoundSettled for a void round: the refunds are posted, the round is finished.
    if (r.state.phase === 'void') return this.rounds.finalizeVoid(roundId);
    if (res.violation.code !== 'ROUND_NOT_RESOLVED') throw new Error(`settlement: mark ${roundId} settled: ${res.violation.code} ${res.violation.message}`);
  }
}
