import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { FELT_CONFIG, type FeltConfig } from '../config/config.js';
import { AuthService } from './auth.service.js';

/**
 * The first admin outside the demo (issue 9 finding 10): FELT_ADMIN_USER / FELT_ADMIN_PASSWORD (from the
 * env file `felt secrets` generates) create that admin at start when the username is free. Never a known
 * password: the demo logins exist only in the embedded demo.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');
  constructor(
    @Inject(FELT_CONFIG) private readonly config: FeltConfig,
    private readonly auth: AuthService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const admin = this.config.bootstrapAdmin;
    if (admin === null || admin === undefined) return;
    const created = await this.auth.createUser({ userId: `adm_${admin.username}`, username: admin.username, name: admin.username, role: 'admin', password: admin.password });
    if (created) this.logger.log(`admin ${admin.username} created from FELT_ADMIN_USER`);
  }
}
