import type { FeatureSchema } from '../persistence/entities.js';
import { Trust1763800000000 } from './migrations/1763800000000-trust.js';
import { RefreshFamilies1764150000000 } from './migrations/1764150000000-refresh-families.js';
import { UserTotp1764710000000 } from './migrations/1764710000000-user-totp.js';
import { LaunchCodes1764720000000 } from './migrations/1764720000000-launch-codes.js';
import { AppUserEntity, LaunchCodeEntity, UserTotpEntity } from './user.entity.js';

/** The auth module's tables (collected by the composition root, src/server-schema.ts). */
export const AUTH_SCHEMA: FeatureSchema = { entities: [AppUserEntity, UserTotpEntity, LaunchCodeEntity], migrations: [Trust1763800000000, RefreshFamilies1764150000000, UserTotp1764710000000, LaunchCodes1764720000000] };
