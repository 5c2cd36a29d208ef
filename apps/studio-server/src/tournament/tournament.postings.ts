import type { tournament } from '@felt-studio/games';
import { HOUSE_ACCOUNT, playerAccount, seamlessOutPosting, type Posting } from '../shared/ledger.rules.js';

/**
 * The ledger side of a tournament (issue 24; docs/tournaments.md). Pure. Accounts:
 *  - `tournament:<tournamentId>` — the prize pool: the buy-ins (startavgifter) in, the prizes and refunds out; 0 once it ended.
 *  - `house` — the fees (anmälningsavgifter) in, fee refunds out (S1-FAIL-STT/MTT).
 * Postings (idempotent by id): `tournament-entry:<tid>:<entryId>` (player → pool + house), `tournament-pay:<tid>:<entryId>:<kind>`.
 */

export const poolAccount = (tournamentId: string): string => `tournament:${tournamentId}`;
export const entryPostingId = (tournamentId: string, entryId: string): string => `tournament-entry:${tournamentId}:${entryId}`;
/** The seamless operator's round of an entry (a session of one debit: the entry's id). */
export const seamlessRoundOf = (tournamentId: string, entryId: string): string => `tournament:${tournamentId}:${entryId}`;

/** An entry (TRN-REG): buy-in + fee out of the player's wallet, the buy-in into the pool, the fee to the house. */
export function entryPosting(def: tournament.TournamentDef, entryId: string, userId: string): Posting {
  const c = def.currency;
  const memo = `tournament ${def.tournamentId} entry ${entryId}`;
  const entries = [
    { account: playerAccount(userId), currency: c, amountMinor: -(def.buyInMinor + def.feeMinor), memo },
    { account: poolAccount(def.tournamentId), currency: c, amountMinor: def.buyInMinor, memo },
    { account: HOUSE_ACCOUNT, currency: c, amountMinor: def.feeMinor, memo },
  ].filter((e) => e.amountMinor !== 0);
  return { postingId: entryPostingId(def.tournamentId, entryId), entries };
}

/**
 * The prizes and refunds of a finish or a cancellation, one posting per line: prizes and buy-in refunds from the
 * pool, fee refunds from the house. A seamless entry's total goes on to its operator (`seamless-out:<entryId>`) in
 * the same change; the seamless sweep then credits it (the entry's debit's round closed).
 */
export function payoutPostings(def: tournament.TournamentDef, payouts: readonly tournament.Payout[], seamless: ReadonlyMap<string, string>): Posting[] {
  const c = def.currency;
  const out: Posting[] = [];
  const toOperator = new Map<string, { userId: string; amountMinor: number }>();
  payouts.forEach((p, i) => {
    if (p.amountMinor <= 0) return;
    const from = p.kind === 'fee-refund' ? HOUSE_ACCOUNT : poolAccount(def.tournamentId);
    const memo = `tournament ${def.tournamentId} ${p.kind}${p.place === null ? '' : ` place ${p.place}${p.placeTo !== p.place ? `-${String(p.placeTo)}` : ''}`} (${p.rule})`;
    out.push({ postingId: `tournament-pay:${def.tournamentId}:${p.entryId ?? `p${i}`}:${p.kind}`, entries: [{ account: from, currency: c, amountMinor: -p.amountMinor, memo }, { account: playerAccount(p.playerId), currency: c, amountMinor: p.amountMinor, memo }] });
    if (p.entryId !== null && seamless.has(p.entryId)) {
      const t = toOperator.get(p.entryId) ?? { userId: p.playerId, amountMinor: 0 };
      toOperator.set(p.entryId, { userId: t.userId, amountMinor: t.amountMinor + p.amountMinor });
    }
  });
  for (const [entryId, t] of toOperator) out.push(seamlessOutPosting(seamless.get(entryId) as string, entryId, t.userId, t.amountMinor, c));
  return out;
}
