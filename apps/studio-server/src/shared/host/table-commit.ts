import type { Posting } from '../ledger.rules.js';
import type { NewRoundEvent, StoredRoundEvent, Tx } from '../ports/persistence.port.js';

/** One committed change of a table, whatever its program: its events and the ledger's side of it. */
export interface TableChangeToCommit {
  /** The event stream: a round's id (referee games) or `poker:<tableId>` (live poker). */
  readonly stream: string;
  readonly tableId: string;
  /** The stream's seq the change follows (a concurrent writer fails the append: nothing is written). */
  readonly expectedSeq: number;
  readonly events: readonly NewRoundEvent[];
  readonly causationId: string | null;
  /** The ledger's side of the change (`TableRules.postings`), posted in order after the events. */
  readonly postings: readonly Posting[];
  /** Server-clock time of the postings. */
  readonly at: number;
  /**
   * The program's own rows of the SAME transaction, written right after the events and before `postings`
   * (the referee's read model, bet rows and bet postings, which keep their own batching and order).
   */
  readonly alsoWrite?: (tx: Tx, appended: readonly StoredRoundEvent[]) => Promise<void>;
}

/**
 * The one commit step of the table host (issue 19 §2 "one commit path"; non-negotiable 2): a change's
 * events are appended to its stream and its ledger postings posted in ONE transaction (`tx`, the caller's
 * unit of work) — both programs (`RoundCommitter`, `PokerTableWriter`) commit through it. Answers the
 * stored events and the players whose wallet the postings moved (the fan-out refreshes their balances).
 */
export async function commitTableChange(tx: Tx, c: TableChangeToCommit): Promise<{ readonly appended: StoredRoundEvent[]; readonly touched: readonly string[] }> {
  const appended = await tx.events.append(c.stream, c.tableId, c.expectedSeq, c.events, c.causationId);
  await c.alsoWrite?.(tx, appended);
  const touched = new Set<string>();
  for (const p of c.postings) {
    if (p.entries.length === 0) continue;
    await tx.ledger.post(p.postingId, p.entries.map((x) => ({ ...x, at: c.at })));
    for (const x of p.entries) if (x.account.startsWith('player:')) touched.add(x.account.split(':')[1] as string);
  }
  return { appended, touched: [...touched] };
}
