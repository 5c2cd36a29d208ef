/**
 * The registry of every TypeORM entity and migration of the studio server (one DataSource).
 * Other modules' entities (tables: ROUNDS) are listed here too, so PGlite and PostgreSQL run the same set.
 */
import type { MixedList } from 'typeorm';
import { AlertEntity } from '../alerts/alert.entity.js';
import { AlertAcks1763900000000 } from '../alerts/migrations/1763900000000-alert-acks.js';
import { AuditLogEntity } from '../audit/audit-log.entity.js';
import { AppUserEntity } from '../auth/user.entity.js';
import { Trust1763800000000 } from '../auth/migrations/1763800000000-trust.js';
import { RefreshFamilies1764150000000 } from '../auth/migrations/1764150000000-refresh-families.js';
import { PlayerLimits1764000000000 } from '../limits/migrations/1764000000000-player-limits.js';
import { DeviceCredentialEntity } from '../mqtt/device-credential.entity.js';
import { PendingRequests1763800000000 } from '../rounds/migrations/1763800000000-pending-requests.js';
import { PendingRequestEntity } from '../rounds/pending-request.entity.js';
import { TableEntity } from '../tables/table.entity.js';
import { StudioTables1763700000000 } from '../tables/migrations/1763700000000-studio-tables.js';
import { BetEntity } from './bet.entity.js';
import { SeamlessWallet1764100000000 } from '../wallet/seamless/migrations/1764100000000-seamless-wallet.js';
import { OperatorEntity, OperatorPlayerEntity, WalletTransactionEntity } from '../wallet/seamless/seamless.entity.js';
import { AccountBalanceEntity, LedgerEntryEntity, LedgerPostingEntity } from './ledger.entity.js';
import { Initial1763690000000 } from './migrations/1763690000000-initial.js';
import { RoundEventEntity } from './round-event.entity.js';
import { RoundEntity } from './round.entity.js';
import { BetFillfactor1764200000000 } from './migrations/1764200000000-bet-fillfactor.js';
import { PokerTables1764300000000 } from '../poker/migrations/1764300000000-poker-tables.js';
import { PokerTableEntity } from '../poker/poker-table.repository.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const ENTITIES: MixedList<Function> = [
  RoundEventEntity,
  RoundEntity,
  BetEntity,
  LedgerPostingEntity,
  LedgerEntryEntity,
  AccountBalanceEntity,
  AppUserEntity,
  AuditLogEntity,
  AlertEntity,
  TableEntity,
  DeviceCredentialEntity,
  PendingRequestEntity,
  OperatorEntity,
  OperatorPlayerEntity,
  WalletTransactionEntity,
  PokerTableEntity,
];

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const MIGRATIONS: MixedList<Function> = [Initial1763690000000, StudioTables1763700000000, Trust1763800000000, PendingRequests1763800000000, AlertAcks1763900000000, PlayerLimits1764000000000, SeamlessWallet1764100000000, RefreshFamilies1764150000000, BetFillfactor1764200000000, PokerTables1764300000000];
