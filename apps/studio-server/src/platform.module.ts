import { Module, type DynamicModule } from '@nestjs/common';
import { AlertsModule } from './alerts/alerts.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { FeltConfigModule } from './config/config.module.js';
import { settingOf, type FeltConfig } from './config/config.js';
import { MqttModule } from './mqtt/mqtt.module.js';
import { PersistenceModule } from './persistence/persistence.module.js';
import { SERVER_SCHEMA } from './server-schema.js';
import { SettlementModule } from './settlement/settlement.module.js';
import { WalletModule } from './wallet/wallet.module.js';
import type { DestinationStream } from 'pino';
import { loggerModule } from './ops/logging.js';
import { OpsModule } from './ops/ops.module.js';
import { SharedPortsModule } from './shared/shared-ports.module.js';

/** Every platform module (all global): config, ops, persistence, auth, audit, alerts, wallet, settlement, mqtt. */
@Module({})
export class PlatformModule {
  /** `logDestination`: where pino writes (tests capture it); default stdout. */
  static forRoot(config: FeltConfig, opts: { readonly logDestination?: DestinationStream } = {}): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        FeltConfigModule.forRoot(config),
        loggerModule(config.logLevel ?? 'info', opts.logDestination),
        OpsModule,
        SharedPortsModule,
        PersistenceModule.forRoot(config.database, SERVER_SCHEMA, settingOf(config, 'migrateOnBoot')),
        AuthModule,
        AuditModule,
        AlertsModule,
        WalletModule,
        SettlementModule,
        MqttModule,
      ],
    };
  }
}
