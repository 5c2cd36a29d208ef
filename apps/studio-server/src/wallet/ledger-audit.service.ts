import { Inject, Injectable } from '@nestjs/common';
import { LEDGER_READER, type LedgerReader } from '../persistence/persistence.common.js';
import { checkLedgerInvariants, type LedgerInvariantViolation } from '../shared/ledger.rules.js';

export interface LedgerCheckReport {
  readonly ok: boolean;
  readonly entries: number;
  readonly bets: number;
  readonly totals: Readonly<Record<string, number>>;
  readonly violations: readonly LedgerInvariantViolation[];
}

/**
 * The ledger invariant (issue §5), run by tests after every scenario and exposed to admins:
 * Σ entries = 0 per currency, no player / in-play balance negative, every bet debited once and
 * settled-or-refunded exactly once when its round is finished.
 */
@Injectable()
export class LedgerAuditService {
  constructor(@Inject(LEDGER_READER) private readonly reader: LedgerReader) {}

  async check(): Promise<LedgerCheckReport> {
    const snap = await this.reader.snapshot();
    const totals: Record<string, number> = {};
    for (const e of snap.entries) totals[e.currency] = (totals[e.currency] ?? 0) + e.amountMinor;
    const violations = checkLedgerInvariants(
      snap.entries,
      snap.bets.map((b) => ({ betId: b.betId, roundId: b.roundId, status: b.status, roundFinished: snap.finishedRoundIds.has(b.roundId) })),
    );
    return { ok: violations.length === 0, entries: snap.entries.length, bets: snap.bets.length, totals, violations };
  }
}
