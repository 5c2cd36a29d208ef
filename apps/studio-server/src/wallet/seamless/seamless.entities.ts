import type { FeatureSchema } from '../../persistence/entities.js';
import { SeamlessWallet1764100000000 } from './migrations/1764100000000-seamless-wallet.js';
import { OperatorRsa1764730000000 } from './migrations/1764730000000-operator-rsa.js';
import { OperatorRequestSeen1764700000000 } from './migrations/1764700000000-operator-request-seen.js';
import { OperatorEntity, OperatorPlayerEntity, OperatorRequestSeenEntity, WalletTransactionEntity } from './seamless.entity.js';

/** The seamless wallet's tables (collected by the composition root, src/server-schema.ts). */
export const SEAMLESS_SCHEMA: FeatureSchema = { entities: [OperatorEntity, OperatorPlayerEntity, WalletTransactionEntity, OperatorRequestSeenEntity], migrations: [SeamlessWallet1764100000000, OperatorRequestSeen1764700000000, OperatorRsa1764730000000] };
