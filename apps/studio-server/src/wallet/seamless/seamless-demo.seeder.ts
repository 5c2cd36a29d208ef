import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { FELT_CONFIG, type FeltConfig } from '../../config/config.js';
import { OperatorWalletSim } from './operator-wallet.sim.js';
import { SeamlessService } from './seamless.service.js';

export const DEMO_OPERATOR_ID = 'op-demo';
/** The demo player whose money lives at the simulated operator (the other demo players stay on the internal ledger). */
export const DEMO_SEAMLESS_PLAYER = 'player3';
export const DEMO_OPERATOR_BALANCE_MINOR = 100_000;

/**
 * Embedded demo only (issue 12 point 1): starts the simulated operator wallet in-process on a free port
 * and registers `op-demo` (seamless, EUR) with player3 as its player, so `npm start` / `felt studio` shows
 * bets debited at an operator. FELT_DEMO_SEAMLESS=0 leaves everyone on the internal ledger; an admin
 * switches the operator with `PUT /admin/operators/op-demo` (`walletMode: internal|seamless`).
 */
@Injectable()
export class SeamlessDemoSeeder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('SeamlessDemo');
  sim: OperatorWalletSim | null = null;

  constructor(
    @Inject(FELT_CONFIG) private readonly config: FeltConfig,
    private readonly seamless: SeamlessService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.demo || this.config.demoSeamless !== true) return;
    const secret = randomBytes(24).toString('hex');
    const sim = new OperatorWalletSim('EUR', secret);
    await sim.start();
    this.sim = sim;
    const token = sim.addPlayer(`ext-${DEMO_SEAMLESS_PLAYER}`, DEMO_OPERATOR_BALANCE_MINOR, `demo-session-${randomBytes(6).toString('hex')}`);
    const existing = await this.seamless.repo.operator(DEMO_OPERATOR_ID);
    // the mode an admin chose survives a restart; the simulated wallet's address and secret are new each run
    await this.seamless.upsertOperator({ operatorId: DEMO_OPERATOR_ID, walletMode: existing?.walletMode ?? 'seamless', baseUrl: sim.url, secret, currencies: ['EUR'], timeoutMs: 2_000 });
    await this.seamless.linkPlayer({ playerId: DEMO_SEAMLESS_PLAYER, operatorId: DEMO_OPERATOR_ID, externalUser: `ext-${DEMO_SEAMLESS_PLAYER}`, token, currency: 'EUR' });
    this.log.log({ msg: 'simulated operator wallet', operatorId: DEMO_OPERATOR_ID, url: sim.url, player: DEMO_SEAMLESS_PLAYER, balanceMinor: DEMO_OPERATOR_BALANCE_MINOR });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sim?.stop();
  }
}
