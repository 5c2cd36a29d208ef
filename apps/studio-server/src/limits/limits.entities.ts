import type { FeatureSchema } from '../persistence/entities.js';
import { PlayerLimits1764000000000 } from './migrations/1764000000000-player-limits.js';

/** The limits module's tables (plain SQL, no entity; collected by src/server-schema.ts). */
export const LIMITS_SCHEMA: FeatureSchema = { entities: [], migrations: [PlayerLimits1764000000000] };
