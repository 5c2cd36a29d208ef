/** HTTP bodies and answers of the operator routes (issue 12 point 1; moved from the server's seamless module, issue 19 §5: the server and the SDK share them). */
import { z } from 'zod';

/** How an operator's players are paid: our internal wallet, or the operator's seamless wallet API. */
export const WALLET_MODES = ['internal', 'seamless'] as const;
export type WalletMode = (typeof WALLET_MODES)[number];

/** How Felt and an operator sign their calls to each other (issue 22 §16): HMAC-SHA256, or RSA-SHA256 per operator. */
export const SIGNATURE_SCHEMES = ['hmac', 'rsa'] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

const currency = z.string().regex(/^[A-Z]{3}$/);
const id = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);

export const OperatorIdSchema = id;

/** PUT /admin/operators/{operatorId}: create or change an operator (admin). */
export const OperatorConfigBody = z
  .object({
    walletMode: z.enum(WALLET_MODES),
    /** Issue 22 §16: how requests are signed, both directions: `hmac` (default, `secret`) or `rsa` (`publicKey` is the operator's; Felt signs with its own key). */
    signature: z.enum(SIGNATURE_SCHEMES).default('hmac'),
    /** RSA: the operator's public key (PEM). */
    publicKey: z.string().min(100).max(10_000).nullable().default(null),
    /** The operator's seamless wallet API (POST /transaction/bet|win|rollback are appended). */
    baseUrl: z.url({ protocol: /^https?$/ }),
    /** Signs our calls and verifies theirs (HMAC-SHA256 of `<timestamp>.<body>`, headers X-Felt-Timestamp + X-Felt-Signature). */
    secret: z.string().min(16).max(200),
    currencies: z.array(currency).min(1).max(50),
    timeoutMs: z.number().int().min(100).max(30_000).default(2_000),
  })
  .strict();

export const OperatorViewSchema = z.object({
  operatorId: z.string(),
  walletMode: z.enum(WALLET_MODES),
  signature: z.enum(SIGNATURE_SCHEMES).optional(),
  publicKey: z.string().nullable().optional(),
  baseUrl: z.string(),
  currencies: z.array(z.string()),
  timeoutMs: z.number().int(),
});

/** POST /operator/v1/sessions (signed by the operator): a Felt player is the operator's player with this session token. */
export const OperatorSessionBody = z
  .object({
    playerId: id,
    /** The operator's id of the player (`user` in the wallet calls). */
    user: z.string().min(1).max(120),
    /** The player's session token at the operator (sent with every debit). */
    token: z.string().min(1).max(500),
    currency,
  })
  .strict();

export const PlayerLinkSchema = z.object({ playerId: z.string(), operatorId: z.string(), user: z.string(), currency: z.string() });

export const ReconciliationQuerySchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional() }).strict();

const money = z.number().int();
export const ReconciliationReportSchema = z.object({
  operatorId: z.string(),
  day: z.string(),
  acknowledged: z.object({ debitsMinor: money, creditsMinor: money, rollbacksMinor: money, netMinor: money }),
  ledger: z.object({ inMinor: money, outMinor: money, netMinor: money }),
  bets: z.number().int(),
  pending: z.number().int(),
  dead: z.number().int(),
  differences: z.array(z.object({ betId: z.string(), ledgerNetMinor: money, acknowledgedNetMinor: money, calls: z.array(z.string()) })),
  balanced: z.boolean(),
});

/** POST /admin/operators/{operatorId}/dead-letter/retry: which dead-lettered calls to re-queue (default: all of the operator's), and why (audited). */
export const DeadLetterRetryBody = z.object({ transactionUuids: z.array(z.string().min(1).max(120)).min(1).max(1_000).optional(), reason: z.string().trim().min(3).max(500) }).strict();
export const DeadLetterRowSchema = z.object({ transactionUuid: z.string(), betId: z.string(), playerId: z.string(), kind: z.enum(['debit', 'credit', 'rollback']), amountMinor: money, attempts: z.number().int(), lastError: z.string().nullable(), day: z.string(), at: z.number() });
export const DeadLetterRetryResultSchema = z.object({ operatorId: z.string(), requeued: z.array(z.string()) });

/**
 * POST /operator/v1/launch (signed by the operator; issue 22 §16): open a game for the operator's player. Felt asks
 * the operator's `/user/info` with the token, creates or finds the Felt player, and answers a one-time URL.
 */
export const OperatorLaunchBody = z
  .object({
    /** The operator's id of the player. */
    user: z.string().min(1).max(120),
    /** The player's session token at the operator. */
    token: z.string().min(1).max(500),
    currency,
    /** The table to open (a Felt table id); the lobby when absent. */
    tableId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
    /** The player's language (the client's `lang`): en or sv. */
    lang: z.enum(['en', 'sv']).optional(),
  })
  .strict();

export const OperatorLaunchResultSchema = z.object({ url: z.string(), playerId: z.string(), expiresAt: z.number().int() });

/** `GET /admin/operators` row. */
export type OperatorView = z.output<typeof OperatorViewSchema>;
/** `GET /admin/operators/{id}/reconciliation`: per UTC day, our ledger (operator clearing account) against the operator's acknowledgements. */
export type ReconciliationReport = z.output<typeof ReconciliationReportSchema>;
/** `GET /admin/operators/{id}/dead-letter`: a wallet call that exhausted its retries. */
export type DeadLetterRow = z.output<typeof DeadLetterRowSchema>;
