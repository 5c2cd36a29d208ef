import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import { FELT_CONFIG, type FeltConfig } from '../config/config.js';
import { codedError } from '../shared/error-codes.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { DEFAULT_CURRENCY, depositPosting, playerAccount } from '../shared/ledger.rules.js';

export const DepositBody = z
  .object({
    playerId: z.string().min(1).max(120),
    amountMinor: z.number().int().positive().max(1_000_000_000),
    currency: z.string().regex(/^[A-Z]{3}$/).default(DEFAULT_CURRENCY),
    /** Idempotency key of the deposit (the same id twice is one deposit). */
    depositId: z.string().min(1).max(120).optional(),
    reason: z.string().min(1).max(500),
  })
  .strict();

export interface Balance {
  readonly playerId: string;
  readonly currency: string;
  readonly balanceMinor: number;
}

/** Demo top-up: a player's balance is raised back to this amount (embedded demo mode only). */
export const DEMO_TOP_UP_MINOR = 100_000;

/** The internal wallet (docs/architecture.md wallet mode `internal`): balances are ledger accounts. */
@Injectable()
export class WalletService {
  constructor(
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(FELT_CONFIG) private readonly config: FeltConfig,
  ) {}

  async balance(playerId: string, currency: string = DEFAULT_CURRENCY): Promise<Balance> {
    const balanceMinor = await this.uow.run((tx) => tx.ledger.balance(playerAccount(playerId), currency));
    return { playerId, currency, balanceMinor };
  }

  /** Admin deposit (funding → player), audited. Idempotent by depositId. Returns whether it was new. */
  async deposit(by: AuthUser, body: unknown): Promise<{ depositId: string; created: boolean; balance: Balance }> {
    const d = DepositBody.parse(body);
    const depositId = d.depositId ?? this.ids.next('dep');
    const created = await this.post(depositId, d.playerId, d.amountMinor, d.currency);
    if (created) await this.audit.record({ actor: by.userId, role: by.role, action: 'wallet.deposit', reason: d.reason, target: playerAccount(d.playerId), at: this.clock.now() });
    return { depositId, created, balance: await this.balance(d.playerId, d.currency) };
  }

  /** Seeding / internal deposits (no audit actor): idempotent by id. */
  post(depositId: string, playerId: string, amountMinor: number, currency: string = DEFAULT_CURRENCY): Promise<boolean> {
    const p = depositPosting(depositId, playerId, amountMinor, currency);
    const at = this.clock.now();
    return this.uow.run((tx) => tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at }))));
  }

  /** Demo mode only: tops a player back up to DEMO_TOP_UP_MINOR EUR. */
  async demoTopUp(user: AuthUser): Promise<Balance> {
    if (!this.config.demo) throw codedError('DEMO_ONLY', 'top-ups exist only in the embedded demo mode');
    const current = await this.balance(user.userId);
    const missing = DEMO_TOP_UP_MINOR - current.balanceMinor;
    if (missing > 0) {
      const p = depositPosting(this.ids.next('demo-topup'), user.userId, missing, DEFAULT_CURRENCY);
      const at = this.clock.now();
      const inPlay = await this.uow.run(async (tx) => {
        // Issue 9 finding 10: never mint money for a player with stakes in play (checked in the posting's transaction).
        const open = (await tx.bets.listByPlayer(user.userId, 500)).filter((b) => b.status === 'accepted').length;
        if (open === 0) await tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at })));
        return open;
      });
      if (inPlay > 0) throw codedError('STAKES_IN_PLAY', `no top-up while ${inPlay} bet(s) of yours are in play; wait for the round to settle`);
    }
    return this.balance(user.userId);
  }
}
