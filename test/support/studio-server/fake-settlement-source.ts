/**
 * A small, real stand-in for the rounds side used by platform tests: it keeps rounds and bets in the
 * persistence ports exactly as the rounds engineer will (bet acceptance = one uow.run with the debit),
 * settles by a simple rule (`outcomes[betId]`), and marks rounds settled through the read model.
 */
import type { Settlement, SettlementLine } from '@felt-studio/games';
import { Inject, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import type { UnitOfWork } from '../../../apps/studio-server/src/shared/ports/persistence.port.js';
import { betDebitPosting } from '../../../apps/studio-server/src/shared/ledger.rules.js';
import { SETTLEMENT_SOURCE, type SettlementSource } from '../../../apps/studio-server/src/shared/ports/settlement.port.js';
import type { LateBound } from '../../../apps/studio-server/src/shared/ports/late-bound.js';

export class FakeRounds implements SettlementSource {
  /** betId → total return (absent = lose). */
  readonly returns = new Map<string, number>();
  readonly voided = new Set<string>();
  /** Bets the round settled early (the kernel's BetsSettled): listed by earlyLinesFor, left out of linesFor. */
  readonly early = new Set<string>();
  linesCalls = 0;
  markCalls = 0;
  /** Throw from linesFor this many more times (retry tests). */
  failLines = 0;
  failMark = 0;
  uow: UnitOfWork | null = null;

  private get u(): UnitOfWork {
    if (this.uow === null) throw new Error('FakeRounds.uow not set');
    return this.uow;
  }

  async openRound(roundId: string, at: number): Promise<void> {
    await this.u.run((tx) => tx.rounds.upsert({ roundId, tableId: 'tbl_1', game: 'roulette', seq: 1, phase: 'betting', state: {}, openedAt: at, updatedAt: at }));
  }

  async placeBet(roundId: string, betId: string, playerId: string, stakeMinor: number, at: number): Promise<void> {
    await this.u.run(async (tx) => {
      await tx.bets.insert({ betId, roundId, tableId: 'tbl_1', playerId, spot: 'red', kind: 'red', stakeMinor, currency: 'EUR', status: 'accepted', returnMinor: null, placedAt: at, settledAt: null });
      const p = betDebitPosting({ betId, playerId, stakeMinor });
      await tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at })));
    });
  }

  async resolve(roundId: string, at: number, phase: 'resolved' | 'void' = 'resolved'): Promise<void> {
    if (phase === 'void') this.voided.add(roundId);
    await this.u.run(async (tx) => {
      const r = await tx.rounds.get(roundId);
      if (r === null) throw new Error(`no round ${roundId}`);
      await tx.rounds.upsert({ ...r, phase, updatedAt: at });
    });
  }

  async linesFor(roundId: string): Promise<Settlement> {
    this.linesCalls += 1;
    if (this.failLines > 0) {
      this.failLines -= 1;
      throw new Error('rounds store unavailable');
    }
    const voided = this.voided.has(roundId);
    const bets = (await this.u.run((tx) => tx.bets.listByRound(roundId))).filter((b) => b.status !== 'cancelled');
    const lines: SettlementLine[] = bets.map((b) => {
      const ret = voided && !this.early.has(b.betId) ? b.stakeMinor : (this.returns.get(b.betId) ?? 0);
      return { betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: ret, outcome: voided && !this.early.has(b.betId) ? 'refund' : ret > b.stakeMinor ? 'win' : ret === b.stakeMinor ? 'push' : 'lose', rules: ['TEST'] };
    });
    const houseResultMinor = lines.reduce((a, l) => a + l.stakeMinor - l.returnMinor, 0);
    const early = lines.filter((l) => this.early.has(l.betId));
    if (early.length === 0) return { roundId, voided, lines, houseResultMinor };
    return { roundId, voided, lines: lines.filter((l) => !this.early.has(l.betId)), early, houseResultMinor };
  }

  async earlyLinesFor(roundId: string): Promise<readonly SettlementLine[]> {
    const s = await this.linesFor(roundId);
    this.linesCalls -= 1;
    return s.early ?? [];
  }

  async markSettled(roundId: string, at: number): Promise<void> {
    this.markCalls += 1;
    if (this.failMark > 0) {
      this.failMark -= 1;
      throw new Error('event store unavailable');
    }
    await this.u.run(async (tx) => {
      const r = await tx.rounds.get(roundId);
      if (r === null) throw new Error(`no round ${roundId}`);
      if (r.phase !== 'void') await tx.rounds.upsert({ ...r, phase: 'settled', updatedAt: at });
    });
  }
}

/** Binds a FakeRounds instance as the SETTLEMENT_SOURCE port (as RoundsModule binds its source). */
export function fakeSettlementSourceModule(fake: FakeRounds): DynamicModule {
  @Module({})
  class FakeSettlementSourceModule implements OnModuleInit {
    constructor(@Inject(SETTLEMENT_SOURCE) private readonly sources: LateBound<SettlementSource>) {}

    onModuleInit(): void {
      this.sources.bind(fake);
    }
  }
  return { module: FakeSettlementSourceModule };
}
