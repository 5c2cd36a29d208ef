/**
 * The operator's seamless-wallet API as Felt calls it (issue 12 point 1), in the shape of the widely
 * integrated Hub88-style contracts: the player's session `token`, a `transaction_uuid` per call (the
 * idempotency key), `reference_transaction_uuid` naming the debit a credit or rollback refers to, the
 * `round` id with `round_closed`, integer minor units per currency, and a `status` code on every answer.
 */
import { z } from 'zod';

/**
 * The documented answer codes (RS_OK or an error): the full set aggregators use (issue 22 §16), each with what
 * it means for Felt in `outcomeOf` and in docs/operator-integration.md.
 */
export const SEAMLESS_STATUS = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_LIMIT_REACHED',
] as const;
export type SeamlessStatus = (typeof SEAMLESS_STATUS)[number];

const uuid = z.string().min(1).max(120);
const common = {
  request_uuid: uuid,
  transaction_uuid: uuid,
  user: z.string().min(1),
  currency: z.string().regex(/^[A-Z]{3}$/),
  round: z.string().min(1),
  round_closed: z.boolean(),
  /** The game the round is of (`felt_<game id>`, e.g. `felt_roulette`): the operator's reports and limits per game. Optional for calls journaled before it existed. */
  game_code: z.string().min(1).max(64).optional(),
};

/** `game_code` of a Felt game (its manifest id). */
export const gameCodeOf = (game: string): string => `felt_${game}`;

/** POST /transaction/bet — a bet accepted by Felt debits the player. */
export const DebitRequestSchema = z.object({ ...common, token: z.string().min(1), bet: z.string().min(1), amount: z.number().int().positive() });
/** POST /transaction/win — settlement or refund credits the player; valid after the session expired (no token check). */
export const CreditRequestSchema = z.object({ ...common, token: z.string().min(1).optional(), reference_transaction_uuid: uuid, amount: z.number().int().min(0) });
/** POST /transaction/rollback — undo a debit whose bet was not accepted (or a voided round). */
export const RollbackRequestSchema = z.object({ ...common, token: z.string().min(1).optional(), reference_transaction_uuid: uuid });
/** POST /user/balance — the player's balance at the operator (what a seamless player's client shows). */
export const BalanceRequestSchema = z.object({ request_uuid: uuid, user: z.string().min(1), token: z.string().min(1), currency: z.string().regex(/^[A-Z]{3}$/) });
export const BALANCE_PATH = '/user/balance';
/** POST /user/info — who the session's player is (country, currency, display name): asked at a game launch. */
export const UserInfoRequestSchema = z.object({ request_uuid: uuid, user: z.string().min(1), token: z.string().min(1) });
export const USER_INFO_PATH = '/user/info';
export const UserInfoAnswerSchema = z.object({ status: z.enum(SEAMLESS_STATUS), request_uuid: z.string(), user: z.string().optional(), currency: z.string().optional(), country: z.string().optional(), display_name: z.string().optional() });
export type UserInfoAnswer = z.infer<typeof UserInfoAnswerSchema>;
export const WalletAnswerSchema = z.object({ status: z.enum(SEAMLESS_STATUS), request_uuid: z.string(), user: z.string().optional(), currency: z.string().optional(), balance: z.number().int().optional() });

export type DebitRequest = z.infer<typeof DebitRequestSchema>;
export type CreditRequest = z.infer<typeof CreditRequestSchema>;
export type RollbackRequest = z.infer<typeof RollbackRequestSchema>;
export type BalanceRequest = z.infer<typeof BalanceRequestSchema>;
export type WalletAnswer = z.infer<typeof WalletAnswerSchema>;
export type WalletCall =
  | { readonly kind: 'debit'; readonly body: DebitRequest }
  | { readonly kind: 'credit'; readonly body: CreditRequest }
  | { readonly kind: 'rollback'; readonly body: RollbackRequest };

export const WALLET_PATHS: Readonly<Record<WalletCall['kind'], string>> = { debit: '/transaction/bet', credit: '/transaction/win', rollback: '/transaction/rollback' };

/**
 * What an answer means for Felt (pure): `done` — the operator has it (a duplicate of a done call is done:
 * idempotency); `refused` — a final no (a debit refused rejects the bet); `retry` — unknown outcome
 * (timeout, network, 5xx, RS_ERROR_UNKNOWN): never assumed accepted, retried with the same uuid.
 */
export type Outcome = { readonly type: 'done'; readonly balance: number | null } | { readonly type: 'refused'; readonly status: SeamlessStatus } | { readonly type: 'retry'; readonly reason: string };

export function outcomeOf(kind: WalletCall['kind'], answer: WalletAnswer | { readonly transport: string }): Outcome {
  if ('transport' in answer) return { type: 'retry', reason: answer.transport };
  switch (answer.status) {
    case 'RS_OK':
    case 'RS_ERROR_DUPLICATE_TRANSACTION':
      return { type: 'done', balance: answer.balance ?? null };
    case 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST':
      // a rollback of a debit the operator never booked: nothing to undo — done; for a credit it is a final refusal
      return kind === 'rollback' ? { type: 'done', balance: answer.balance ?? null } : { type: 'refused', status: answer.status };
    case 'RS_ERROR_UNKNOWN':
      return { type: 'retry', reason: 'RS_ERROR_UNKNOWN' };
    case 'RS_ERROR_TRANSACTION_ROLLED_BACK':
      // a credit for a debit the operator already rolled back: the money went back to the player — final
      return kind === 'rollback' ? { type: 'done', balance: answer.balance ?? null } : { type: 'refused', status: answer.status };
    case 'RS_ERROR_INVALID_PARTNER':
    case 'RS_ERROR_INVALID_SIGNATURE':
      // our operator configuration or key is wrong (an alert says so): a debit is refused; money owed is retried until it is fixed
      return kind === 'debit' ? { type: 'refused', status: answer.status } : { type: 'retry', reason: answer.status };
    case 'RS_ERROR_INVALID_TOKEN':
    case 'RS_ERROR_TOKEN_EXPIRED':
      // credits and rollbacks never need a live session: an operator refusing them for the token is retried
      return kind === 'debit' ? { type: 'refused', status: answer.status } : { type: 'retry', reason: answer.status };
    case 'RS_ERROR_WRONG_CURRENCY':
    case 'RS_ERROR_NOT_ENOUGH_MONEY':
    case 'RS_ERROR_USER_DISABLED':
    case 'RS_ERROR_LIMIT_REACHED':
    case 'RS_ERROR_WRONG_SYNTAX':
    case 'RS_ERROR_WRONG_TYPES':
    case 'RS_ERROR_INVALID_GAME':
      return kind === 'debit' ? { type: 'refused', status: answer.status } : { type: 'retry', reason: answer.status };
  }
}
