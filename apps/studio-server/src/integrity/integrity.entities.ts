import type { FeatureSchema } from '../persistence/entities.js';
import { PlayerFlags1764900000000 } from './migrations/1764900000000-player-flags.js';
import { PlayerFlagEntity } from './player-flag.entity.js';

/** The integrity module's tables: the pit's flags on player accounts (collected by src/server-schema.ts). */
export const INTEGRITY_SCHEMA: FeatureSchema = { entities: [PlayerFlagEntity], migrations: [PlayerFlags1764900000000] };
