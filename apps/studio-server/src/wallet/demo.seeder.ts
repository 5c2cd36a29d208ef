import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DEMO_PEOPLE, DEMO_ROBOT_USERNAMES, robotUserId } from '@felt-studio/protocol';
import { AuthService } from '../auth/auth.service.js';
import type { Role } from '../auth/auth.types.js';
import { FELT_CONFIG, type FeltConfig } from '../config/config.js';
import { WalletService } from './wallet.service.js';

export const DEMO_PASSWORD = 'demo';
export const DEMO_DEPOSIT_MINOR = 100_000; // 1 000.00 EUR

export const DEMO_USERS: readonly { username: string; name: string; role: Role; userId?: string }[] = [
  ...DEMO_PEOPLE,
  // issue 20 defect 1: the studio's demo players are robots on their own accounts (ids `bot_…`, flagged to staff);
  // player1..3 are left to people
  ...DEMO_ROBOT_USERNAMES.map((username, i) => ({ username, userId: robotUserId(username), name: `Robot ${i + 1}`, role: 'player' as const })),
];

/** Demo users (issue §9: seeded ONLY in the embedded demo mode), players with a 1 000.00 EUR deposit. Idempotent across restarts. */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeeder');
  constructor(
    @Inject(FELT_CONFIG) private readonly config: FeltConfig,
    private readonly auth: AuthService,
    private readonly wallet: WalletService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.demo) return;
    await this.seed();
  }

  async seed(): Promise<void> {
    for (const u of DEMO_USERS) {
      const userId = u.userId ?? u.username;
      const created = await this.auth.createUser({ userId, username: u.username, name: u.name, role: u.role, password: DEMO_PASSWORD });
      if (u.role === 'player') await this.wallet.post(`demo-seed:${u.username}`, userId, DEMO_DEPOSIT_MINOR);
      if (created) this.logger.log(`demo user ${u.username} (${u.role}) created`);
    }
  }
}
